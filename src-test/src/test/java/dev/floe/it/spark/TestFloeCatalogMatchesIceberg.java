package dev.floe.it.spark;

import static dev.floe.it.spark.CatalogFixture.FLOE;
import static dev.floe.it.spark.CatalogFixture.ICEBERG;
import static dev.floe.it.spark.CatalogFixture.NAMESPACE;
import static dev.floe.it.spark.CatalogFixture.TABLE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Floe's SQL catalog against Iceberg's {@code SparkCatalog} on the same warehouse: every
 * time-travel form returns Iceberg's schema and rows, {@code SHOW} and {@code DESCRIBE} agree, and
 * what Floe refuses it refuses with a message naming the table.
 */
class TestFloeCatalogMatchesIceberg {
  private final SparkSession spark = SharedSpark.get().session();
  private final CatalogFixture fixture = CatalogFixture.get();

  /** A query on the fixture table: {@code %s} stands for the catalog name. */
  static Stream<Arguments> timeTravelQueries() {
    return Stream.of(
        query("current snapshot", f -> "SELECT * FROM %s." + TABLE),
        query("VERSION AS OF <id>", f -> "SELECT * FROM %s." + TABLE + " VERSION AS OF " + f.first),
        query(
            "VERSION AS OF '<id>'",
            f -> "SELECT * FROM %s." + TABLE + " VERSION AS OF '" + f.second + "'"),
        query(
            "FOR SYSTEM_VERSION AS OF <id>",
            f -> "SELECT * FROM %s." + TABLE + " FOR SYSTEM_VERSION AS OF " + f.second),
        query("VERSION AS OF <tag>", f -> "SELECT * FROM %s." + TABLE + " VERSION AS OF 'v1'"),
        query(
            "VERSION AS OF <branch>", f -> "SELECT * FROM %s." + TABLE + " VERSION AS OF 'audit'"),
        query(
            "branch made before the rename: current schema",
            f -> "SELECT * FROM %s." + TABLE + " VERSION AS OF 'early'"),
        query(
            "TIMESTAMP AS OF the first commit",
            f ->
                "SELECT * FROM %s."
                    + TABLE
                    + " TIMESTAMP AS OF "
                    + CatalogFixture.timestampLiteral(f.firstMillis)),
        query(
            "FOR SYSTEM_TIME AS OF just before the second commit",
            f ->
                "SELECT * FROM %s."
                    + TABLE
                    + " FOR SYSTEM_TIME AS OF "
                    + CatalogFixture.timestampLiteral(f.secondMillis - 1)),
        query("identifier branch_", f -> "SELECT * FROM %s." + TABLE + ".branch_audit"),
        query("identifier tag_", f -> "SELECT * FROM %s." + TABLE + ".tag_v1"),
        query(
            "identifier snapshot_id_",
            f -> "SELECT * FROM %s." + TABLE + ".snapshot_id_" + f.second),
        query(
            "identifier at_timestamp_",
            f -> "SELECT * FROM %s." + TABLE + ".at_timestamp_" + f.secondMillis),
        query(
            "filter on the new column name on the branch",
            f -> "SELECT id, price FROM %s." + TABLE + ".branch_audit WHERE price < 1"),
        query("nested namespace", f -> "SELECT * FROM %s." + NAMESPACE + ".nested.inner"));
  }

