package dev.floe.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Timestamp;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Floe's catalog of {@code type=rest} on Apache Iceberg's REST catalog server, tables written by
 * Iceberg's Spark runtime into S3: every answer is compared with Iceberg's own catalog ({@code
 * iceberg}) on the same server, reading the same tables in the same session.
 */
class TestFloeRestCatalog {
  private static final String FLOE = "floe";
  private static final Pattern AGGREGATE_FILES =
      Pattern.compile(
          "aggregateFiles=\\[fromMetadata=(\\d+), fromDeleteFiles=(\\d+), read=(\\d+)]");

  private static RestStack stack;
  private static SparkSession spark;
  private static List<WrittenTable> tables;

  @BeforeAll
  static void writeTables() {
    stack = RestStack.get();
    IcebergWriter writer = stack.writer();
    tables = List.of(writer.partitionedV2Table("floe_v2"), writer.partitionedV3Table("floe_v3"));
    spark = writer.session();
    FloeCatalogs.register(spark, FLOE, FloeCatalogs.withStaticToken(stack));
  }

  @BeforeEach
  void resetGateway() {
    stack.gateway().reset();
  }

  @Test
  void everySnapshotSelectionReadsIcebergsRows() {
    for (WrittenTable table : tables) {
      List<Long> snapshots = table.snapshotIds();
      List<String> selections =
          List.of(
              "",
              " VERSION AS OF '" + table.tag() + "'",
              " VERSION AS OF '" + table.branch() + "'",
              " VERSION AS OF " + snapshots.get(1),
              " TIMESTAMP AS OF '" + committedAt(table, snapshots.get(1)) + "'");
      for (String selection : selections) {
        String query = "SELECT * FROM %s.db." + table.name() + selection + " ORDER BY id";
        assertThat(rows(query.formatted(FLOE)))
            .as("Floe's rows of %s%s", table.name(), selection)
            .isNotEmpty()
            .containsExactlyElementsOf(rows(query.formatted(IcebergWriter.CATALOG)));
      }
      assertThat(rows("SELECT id FROM floe.db." + table.name() + ".branch_audit ORDER BY id"))
          .as("the branch by identifier, with the row only the branch has")
          .containsExactlyElementsOf(
              rows(
                  "SELECT id FROM iceberg.db."
                      + table.name()
                      + " VERSION AS OF 'audit'"
                      + " ORDER BY id"))
          .contains(org.apache.spark.sql.RowFactory.create(100L));
    }
  }

  @Test
  void metadataTablesMatchIcebergs() {
    for (WrittenTable table : tables) {
      for (String query :
          List.of(
              "SELECT snapshot_id, parent_id, operation FROM %s.db.%s.snapshots"
                  + " ORDER BY committed_at",
              "SELECT content, file_path, record_count, file_size_in_bytes FROM %s.db.%s.files"
                  + " ORDER BY file_path",
              "SELECT name, type, snapshot_id FROM %s.db.%s.refs ORDER BY name",
              "SELECT partition.category, record_count, file_count FROM %s.db.%s.partitions"
                  + " ORDER BY partition.category")) {
        assertThat(rows(query.formatted(FLOE, table.name())))
            .as("Floe's %s", query.formatted(FLOE, table.name()))
            .isNotEmpty()
            .containsExactlyElementsOf(rows(query.formatted(IcebergWriter.CATALOG, table.name())));
      }
    }
  }

  @Test
  void countStarIsAnsweredFromMetadata() {
    for (WrittenTable table : tables) {
      Dataset<Row> count = spark.sql("SELECT COUNT(*) FROM floe.db." + table.name());
      long floeCount = count.collectAsList().get(0).getLong(0);
      long icebergCount = rows("SELECT COUNT(*) FROM iceberg.db." + table.name()).get(0).getLong(0);

      assertThat(floeCount).as("COUNT(*) of %s", table.name()).isEqualTo(icebergCount).isEqualTo(4);
      Matcher files = AGGREGATE_FILES.matcher(count.queryExecution().executedPlan().toString());
      assertThat(files.find()).as("Floe answered the COUNT of %s itself", table.name()).isTrue();
      assertThat(Long.parseLong(files.group(3)))
          .as("data files of %s read row by row for COUNT(*)", table.name())
          .isZero();
    }
  }

