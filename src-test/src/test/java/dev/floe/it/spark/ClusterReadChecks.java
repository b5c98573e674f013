package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reads on the local cluster, each compared to Iceberg's: by path and through {@code FloeCatalog},
 * tables with position deletes, equality deletes, deletion vectors, nested columns and an evolved
 * schema and partitioning; time travel; a pushed {@code COUNT(*)}; metadata tables; a file cut into
 * several splits.
 */
abstract class ClusterReadChecks {
  static final String FLOE_CATALOG = "floe";

  private static final Pattern SPLITS = Pattern.compile(" splits=(\\d+)");

  private final SparkSession spark;
  private final ClusterFixtures fixtures;

  ClusterReadChecks(LocalCluster cluster) {
    this.spark = cluster.spark().session();
    this.fixtures = ClusterFixtures.writtenWith(cluster.spark());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        ClusterFixtures.POSITION_DELETES,
        ClusterFixtures.EQUALITY_DELETES,
        ClusterFixtures.DELETION_VECTORS,
        ClusterFixtures.NESTED,
        "evolved_schema",
        "evolved_partitioning"
      })
  void pathReadMatchesIceberg(String table) {
    Dataset<Row> floe = spark.read().format("floe").load(fixtures.location(table).toString());
    assertSameRows(table + " by path", floe, table, () -> icebergTable(table));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        ClusterFixtures.POSITION_DELETES,
        ClusterFixtures.DELETION_VECTORS,
        ClusterFixtures.NESTED,
        "evolved_schema"
      })
  void catalogReadMatchesIceberg(String table) {
    Dataset<Row> floe = spark.table(floeIdentifier(table));
    assertSameRows(table + " through FloeCatalog", floe, table, () -> icebergTable(table));
  }

  /**
   * Manifests read in the executors' JVMs (under this run's serializer: Java, or Kryo with
   * registration required), the plan the same as the driver's own, the rows Iceberg's.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        ClusterFixtures.POSITION_DELETES,
        ClusterFixtures.EQUALITY_DELETES,
        ClusterFixtures.DELETION_VECTORS
      })
  void planningOnExecutorsMatchesIceberg(String table) {
    Dataset<Row> distributed =
        spark
            .read()
            .format("floe")
            .option("data-planning-mode", "distributed")
            .option("delete-planning-mode", "distributed")
            .load(fixtures.location(table).toString())
            .filter("id % 3 != 1");
    assertSameRows(
        table + " planned on executors",
        distributed,
        table + "#id%3!=1",
        () -> icebergTable(table).filter("id % 3 != 1"));
    String plannedThere = ScanDescription.ofExecuted(distributed, table).text();
    assertThat(plannedThere)
        .as("EXPLAIN of %s planned on executors", table)
        .contains("planning=[data=distributed, deletes=distributed]");
    Dataset<Row> auto =
        spark.read().format("floe").load(fixtures.location(table).toString()).filter("id % 3 != 1");
    String plannedHere = ScanDescription.ofExecuted(auto, table).text();
    assertThat(plannedHere)
        .as("auto: a table of a few small manifests is planned on the driver, cluster or not")
        .contains("planning=[data=local, deletes=local]");
    assertThat(samePlan(plannedThere))
        .as("the plan made on executors is the driver's, hop by hop")
        .isEqualTo(samePlan(plannedHere));

    for (int query = 0; query < 2; query++) {
      Dataset<Row> uncached =
          spark
              .read()
              .format("floe")
              .option("data-planning-mode", "distributed")
              .option("metadata-cache-size", "0")
              .load(fixtures.location(table).toString());
      assertThat(ScanDescription.ofExecuted(uncached, table).text())
          .as("metadata-cache-size=0 reaches the executors' caches too (query %s)", query)
          .containsPattern("dataManifests=\\[cached=0, read=[1-9]");
    }
  }

  /** A scan description without where metadata was read and where planning ran. */
  private static String samePlan(String description) {
    return description
        .replaceAll(" metadata=\\[.*?\\]\\] ", " ")
        .replaceAll(" planning=\\[.*?\\]", "");
  }

  @Test
  void timeTravelReadsTheSnapshotIcebergReads() {
    String table = ClusterFixtures.POSITION_DELETES;
    String location = fixtures.location(table).toString();
    long first = fixtures.firstSnapshot();
    Supplier<Dataset<Row>> icebergFirst =
        () ->
            spark
                .read()
                .format("iceberg")
                .option(TableReader.VERSION_AS_OF, first)
                .load(ClusterFixtures.identifier(table));
    Supplier<Dataset<Row>> icebergTag =
        () ->
            spark
                .read()
                .format("iceberg")
                .option(TableReader.VERSION_AS_OF, ClusterFixtures.TAG)
                .load(ClusterFixtures.identifier(table));

    assertSameRows(
        table + " snapshot-id " + first,
        spark.read().format("floe").option("snapshot-id", first).load(location),
        table + "@first",
        icebergFirst);
    assertSameRows(
        table + " tag " + ClusterFixtures.TAG,
        spark.read().format("floe").option("tag", ClusterFixtures.TAG).load(location),
        table + "@tag",
        icebergTag);
    assertSameRows(
        table + " VERSION AS OF " + first,
        spark.sql("SELECT * FROM " + floeIdentifier(table) + " VERSION AS OF " + first),
        table + "@first",
        icebergFirst);
    assertSameRows(
        table + " VERSION AS OF '" + ClusterFixtures.TAG + "'",
        spark.sql(
            "SELECT * FROM "
                + floeIdentifier(table)
                + " VERSION AS OF '"
                + ClusterFixtures.TAG
                + "'"),
        table + "@tag",
        icebergTag);
    long tagged =
        IcebergAnswers.of(table + "@tag", () -> ReadResult.of(icebergTag.get())).rows().size();
    assertThat(tagged).as("the tag is before the deletes: 1000 rows").isEqualTo(1000);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        ClusterFixtures.POSITION_DELETES,
        ClusterFixtures.EQUALITY_DELETES,
        ClusterFixtures.DELETION_VECTORS
      })
  void pushedCountStarMatchesIcebergsRows(String table) {
    Dataset<Row> counted =
        spark
            .read()
            .format("floe")
            .load(fixtures.location(table).toString())
            .agg(functions.count("*"));
    long count = counted.collectAsList().get(0).getLong(0);
    ScanDescription description = ScanDescription.ofExecuted(counted, table);
    long icebergRows =
        IcebergAnswers.of(table, () -> ReadResult.of(icebergTable(table))).rows().size();

    assertThat(description.text()).as("Floe's scan of %s", table).contains("aggregate=[COUNT(*)");
    assertThat(count).as("Floe's pushed count(*) of %s", table).isEqualTo(icebergRows);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"files", "entries", "partitions"})
  void metadataTableMatchesIceberg(String name) {
    for (String table :
        List.of(ClusterFixtures.POSITION_DELETES, ClusterFixtures.DELETION_VECTORS)) {
      String what = table + "." + name;
      Dataset<Row> floe =
          spark.read().format("floe").load("file:" + fixtures.location(table) + "#" + name);
      MetadataTableComparison.assertMatches(
          what,
          floe,
          IcebergAnswers.of(
              what,
              () ->
                  MetadataTableComparison.expected(
                      spark.table(ClusterFixtures.identifier(table) + "." + name))));
    }
  }

  @Test
  void smallSplitSizeCutsAFileIntoSeveralSplits() {
    String table = ClusterFixtures.ROW_GROUPS;
    Dataset<Row> floe =
        spark
            .read()
            .format("floe")
            .option("split-size", "16384")
            .load(fixtures.location(table).toString());
    long dataFiles =
        spark.read().format("floe").load(fixtures.location(table) + "#data_files").count();

    assertSameRows(table + " in splits", floe, table, () -> icebergTable(table));
    assertThat(dataFiles).as("one data file").isEqualTo(1);
    Matcher splits = SPLITS.matcher(ScanDescription.ofExecuted(floe, table).text());
    assertThat(splits.find()).as("the scan reports its splits").isTrue();
    assertThat(Long.parseLong(splits.group(1)))
        .as("splits of one file of many row groups at split-size 16384")
        .isGreaterThan(2);
  }

  private Dataset<Row> icebergTable(String table) {
    return spark.table(ClusterFixtures.identifier(table));
  }

  private static String floeIdentifier(String table) {
    return FLOE_CATALOG + "." + FixtureWriter.DATABASE + "." + table;
  }

  /** Compares columns and rows to Iceberg's answer {@code query}, read once per JVM. */
  static void assertSameRows(
      String what, Dataset<Row> floe, String query, Supplier<Dataset<Row>> iceberg) {
    ReadResult expected = IcebergAnswers.of(query, () -> ReadResult.of(iceberg.get()));
    List<String> expectedColumns =
        IcebergAnswers.of(query + "#columns", () -> Arrays.asList(iceberg.get().columns()));
    assertThat(floe.columns()).as("columns of %s", what).containsExactlyElementsOf(expectedColumns);
    ReadResult actual = ReadResult.of(floe);
    assertThat(actual.rows()).as("rows of %s", what).isNotEmpty();
    assertThat(actual.rowDifferences(expected)).as("rows of %s", what).isEmpty();
  }
}