  private static Arguments query(String name, Function<CatalogFixture, String> template) {
    return Arguments.of(name, template);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("timeTravelQueries")
  void timeTravelReadsWhatIcebergReads(String name, Function<CatalogFixture, String> template) {
    String query = template.apply(fixture);
    ReadResult expected = ReadResult.of(spark.sql(String.format(query, ICEBERG)));
    ReadResult actual = ReadResult.of(spark.sql(String.format(query, FLOE)));

    assertThat(actual.schema()).as("schema of %s", query).isEqualTo(expected.schema());
    assertThat(expected.rows()).as("Iceberg's rows of %s", query).isNotEmpty();
    assertThat(actual.rowDifferences(expected)).as("rows of %s", query).isEmpty();
  }

  /** Metadata tables named through the catalog, with and without time travel. */
  static Stream<Arguments> metadataTableQueries() {
    return Stream.of(
        query(
            "snapshots",
            f -> "SELECT snapshot_id, parent_id, operation FROM %s." + TABLE + ".snapshots"),
        query("refs", f -> "SELECT name, type, snapshot_id FROM %s." + TABLE + ".refs"),
        query(
            "history",
            f -> "SELECT snapshot_id, is_current_ancestor FROM %s." + TABLE + ".history"),
        query("files", f -> "SELECT file_path, record_count FROM %s." + TABLE + ".files"),
        query(
            "files VERSION AS OF <id>",
            f ->
                "SELECT file_path, record_count FROM %s."
                    + TABLE
                    + ".files VERSION AS OF "
                    + f.first),
        // (Iceberg fails data_files VERSION AS OF 'audit' on this table, inside its own code)
        query(
            "data_files VERSION AS OF <tag>",
            f -> "SELECT file_path FROM %s." + TABLE + ".data_files VERSION AS OF 'v1'"),
        query(
            "manifests TIMESTAMP AS OF",
            f ->
                "SELECT path, added_data_files_count FROM %s."
                    + TABLE
                    + ".manifests TIMESTAMP AS OF "
                    + CatalogFixture.timestampLiteral(f.secondMillis)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("metadataTableQueries")
  void metadataTablesReadWhatIcebergReads(String name, Function<CatalogFixture, String> template) {
    String query = template.apply(fixture);
    ReadResult expected = ReadResult.of(spark.sql(String.format(query, ICEBERG)));
    ReadResult actual = ReadResult.of(spark.sql(String.format(query, FLOE)));

    assertThat(expected.rows()).as("Iceberg's rows of %s", query).isNotEmpty();
    assertThat(actual.rowDifferences(expected)).as("rows of %s", query).isEmpty();
  }

  @Test
  void tagReadsTheOldSchemaAndBranchTheCurrentOne() {
    assertThat(spark.table(FLOE + "." + TABLE + ".tag_v1").columns())
        .as("a tag reads with its snapshot's schema")
        .containsExactly("id", "data");
    assertThat(spark.table(FLOE + "." + TABLE + ".branch_early").columns())
        .as("a branch reads with the current schema, even at an older snapshot")
        .containsExactly("id", "payload", "price");
  }

  @Test
  void filtersBindToTheSchemaOfTheSnapshotRead() {
    // Iceberg's SparkCatalog fails this query (it binds the filter to the current schema, where
    // data is now payload), so Floe's rows are checked against the fixture itself.
    assertThat(
            rows("SELECT id FROM " + FLOE + "." + TABLE + " VERSION AS OF 'v1' WHERE data > 'd5'"))
        .as("rows 0..9 at tag v1 whose data, 'd<id>', sorts after 'd5'")
        .containsExactlyInAnyOrder("[6]", "[7]", "[8]", "[9]");
  }

  /** Each statement Floe refuses, with what its message must say. */
  static Stream<Arguments> refusals() {
    String events = FLOE + "." + TABLE;
    return Stream.of(
        refusal(
            "unknown snapshot id",
            f -> "SELECT * FROM " + events + " VERSION AS OF " + (f.first + 1),
            f ->
                List.of(
                    "Cannot find snapshot " + (f.first + 1),
                    "in table " + events,
                    "it does not exist or has expired",
                    "valid snapshot ids nearest to it: " + f.first + " (")),
        refusal(
            "unknown ref",
            f -> "SELECT * FROM " + events + " VERSION AS OF 'nightly'",
            f ->
                List.of(
                    "Cannot find branch or tag 'nightly' in table " + events,
                    "it has ",
                    "audit",
                    "v1")),
        refusal(
            "timestamp before the first snapshot",
            f ->
                "SELECT * FROM "
                    + events
                    + " TIMESTAMP AS OF "
                    + CatalogFixture.timestampLiteral(f.firstMillis - 1000),
            f ->
                List.of(
                    "Cannot find a snapshot of table " + events,
                    "its first snapshot is from",
                    "(" + f.firstMillis + " ms)")),
        refusal(
            "identifier selector with AS OF",
            f -> "SELECT * FROM " + events + ".tag_v1 VERSION AS OF " + f.first,
            f ->
                List.of(
                    "Cannot combine the snapshot selector tag_v1 in " + events + ".tag_v1",
                    "with VERSION AS OF")),
        refusal(
            "a tag read as a branch",
            f -> "SELECT * FROM " + events + ".branch_v1",
            f -> List.of("Cannot read branch 'v1' of table " + events + ": it is a tag")),
        refusal(
            "INSERT",
            f -> "INSERT INTO " + events + " VALUES (1, 'x', 1.0)",
            f -> List.of("Floe is read-only: cannot write to table " + events)),
        refusal(
            "INSERT OVERWRITE",
            f -> "INSERT OVERWRITE " + events + " VALUES (1, 'x', 1.0)",
            f -> List.of("Floe is read-only: cannot write to table " + events)),
        refusal(
            "DELETE",
            f -> "DELETE FROM " + events + " WHERE id = 1",
            f -> List.of("Floe is read-only: cannot delete rows of table " + events)),
        // UPDATE and MERGE are left out: in this session Iceberg's SQL extensions analyse them
        // first and fail on any table that is not Iceberg's (a scala.MatchError) before Floe is
        // asked; TestFloeCatalog checks Floe's refusal of them directly.
        refusal(
            "CREATE TABLE",
            f -> "CREATE TABLE " + FLOE + "." + NAMESPACE + ".fresh (id INT)",
            f -> List.of("Floe is read-only: cannot create table " + FLOE + "." + NAMESPACE)),
        refusal(
            "ALTER TABLE",
            f -> "ALTER TABLE " + events + " ADD COLUMN extra INT",
            f -> List.of("Floe is read-only: cannot alter table " + events)),
        refusal(
            "DROP TABLE",
            f -> "DROP TABLE " + events,
            f -> List.of("Floe is read-only: cannot drop table " + events)),
        refusal(
            "CREATE NAMESPACE",
            f -> "CREATE NAMESPACE " + FLOE + ".fresh_namespace",
            f ->
                List.of("Floe is read-only: cannot create namespace " + FLOE + ".fresh_namespace")),
        refusal(
            "DROP NAMESPACE",
            f -> "DROP NAMESPACE " + FLOE + "." + NAMESPACE + " CASCADE",
            f -> List.of("Floe is read-only: cannot drop namespace " + FLOE + "." + NAMESPACE)));
  }

  private static Arguments refusal(
      String name,
      Function<CatalogFixture, String> statement,
      Function<CatalogFixture, List<String>> message) {
    return Arguments.of(name, statement, message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusals")
  void refusalsSayWhatFailedAndWhere(
      String name,
      Function<CatalogFixture, String> statement,
      Function<CatalogFixture, List<String>> message) {
    String sql = statement.apply(fixture);
    assertThatThrownBy(() -> spark.sql(sql).collectAsList())
        .as(sql)
        .satisfies(
            failure -> {
              for (String part : message.apply(fixture)) {
                assertThat(failure).hasStackTraceContaining(part);
              }
            });
  }

  @Test
  void repeatedQueriesReuseTheLoadedMetadataUntilRefreshed() {
    String table = "floe_cat_cache.counted";
    spark.sql("DROP TABLE IF EXISTS " + ICEBERG + "." + table);
    spark.sql("CREATE TABLE " + ICEBERG + "." + table + " (id INT) USING iceberg");
    spark.sql("INSERT INTO " + ICEBERG + "." + table + " VALUES (1), (2), (3)");
    assertThat(spark.table(FLOE + "." + table).count()).as("first read").isEqualTo(3);

    spark.sql("INSERT INTO " + ICEBERG + "." + table + " VALUES (4), (5)");
    assertThat(spark.table(FLOE + "." + table).count())
        .as("within the cache interval (30 s), the metadata loaded first")
        .isEqualTo(3);

    spark.sql("REFRESH TABLE " + FLOE + "." + table);
    assertThat(spark.table(FLOE + "." + table).count())
        .as("after REFRESH TABLE, the new commit")
        .isEqualTo(5);
  }

  @Test
  void readOptionsCannotMoveACatalogTableToAnotherSnapshot() {
    // Spark 3.5 passes DataFrameReader options of a catalog table to the scan only, after the
    // table, and so its schema, was loaded at the current snapshot. (Iceberg ignores versionAsOf
    // there and reads the current snapshot.) Floe refuses rather than read a snapshot under
    // another snapshot's schema, and names the identifier that does it. Spark 4 loads the table
    // at the version the option names, as VERSION AS OF would: then Floe reads that snapshot.
    if (org.apache.spark.SparkContext.getOrCreate().version().startsWith("3.")) {
      assertThatThrownBy(
              () ->
                  spark
                      .read()
                      .option("versionAsOf", "v1")
                      .table(FLOE + "." + TABLE)
                      .collectAsList())
          .hasStackTraceContaining(
              "Cannot read table "
                  + FLOE
                  + "."
                  + TABLE
                  + " with tag=v1: it was loaded at its current snapshot")
          .hasStackTraceContaining("instead: " + FLOE + "." + TABLE + ".tag_v1,");
    } else {
      assertThat(
              ReadResult.of(spark.read().option("versionAsOf", "v1").table(FLOE + "." + TABLE))
                  .rowDifferences(ReadResult.of(spark.table(ICEBERG + "." + TABLE + ".tag_v1"))))
          .as("Spark 4 loads the table at the tag the option names")
          .isEmpty();
    }
    assertThat(
            ReadResult.of(
                    spark.read().option("split-size", "1024").table(FLOE + "." + TABLE + ".tag_v1"))
                .rowDifferences(ReadResult.of(spark.table(ICEBERG + "." + TABLE + ".tag_v1"))))
        .as("tuning options still apply")
        .isEmpty();
  }

  @Test
  void pathReadsTakeSparksTimeTravelOptions() {
    String location = SharedSpark.get().tableLocation(NAMESPACE, "events").toString();
    ReadResult atFirst =
        ReadResult.of(spark.sql("SELECT * FROM " + ICEBERG + "." + TABLE + " VERSION AS OF 'v1'"));
    assertThat(
            ReadResult.of(
                    spark
                        .read()
                        .format("floe")
                        .option("versionAsOf", Long.toString(fixture.first))
                        .load(location))
                .rowDifferences(atFirst))
        .as("versionAsOf = a snapshot id")
        .isEmpty();
    assertThat(
            ReadResult.of(spark.read().format("floe").option("versionAsOf", "v1").load(location))
                .rowDifferences(atFirst))
        .as("versionAsOf = a tag")
        .isEmpty();
    assertThat(
            ReadResult.of(
                    spark
                        .read()
                        .format("floe")
                        .option(
                            "timestampAsOf",
                            CatalogFixture.timestampLiteral(fixture.secondMillis - 1)
                                .replace("'", ""))
                        .load(location))
                .rowDifferences(atFirst))
        .as("timestampAsOf in the session time zone, just before the second commit")
        .isEmpty();
    assertThat(
            spark
                .read()
                .format("floe")
                .option("timestampAsOf", Long.toString(fixture.firstMillis))
                .load(location)
                .columns())
        .as("timestampAsOf in ms reads with the first snapshot's schema")
        .containsExactly("id", "data");
    assertThatThrownBy(
            () ->
                spark
                    .read()
                    .format("floe")
                    .option("versionAsOf", "v1")
                    .option("snapshot-id", Long.toString(fixture.first))
                    .load(location)
                    .schema())
        .as("two selectors")
        .hasStackTraceContaining(
            "Cannot read with more than one snapshot selector: versionAsOf=v1");
    assertThatThrownBy(
            () ->
                spark
                    .sql("SELECT 1L AS id, 'x' AS payload, 1.0D AS price")
                    .write()
                    .format("floe")
                    .mode("append")
                    .save(location))
        .as("a write through the path source")
        .hasStackTraceContaining("Floe is read-only: cannot write to table " + location);
  }

  @Test
  void showListsWhatIcebergLists() {
    assertThat(rows("SHOW NAMESPACES IN " + FLOE))
        .as("top-level namespaces")
        .contains("[" + NAMESPACE + "]");
    assertThat(rows("SHOW NAMESPACES IN " + FLOE + "." + NAMESPACE))
        .as("nested namespaces")
        .containsExactlyInAnyOrderElementsOf(
            rows("SHOW NAMESPACES IN " + ICEBERG + "." + NAMESPACE))
        .containsExactly("[" + NAMESPACE + ".nested]");
    assertThat(rows("SHOW TABLES IN " + FLOE + "." + NAMESPACE))
        .as("tables, not the nested namespace")
        .containsExactlyInAnyOrderElementsOf(rows("SHOW TABLES IN " + ICEBERG + "." + NAMESPACE))
        .containsExactlyInAnyOrder(
            "[" + NAMESPACE + ",events,false]", "[" + NAMESPACE + ",plain,false]");
  }

  @Test
  void describeShowsWhatIcebergShows() {
    List<String> iceberg = rows("DESCRIBE TABLE EXTENDED " + ICEBERG + "." + TABLE);
    List<String> floe = rows("DESCRIBE TABLE EXTENDED " + FLOE + "." + TABLE);
    assertThat(before("# Metadata Columns", floe))
        .as("columns and partitioning")
        .isEqualTo(before("# Metadata Columns", iceberg))
        .contains(
            "[id,bigint,event id]", "[Part 0,bucket(4, id),]", "[Part 1,truncate(2, payload),]");
    assertThat(startingWith("Table Properties", floe))
        .as("table properties")
        .isEqualTo(startingWith("Table Properties", iceberg));
    assertThat(String.join("\n", floe))
        .as("extended details")
        .contains("[Name," + FLOE + "." + TABLE + ",]")
        .contains("current-snapshot-id=" + fixture.current)
        .contains("format-version=2")
        .contains(
            "[Location,"
                + SharedSpark.get()
                    .tableLocation(NAMESPACE, "events")
                    .toUri()
                    .toString()
                    .replaceAll("/$", ""));
  }

  private List<String> rows(String sql) {
    return spark.sql(sql).collectAsList().stream().map(Row::toString).toList();
  }

  private static List<String> before(String marker, List<String> rows) {
    int end = 0;
    while (end < rows.size() && !rows.get(end).startsWith("[" + marker)) {
      end++;
    }
    return rows.subList(0, end);
  }

  private static List<String> startingWith(String prefix, List<String> rows) {
    return rows.stream().filter(row -> row.startsWith("[" + prefix)).toList();
  }
}