  @Test
  void namespacesAndTablesAreTheServers() {
    assertThat(rows("SHOW NAMESPACES IN floe"))
        .as("namespaces")
        .containsExactlyInAnyOrderElementsOf(rows("SHOW NAMESPACES IN iceberg"));
    assertThat(rows("SHOW TABLES IN floe.db").stream().map(row -> row.getString(1)).toList())
        .as("tables of db")
        .contains("floe_v2", "floe_v3")
        .containsExactlyInAnyOrderElementsOf(
            rows("SHOW TABLES IN iceberg.db").stream().map(row -> row.getString(1)).toList());
    assertThatThrownBy(() -> rows("SELECT * FROM floe.db.no_such_table"))
        .as("a table the server does not know")
        .hasMessageContaining("TABLE_OR_VIEW_NOT_FOUND")
        .hasMessageContaining("no_such_table");
    assertThatThrownBy(() -> rows("SHOW TABLES IN floe.no_such_namespace"))
        .as("a namespace the server does not know")
        .hasMessageContaining("no_such_namespace");
  }

  @Test
  void metadataComesFromTheResponseNotFromTheMetadataFile() {
    stack.s3().forgetRequests();
    String table = tables.get(0).name();

    assertThat(rows("SELECT * FROM floe.db." + table + " ORDER BY id")).hasSize(4);
    assertThat(stack.gateway().requests())
        .as("the load-table requests, asking for vended credentials")
        .anyMatch(
            request ->
                request.isLoadTable()
                    && request.path().endsWith("/" + table)
                    && request
                        .header("X-Iceberg-Access-Delegation")
                        .contains("vended-credentials"));
    assertThat(stack.s3().requests())
        .as("requests to S3, apart from the REST server's own")
        .anyMatch(request -> !request.byCatalogServer() && request.key().endsWith(".parquet"))
        .noneMatch(request -> !request.byCatalogServer() && request.isMetadataFile());
  }

  @Test
  void eachFileIsAskedForItsStatusOnceAndASmallFileIsReadInOneRequest() {
    String table = tables.get(0).name();
    // the metadata cache off: the manifests are read by each query, and their requests counted
    spark.conf().set("spark.floe.read.metadata-cache-size", "0");
    try {
      rows("SELECT id, amount FROM floe.db." + table); // loads the table: its requests aside
      stack.s3().forgetRequests();
      assertThat(rows("SELECT id, amount FROM floe.db." + table)).hasSize(4);
    } finally {
      spark.conf().unset("spark.floe.read.metadata-cache-size");
    }
    Map<String, List<S3Request>> byFile =
        stack.s3().requests().stream()
            .filter(request -> !request.byCatalogServer())
            .collect(Collectors.groupingBy(S3Request::key));
    assertThat(byFile.keySet())
        .as("files read: data files and manifests")
        .anyMatch(key -> key.endsWith(".parquet"))
        .anyMatch(key -> key.endsWith("-m0.avro"));
    byFile.forEach(
        (key, requests) ->
            assertThat(requests.stream().filter(request -> request.method().equals("HEAD")))
                .as("HEAD requests for %s, among %s", key, requests)
                .hasSizeLessThanOrEqualTo(key.contains("/snap-") ? 2 : 1));
    byFile.forEach(
        (key, requests) -> {
          if (key.endsWith(".parquet")) {
            assertThat(requests.stream().filter(request -> request.method().equals("GET")))
                .as("GETs of %s, smaller than the footer's read-ahead: one for all", key)
                .hasSize(1);
          }
        });
  }

  private static String committedAt(WrittenTable table, long snapshotId) {
    Timestamp committed =
        rows("SELECT committed_at FROM iceberg.db."
                + table.name()
                + ".snapshots WHERE snapshot_id = "
                + snapshotId)
            .get(0)
            .getTimestamp(0);
    return committed.toString();
  }

  private static List<Row> rows(String query) {
    return spark.sql(query).collectAsList();
  }
}
