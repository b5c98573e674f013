package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.SparkStatusTracker;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every metadata table Floe reads by path ({@code load("<location>#files")}) equals Iceberg's
 * ({@code spark.table("ice.db.t.files")}) on the columns both define, as multisets of rows, for
 * tables written by Iceberg's Spark runtime: a v2 table partitioned by identity and day, with
 * position deletes, a tag and a partition spec added later; a v3 unpartitioned table with deletion
 * vectors; a v2 table with an equality delete file written by Iceberg's Java API. Time-travelled
 * reads select the same snapshot on both sides.
 */
class TestFloeMetadataTables {
  private static final List<String> NAMES =
      List.of(
          "snapshots",
          "history",
          "refs",
          "manifests",
          "files",
          "data_files",
          "delete_files",
          "entries",
          "partitions",
          "metadata_log_entries");
  private static final String PARTITIONED = "metadata_v2";
  private static final String UNPARTITIONED = "metadata_v3";
  private static final String EQUALITY_DELETES = "metadata_equality";

  private static final SparkSession spark = SharedSpark.get().session();
  private static long firstSnapshotOfPartitioned;

  @BeforeAll
  static void writeFixtures() {
    String partitioned = icebergName(PARTITIONED);
    spark.sql("DROP TABLE IF EXISTS " + partitioned);
    spark.sql(
        "CREATE TABLE "
            + partitioned
            + " (id BIGINT, part STRING, ts TIMESTAMP) USING iceberg"
            + " PARTITIONED BY (part, days(ts))"
            + " TBLPROPERTIES ('format-version'='2', 'write.delete.mode'='merge-on-read')");
    spark.sql(
        "INSERT INTO "
            + partitioned
            + " SELECT id, IF(id % 3 = 0, NULL, CAST(id % 3 AS STRING)),"
            + " TIMESTAMP '2026-01-01 00:00:00' + make_interval(0, 0, 0, CAST(id % 4 AS INT))"
            + " FROM range(0, 200)");
    firstSnapshotOfPartitioned = currentSnapshot(partitioned);
    spark.sql(
        "INSERT INTO "
            + partitioned
            + " SELECT id, CAST(id % 2 AS STRING), TIMESTAMP '2026-02-01 10:00:00' FROM range(200, 300)");
    spark.sql("ALTER TABLE " + partitioned + " CREATE TAG first_two");
    spark.sql("DELETE FROM " + partitioned + " WHERE id % 7 = 0");
    spark.sql("ALTER TABLE " + partitioned + " ADD PARTITION FIELD bucket(4, id)");
    spark.sql(
        "INSERT INTO "
            + partitioned
            + " SELECT id, 'late', TIMESTAMP '2026-03-01 00:00:00' FROM range(300, 340)");

    String unpartitioned = icebergName(UNPARTITIONED);
    spark.sql("DROP TABLE IF EXISTS " + unpartitioned);
    spark.sql(
        "CREATE TABLE "
            + unpartitioned
            + " (id BIGINT, name STRING) USING iceberg"
            + " TBLPROPERTIES ('format-version'='3', 'write.delete.mode'='merge-on-read')");
    spark.sql("INSERT INTO " + unpartitioned + " SELECT id, CAST(id AS STRING) FROM range(0, 100)");
    spark.sql("INSERT INTO " + unpartitioned + " SELECT id, NULL FROM range(100, 150)");
    spark.sql("DELETE FROM " + unpartitioned + " WHERE id % 5 = 0");

    // Iceberg's equality delete writer records nan_value_counts, empty: shown as {}, not null
    String equality = icebergName(EQUALITY_DELETES);
    spark.sql("DROP TABLE IF EXISTS " + equality);
    spark.sql(
        "CREATE TABLE "
            + equality
            + " (id BIGINT, score DOUBLE) USING iceberg TBLPROPERTIES ('format-version'='2')");
    spark.sql("INSERT INTO " + equality + " SELECT id, id / 2.0 FROM range(0, 20)");
    EqualityDeletes.on(List.of("id"), List.of(EqualityDeletes.row(3L), EqualityDeletes.row(5L)))
        .commit(
            SharedSpark.get()
                .catalog()
                .loadTable(org.apache.iceberg.catalog.TableIdentifier.of("db", EQUALITY_DELETES)));
    spark.sql("REFRESH TABLE " + equality); // Iceberg's catalog caches the table it loaded
  }

