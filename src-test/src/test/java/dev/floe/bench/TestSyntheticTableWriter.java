package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The synthetic tables have the shape the benchmark claims, as Iceberg itself plans them. */
class TestSyntheticTableWriter {
  private static final TableShape SMALL = TableShape.dataOnly(3, 4, 2);
  private static final TableShape SMALL_WITH_DELETES = SMALL.withDeleteFilesPerPartition(2);

  private final Configuration hadoop = new Configuration();

  @TempDir Path directory;

  @Test
  void dataManifestsAreKeptAsWritten() {
    Table table = new SyntheticTableWriter(hadoop).write(SMALL, location("small"));

    Snapshot snapshot = table.currentSnapshot();
    assertThat(snapshot.dataManifests(table.io()))
        .as("one fast append keeps each written manifest")
        .hasSize(3)
        .allSatisfy(manifest -> assertThat(manifest.addedFilesCount()).isEqualTo(4));
    assertThat(snapshot.deleteManifests(table.io())).as("no deletes in this shape").isEmpty();
    assertThat(table.spec().fields()).as("identity partitioning on part").hasSize(1);
  }

  @Test
  void icebergPlansTheExpectedFilesAndDeletes() {
    String location = location("deletes");
    new SyntheticTableWriter(hadoop).write(SMALL_WITH_DELETES, location);

    try (IcebergTablePlanner planner = IcebergTablePlanner.onWorkerPool(hadoop)) {
      assertThat(planner.plan(location))
          .as("12 data files, each with the 2 position deletes of its partition")
          .isEqualTo(SMALL_WITH_DELETES.expectedOutcome())
          .isEqualTo(new PlanOutcome(12, 24, SMALL.expectedOutcome().records()));
    }
  }

  @Test
  void deletesGetOneManifestPerPartitionAndKeepTheDataManifests() {
    Table table = new SyntheticTableWriter(hadoop).write(SMALL_WITH_DELETES, location("manifests"));

    Snapshot snapshot = table.currentSnapshot();
    assertThat(snapshot.deleteManifests(table.io()))
        .as("one row delta per partition, merging off")
        .hasSize(2);
    assertThat(snapshot.dataManifests(table.io()))
        .as("later commits do not merge the data manifests")
        .hasSize(3);
  }

  @Test
  void everyIcebergPlannerAgreesWithTheDefaultScan() {
    String location = location("agree");
    new SyntheticTableWriter(hadoop).write(SMALL_WITH_DELETES, location);

    try (IcebergTablePlanner workerPool = IcebergTablePlanner.onWorkerPool(hadoop);
        IcebergTablePlanner oneThread = IcebergTablePlanner.withExecutor(hadoop, 1)) {
      PlanFingerprint expected = workerPool.fingerprint(location);
      assertThat(expected.dataFiles()).isEqualTo(12);
      assertThatCode(
              () ->
                  oneThread
                      .fingerprint(location)
                      .requireSameAs(expected, oneThread.description(), "default", SMALL.name()))
          .as("planWith on one thread plans the same files and deletes")
          .doesNotThrowAnyException();
    }
  }

  private String location(String name) {
    return directory.resolve(name).toAbsolutePath().toString();
  }

  @Test
  void fileLayoutsSpreadTheirRowGroupsOverTheFile() {
    long mebibyte = 1L << 20;
    assertThat(SyntheticTableWriter.FileLayout.PLANNING.splitOffsets(64 * mebibyte))
        .as("the planning benchmark's four row groups")
        .containsExactly(4L, 16 * mebibyte, 32 * mebibyte, 48 * mebibyte);
    SyntheticTableWriter.FileLayout eightMebibytes =
        SyntheticTableWriter.FileLayout.fixed(8 * mebibyte, 1);
    assertThat(eightMebibytes.sizeOf().applyAsLong(123_456))
        .as("every file the same size")
        .isEqualTo(8 * mebibyte);
    assertThat(eightMebibytes.splitOffsets(8 * mebibyte)).as("one row group").containsExactly(4L);
  }
}
