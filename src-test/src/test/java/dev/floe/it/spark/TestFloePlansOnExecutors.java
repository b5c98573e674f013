package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Planning on Spark's executors ({@code data-planning-mode} / {@code delete-planning-mode} = {@code
 * distributed}) through Spark: the same rows as Iceberg's reader, and the same plan as a local one
 * (every count and pruned file {@code EXPLAIN} shows), on a partitioned format-v2 table with
 * position deletes and a format-v3 table with deletion vectors, filtered and not, and under {@code
 * COUNT(*)} pushdown. {@code auto} on a local master plans locally, as Iceberg's does; a bad mode
 * is refused by name; a damaged manifest read on an executor fails the query with the manifest's
 * name. The plan's equality file by file is checked for every table of the planning suites ({@code
 * DistributedPlanCheck}); executors in their own JVMs in {@code FloeClusterIT}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestFloePlansOnExecutors {
  private static final Map<String, String> DISTRIBUTED =
      Map.of("data-planning-mode", "distributed", "delete-planning-mode", "distributed");
  private static final Map<String, String> LOCAL =
      Map.of("data-planning-mode", "local", "delete-planning-mode", "local");

  /**
   * Filters, and where each plan's delete manifests are read: partition c2 has no delete file, so a
   * filter on it reads no delete manifest and reports {@code deletes=local}.
   */
  private static final Map<String, String> FILTERS =
      Map.of(
          "true", "distributed",
          "id >= 150", "distributed",
          "category = 'c1'", "distributed",
          "category = 'c2' AND id < 40", "local");

  private final SparkSession spark = SharedSpark.get().session();
  private final List<ReadFixture> tables = new ArrayList<>();

  @BeforeAll
  void writeTables() {
    FixtureWriter writer = new FixtureWriter(SharedSpark.get());
    writer.sql(
        "", "CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + FixtureWriter.DATABASE);
    tables.add(write(writer, "executor_planning_v2", 2));
    tables.add(write(writer, "executor_planning_v3", 3));
  }

  /** Four appends of four partitions, then a merge-on-read delete: delete files in two of them. */
  private static ReadFixture write(FixtureWriter writer, String name, int formatVersion) {
    writer.sql(
        name,
        "DROP TABLE IF EXISTS {t}",
        "CREATE TABLE {t} (id bigint, category string, amount double) USING iceberg"
            + " PARTITIONED BY (category) TBLPROPERTIES ('format-version'='"
            + formatVersion
            + "', 'write.delete.mode'='merge-on-read')");
    for (int append = 0; append < 4; append++) {
      writer.sql(
          name,
          "INSERT INTO {t} SELECT id, concat('c', id % 4), id * 1.5 FROM range("
              + append * 50
              + ", "
              + (append + 1) * 50
              + ")");
    }
    writer.sql(name, "DELETE FROM {t} WHERE id % 7 = 0 AND category IN ('c0', 'c1')");
    return writer.fixture(name, 200 - 15);
  }

  @Test
  void distributedPlansReadIcebergsRowsWithTheLocalPlan() {
    for (ReadFixture table : tables) {
      String location = table.location().toString();
      for (Map.Entry<String, String> filtered : FILTERS.entrySet()) {
        String filter = filtered.getKey();
        Dataset<Row> distributed = floe(location, DISTRIBUTED).filter(filter);
        assertThat(SortedRows.of(distributed))
            .as("rows of %s where %s planned on executors, Iceberg's", table.name(), filter)
            .isEqualTo(SortedRows.of(spark.table(table.identifier()).filter(filter)));
        String plannedThere = scanDescription(distributed);
        assertThat(plannedThere)
            .as("EXPLAIN of %s where %s", table.name(), filter)
            .contains("planning=[data=distributed, deletes=" + filtered.getValue() + "]");
        String plannedHere = scanDescription(floe(location, LOCAL).filter(filter));
        assertThat(plannedHere).contains("planning=[data=local, deletes=local]");
        assertThat(withoutMetadataReads(plannedThere))
            .as("the plan of %s where %s: every hop's counts, the files, the tasks", table, filter)
            .isEqualTo(withoutMetadataReads(plannedHere));
      }
    }
  }

  @Test
  void pushedCountsArePlannedOnExecutorsToo() {
    for (ReadFixture table : tables) {
      Dataset<Row> count = floe(table.location().toString(), DISTRIBUTED).groupBy().count();
      assertThat(count.collectAsList().get(0).getLong(0))
          .as("COUNT(*) of %s, Iceberg's rows counted", table.name())
          .isEqualTo(spark.table(table.identifier()).collectAsList().size());
      assertThat(scanDescription(count))
          .contains("aggregate=[COUNT(*)]")
          .contains("planning=[data=distributed, deletes=distributed]");
    }
  }

  @Test
  void autoPlansLocallyOnALocalMaster() {
    ReadFixture table = tables.get(0);
    assertThat(scanDescription(floe(table.location().toString(), Map.of())))
        .as("auto, the default: a local master has no executors apart from the driver")
        .contains("planning=[data=local, deletes=local]");
    assertThat(
            scanDescription(
                floe(
                    table.location().toString(),
                    Map.of("data-planning-mode", "distributed", "delete-planning-mode", "auto"))))
        .as("each content's mode is its own")
        .contains("planning=[data=distributed, deletes=local]");
  }

  @Test
  void anUnknownModeIsRefusedByName() {
    String location = tables.get(0).location().toString();
    assertThatThrownBy(() -> floe(location, Map.of("data-planning-mode", "remote")).collectAsList())
        .hasMessageContaining(
            "Invalid Read option data-planning-mode: 'remote'; expected one of local,"
                + " distributed, auto");
  }

  @Test
  void aDamagedManifestReadOnAnExecutorNamesTheManifestAndTheTable() throws IOException {
    FixtureWriter writer = new FixtureWriter(SharedSpark.get());
    String name = "executor_planning_damaged";
    writer.sql(
        name,
        "DROP TABLE IF EXISTS {t}",
        "CREATE TABLE {t} (id bigint) USING iceberg",
        "INSERT INTO {t} SELECT id FROM range(10)");
    Path location = writer.fixture(name, 10).location();
    Path manifest;
    try (Stream<Path> files = Files.list(location.resolve("metadata"))) {
      manifest =
          files
              .filter(path -> path.getFileName().toString().matches(".*-m[0-9]+\\.avro"))
              .findFirst()
              .orElseThrow();
    }
    // the same length, so that nothing but the content says it is damaged
    byte[] bytes = Files.readAllBytes(manifest);
    for (int index = bytes.length / 2; index < bytes.length; index++) {
      bytes[index] = (byte) 0x5a;
    }
    Files.write(manifest, bytes);

    assertThatThrownBy(
            () ->
                floe(location.toString(), Map.of("data-planning-mode", "distributed"))
                    .collectAsList())
        .as("the executor's error, with the planner's table and snapshot")
        .hasMessageContaining("Cannot plan table " + location)
        .hasMessageContaining(manifest.getFileName().toString());
  }

  private Dataset<Row> floe(String location, Map<String, String> options) {
    return spark.read().format("floe").options(options).load(location);
  }

  /** The scan's part of {@code EXPLAIN}: Floe's description of its plan. */
  private static String scanDescription(Dataset<Row> query) {
    return ExecutedScans.of(query.queryExecution().executedPlan()).get(0).scan().description();
  }

  /** A description without what differs between equal plans: where metadata was read. */
  private static String withoutMetadataReads(String description) {
    return description
        .replaceAll(" metadata=\\[.*?\\]\\] ", " ")
        .replaceAll(" planning=\\[.*?\\]", "");
  }
}