  static Stream<Arguments> tablesAndMetadataTables() {
    List<Arguments> arguments = new ArrayList<>();
    for (String table : List.of(PARTITIONED, UNPARTITIONED, EQUALITY_DELETES)) {
      for (String name : NAMES) {
        arguments.add(Arguments.of(table, name));
      }
    }
    return arguments.stream();
  }

  @ParameterizedTest(name = "{0}.{1}")
  @MethodSource("tablesAndMetadataTables")
  void metadataTableMatchesIceberg(String table, String name) {
    Dataset<Row> iceberg = spark.table(icebergName(table) + "." + name);
    Dataset<Row> floe = spark.read().format("floe").load(location(table) + "#" + name);
    assertSameRows(table + "." + name, floe, iceberg);
  }

  @ParameterizedTest(name = "{0} at the first snapshot")
  @MethodSource("snapshotTables")
  void timeTravelledMetadataTableMatchesIceberg(String name) {
    String snapshotId = Long.toString(firstSnapshotOfPartitioned);
    Dataset<Row> iceberg =
        spark
            .read()
            .format("iceberg")
            .option(TableReader.VERSION_AS_OF, snapshotId)
            .load(icebergName(PARTITIONED) + "." + name);
    Dataset<Row> floe =
        spark
            .read()
            .format("floe")
            .option("snapshot-id", snapshotId)
            .load(location(PARTITIONED) + "#" + name);
    assertThat(floe.count())
        .as("the first snapshot has fewer %s rows than the current one", name)
        .isLessThan(spark.read().format("floe").load(location(PARTITIONED) + "#" + name).count());
    assertSameRows(name + " at snapshot " + snapshotId, floe, iceberg);
  }

  static Stream<String> snapshotTables() {
    return Stream.of("manifests", "files", "data_files", "entries", "partitions");
  }

  @Test
  void tagSelectsTheTaggedSnapshotsFiles() {
    Dataset<Row> iceberg =
        spark
            .read()
            .format("iceberg")
            .option(TableReader.VERSION_AS_OF, "first_two")
            .load(icebergName(PARTITIONED) + ".files");
    Dataset<Row> floe =
        spark
            .read()
            .format("floe")
            .option("tag", "first_two")
            .load(location(PARTITIONED) + "#files");
    assertSameRows("files of tag first_two", floe, iceberg);
  }

  @Test
  void unknownMetadataTableIsRefusedWithTheValidNames() {
    assertThatThrownBy(
            () -> spark.read().format("floe").load(location(PARTITIONED) + "#all_files").schema())
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Unknown metadata table 'all_files'")
        .hasMessageContaining("snapshots, history, refs, manifests, files");
  }

  @Test
  void manifestsAreReadInParallelTasks() {
    int manifests =
        (int) spark.read().format("floe").load(location(PARTITIONED) + "#manifests").count();
    assertThat(manifests).as("the partitioned fixture has several manifests").isGreaterThan(2);
    Dataset<Row> files = spark.read().format("floe").load(location(PARTITIONED) + "#files");
    assertThat(files.rdd().getNumPartitions())
        .as("files: one task per manifest")
        .isEqualTo(manifests);

    String group = "floe-partitions-" + System.nanoTime();
    spark.sparkContext().setJobGroup(group, "partitions of " + PARTITIONED, false);
    try {
      spark.read().format("floe").load(location(PARTITIONED) + "#partitions").collect();
    } finally {
      spark.sparkContext().clearJobGroup();
    }
    SparkStatusTracker tracker = spark.sparkContext().statusTracker();
    List<Integer> taskCounts = new ArrayList<>();
    for (int job : tracker.getJobIdsForGroup(group)) {
      for (int stage : tracker.getJobInfo(job).get().stageIds()) {
        taskCounts.add(tracker.getStageInfo(stage).get().numTasks());
      }
    }
    assertThat(taskCounts)
        .as("partitions: a Spark job totals each manifest in a task of its own")
        .contains(manifests);
  }

  private static void assertSameRows(String what, Dataset<Row> floe, Dataset<Row> iceberg) {
    MetadataTableComparison.assertSameRows(what, floe, iceberg);
  }

  private static long currentSnapshot(String table) {
    return spark
        .sql("SELECT snapshot_id FROM " + table + ".snapshots ORDER BY committed_at DESC LIMIT 1")
        .first()
        .getLong(0);
  }

  private static String icebergName(String table) {
    return SharedSpark.CATALOG + ".db." + table;
  }

  /** As Iceberg's catalog names it, so that the current metadata file's name matches too. */
  private static String location(String table) {
    return "file:" + SharedSpark.get().tableLocation("db", table);
  }
}
