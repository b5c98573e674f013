package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.spark.source.SharedMetadataCache;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.Test;

/**
 * The driver's metadata cache through Spark, as a notebook uses it: the second query of a snapshot
 * reads no manifest list and no manifest, which the scan's UI metrics and {@code EXPLAIN} show; a
 * commit between two queries is seen by the second, which reads only the new metadata files; a scan
 * with the cache turned off reads everything. Every answer is checked against Iceberg's.
 */
class TestFloeCachesMetadataAcrossQueries {
  private static final String NAME = "metadata_cache_story";
  private static final int APPENDS = 3;

  private final SparkSession spark = SharedSpark.get().session();

  @Test
  void repeatedQueriesReadNoManifestAndACommitIsSeen() {
    FixtureWriter writer = new FixtureWriter(SharedSpark.get());
    writer.sql(
        "", "CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + FixtureWriter.DATABASE);
    writer.sql(
        NAME, "DROP TABLE IF EXISTS {t}", "CREATE TABLE {t} (id bigint, tag string) USING iceberg");
    for (int append = 0; append < APPENDS; append++) {
      writer.sql(
          NAME,
          "INSERT INTO {t} SELECT id, 'a"
              + append
              + "' FROM range("
              + append * 100
              + ", "
              + (append + 1) * 100
              + ")");
    }
    ReadFixture table = writer.fixture(NAME, APPENDS * 100L);
    String location = table.location().toString();
    String filter = "id >= 50";

    Dataset<Row> first = floe(location, Map.of()).filter(filter);
    assertSameRows(first, table, filter);
    Map<String, Long> cold = metadataMetrics(first);
    assertThat(cold.get("metadataFilesFromStorage"))
        .as("the first query reads the manifest list and its %s manifests", APPENDS)
        .isEqualTo(1 + APPENDS);
    assertThat(cold.get("metadataBytesRead")).as("bytes of metadata read first").isPositive();

    Dataset<Row> second = floe(location, Map.of()).filter(filter);
    assertSameRows(second, table, filter);
    Map<String, Long> warm = metadataMetrics(second);
    assertThat(warm.get("metadataFilesFromStorage")).as("the second query reads none").isZero();
    assertThat(warm.get("metadataBytesRead")).as("and no byte").isZero();
    assertThat(warm.get("metadataFilesFromCache")).isEqualTo(1 + APPENDS);
    assertThat(explain(floe(location, Map.of()).filter(filter)))
        .as("EXPLAIN says where the manifest list and manifests came from")
        .contains("manifestList=[cached=1, read=0, bytesRead=0]")
        .contains("dataManifests=[cached=" + APPENDS + ", read=0, bytesRead=0]");

    long firstSnapshot =
        spark
            .sql(
                "SELECT snapshot_id FROM "
                    + table.identifier()
                    + ".snapshots ORDER BY committed_at")
            .first()
            .getLong(0);
    Dataset<Row> timeTravel =
        floe(location, Map.of("snapshot-id", Long.toString(firstSnapshot))).filter(filter);
    assertThat(SortedRows.of(timeTravel))
        .as("the first snapshot's rows, Iceberg's")
        .isEqualTo(
            SortedRows.of(
                spark
                    .sql("SELECT * FROM " + table.identifier() + " VERSION AS OF " + firstSnapshot)
                    .filter(filter)));
    Map<String, Long> olderSnapshot = metadataMetrics(timeTravel);
    assertThat(olderSnapshot.get("metadataFilesFromStorage"))
        .as("an older snapshot: its manifest list only, its manifest is shared")
        .isEqualTo(1);
    assertThat(olderSnapshot.get("metadataFilesFromCache")).isEqualTo(1);

    Dataset<Row> count = floe(location, Map.of()).groupBy().count();
    assertThat(count.collectAsList().get(0).getLong(0))
        .as("COUNT(*), Iceberg's")
        .isEqualTo(spark.table(table.identifier()).count());
    assertThat(explain(count))
        .as("answered by the pushed aggregate")
        .contains("aggregate=[COUNT(*)]");
    assertThat(metadataMetrics(count).get("metadataFilesFromStorage"))
        .as("COUNT(*) pushed down reads no manifest")
        .isZero();

    long hitsBefore = SharedMetadataCache.get().hits();
    long missesBefore = SharedMetadataCache.get().misses();
    long files = spark.read().format("floe").load(location + "#files").count();
    assertThat(files)
        .as("the files table, Iceberg's")
        .isEqualTo(spark.table(table.identifier() + ".files").count());
    assertThat(SharedMetadataCache.get().hits() - hitsBefore)
        .as("the files table reads the manifest list and manifests from the cache")
        .isGreaterThanOrEqualTo(1 + APPENDS);
    assertThat(SharedMetadataCache.get().misses())
        .as("and nothing from storage")
        .isEqualTo(missesBefore);

    writer.sql(NAME, "INSERT INTO {t} SELECT id, 'late' FROM range(1000, 1010)");
    Dataset<Row> afterCommit = floe(location, Map.of()).filter(filter);
    assertSameRows(afterCommit, table, filter);
    assertThat(afterCommit.count()).as("the committed rows are seen").isEqualTo(250 + 10);
    Map<String, Long> afterCommitReads = metadataMetrics(afterCommit);
    assertThat(afterCommitReads.get("metadataFilesFromStorage"))
        .as("after a commit: the new manifest list and the new manifest only")
        .isEqualTo(2);
    assertThat(afterCommitReads.get("metadataFilesFromCache"))
        .as("the manifests the commit kept come from the cache")
        .isEqualTo(APPENDS);

    Dataset<Row> uncached = floe(location, Map.of("metadata-cache-size", "0")).filter(filter);
    assertSameRows(uncached, table, filter);
    assertThat(metadataMetrics(uncached).get("metadataFilesFromStorage"))
        .as("with the cache off, everything is read")
        .isEqualTo(2 + APPENDS);
    Dataset<Row> reenabled = floe(location, Map.of()).filter(filter);
    assertSameRows(reenabled, table, filter);
    assertThat(metadataMetrics(reenabled).get("metadataFilesFromStorage"))
        .as("turning the cache off emptied it")
        .isEqualTo(2 + APPENDS);
  }

  /**
   * A catalog's {@code metadata-cache-size} sizes its tables' scans: at 0 every query of its tables
   * reads the manifests from storage, unless the session conf sizes the cache itself.
   */
  @Test
  void aCatalogPropertySizesTheCacheOfItsTablesScans() {
    String name = "metadata_cache_catalog";
    FixtureWriter writer = new FixtureWriter(SharedSpark.get());
    writer.sql(
        "", "CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + FixtureWriter.DATABASE);
    writer.sql(
        name,
        "DROP TABLE IF EXISTS {t}",
        "CREATE TABLE {t} (id bigint) USING iceberg",
        "INSERT INTO {t} SELECT id FROM range(10)",
        "INSERT INTO {t} SELECT id FROM range(10, 20)");
    ReadFixture table = writer.fixture(name, 20);
    String catalog = "floe_uncached";
    spark.conf().set("spark.sql.catalog." + catalog, "dev.floe.spark.FloeCatalog");
    spark
        .conf()
        .set(
            "spark.sql.catalog." + catalog + ".warehouse",
            table.location().getParent().getParent().toUri().toString());
    spark.conf().set("spark.sql.catalog." + catalog + ".metadata-cache-size", "0");
    String identifier = catalog + "." + FixtureWriter.DATABASE + "." + name;
    try {
      for (int query = 0; query < 2; query++) {
        Dataset<Row> read = spark.table(identifier).filter("id >= 5");
        assertSameRows(read, table, "id >= 5");
        assertThat(metadataMetrics(read).get("metadataFilesFromStorage"))
            .as("query %s through a catalog whose cache size is 0 reads everything", query)
            .isEqualTo(3);
      }
      spark.conf().set("spark.floe.read.metadata-cache-size", Long.toString(64L << 20));
      Dataset<Row> first = spark.table(identifier).filter("id >= 5");
      assertSameRows(first, table, "id >= 5");
      Dataset<Row> second = spark.table(identifier).filter("id >= 5");
      assertSameRows(second, table, "id >= 5");
      assertThat(metadataMetrics(second).get("metadataFilesFromStorage"))
          .as("the session conf overrides the catalog: the second query reads nothing")
          .isZero();
    } finally {
      spark.conf().unset("spark.floe.read.metadata-cache-size");
      spark.conf().unset("spark.sql.catalog." + catalog + ".metadata-cache-size");
    }
  }

  private Dataset<Row> floe(String location, Map<String, String> options) {
    return spark.read().format("floe").options(options).load(location);
  }

  private void assertSameRows(Dataset<Row> floe, ReadFixture table, String filter) {
    List<String> expected = SortedRows.of(spark.table(table.identifier()).filter(filter));
    assertThat(SortedRows.of(floe))
        .as("Floe's rows of %s where %s, Iceberg's", NAME, filter)
        .isEqualTo(expected);
  }

  private static String explain(Dataset<Row> query) {
    return query
        .queryExecution()
        .explainString(org.apache.spark.sql.execution.ExtendedMode$.MODULE$);
  }

  /** The metadata metrics of the query's one Floe scan, after the query ran. */
  private static Map<String, Long> metadataMetrics(Dataset<?> query) {
    List<BatchScanExec> scans = ExecutedScans.of(query);
    assertThat(scans).as("Floe scans in the executed plan").hasSize(1);
    Map<String, Long> values = new java.util.HashMap<>();
    for (String name :
        List.of("metadataFilesFromCache", "metadataFilesFromStorage", "metadataBytesRead")) {
      values.put(name, scans.get(0).metrics().get(name).get().value());
    }
    return values;
  }
}
