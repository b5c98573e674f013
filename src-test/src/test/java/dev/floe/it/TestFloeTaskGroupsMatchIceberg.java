package dev.floe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.scan.TableScan;
import dev.floe.scan.TaskGroups;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.CombinedScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Floe packs splits into task groups as Iceberg's planner does (target weight, open-file cost,
 * lookback), so a table gives about as many groups in both: exactly as many on the 100,000-file
 * table of 8 MB files that issue 20 measured (Floe gave 2 Spark partitions where Iceberg gave
 * 6,250), within 5% on a table of mixed sizes and row groups at several target sizes. Metadata
 * only: no data file exists, planning never opens one.
 *
 * <p>The groups themselves differ: Iceberg takes the splits in the order its parallel manifest
 * reads deliver them, Floe in manifest order. Floe's adaptive shrink is off, since Iceberg's
 * planner (unlike its Spark scan) does not adapt.
 */
class TestFloeTaskGroupsMatchIceberg {
  private static final long MIB = 1024 * 1024;

  /** From 1 to 300 MiB, spread over the files. */
  private static final MetadataOnlyTable.FileSizes MIXED_SIZES =
      index -> (1 + (index * 7919) % 300) * MIB;

  @TempDir static Path warehouse;

  @Test
  void aHundredThousandEightMegabyteFilesGiveIcebergsGroupCount() {
    Table table = MetadataOnlyTable.write(warehouse, "uniform", 1000, 100, index -> 8 * MIB, 0);

    int iceberg = icebergGroups(table, 128 * MIB).size();
    TaskGroups floe = floeGroups(table, 128 * MIB);

    assertThat(iceberg).as("16 files of 8 MiB fill each 128 MiB group").isEqualTo(6250);
    assertThat(floe.groups()).as("Floe's groups").hasSize(iceberg);
    assertThat(floe.splits()).isEqualTo(100_000);
  }

  @ParameterizedTest(name = "target {0} MiB")
  @ValueSource(longs = {16, 128, 512})
  void mixedSizesAndRowGroupsGiveAboutIcebergsGroupCount(long targetMebibytes) {
    long target = targetMebibytes * MIB;
    Table table =
        MetadataOnlyTable.write(warehouse, "mixed-" + targetMebibytes, 20, 50, MIXED_SIZES, 0);

    int iceberg = icebergGroups(table, target).size();
    TaskGroups floe = floeGroups(table, target);

    assertThat(floe.targetSize()).isEqualTo(target);
    assertThat((double) floe.groups().size() / iceberg)
        .as("Floe %d groups, Iceberg %d", floe.groups().size(), iceberg)
        .isBetween(0.95, 1.05);
    assertThat(floe.groups())
        .as("no group passes the target but a split heavier than it, alone")
        .allSatisfy(
            group ->
                assertThat(group.weight() <= target || group.tasks().size() == 1)
                    .as("group of %d splits weighing %d", group.tasks().size(), group.weight())
                    .isTrue());
  }

  /**
   * With delete files Floe gives fewer groups than Iceberg, on purpose: Iceberg cuts a file at
   * every row group and weighs each piece with all the file's delete files, so a file of eight row
   * groups counts its deletes eight times; Floe cuts a file into splits of whole row groups up to
   * the target and counts the deletes once per split, which is what a reader loads.
   */
  @Test
  void deleteFilesWeighOncePerSplit() {
    long target = 128 * MIB;
    Table table = MetadataOnlyTable.write(warehouse, "mixed-deletes", 20, 50, MIXED_SIZES, 3);

    int iceberg = icebergGroups(table, target).size();
    TaskGroups floe = floeGroups(table, target);
    int splitsOverTarget =
        (int) floe.groups().stream().filter(group -> group.weight() > target).count();

    assertThat(floe.groups().size())
        .as("Floe %d groups, Iceberg %d", floe.groups().size(), iceberg)
        .isLessThan(iceberg);
    assertThat(floe.groups())
        .as("only a split heavier than the target passes it, alone")
        .filteredOn(group -> group.weight() > target)
        .allSatisfy(group -> assertThat(group.tasks()).hasSize(1));
    assertThat(splitsOverTarget).as("128 MiB splits with 18 MiB of deletes").isPositive();
    assertThat(floe.splits()).isEqualTo(1721);
  }

  private static TaskGroups floeGroups(Table table, long target) {
    TableScan scan =
        TableScan.of(FloePlanner.load(table.location()))
            .splitSize(target)
            .adaptiveSplitSize(false)
            .planningThreads(1);
    return scan.planGroups(scan.plan(), 1);
  }

  private static List<CombinedScanTask> icebergGroups(Table table, long target) {
    try (CloseableIterable<CombinedScanTask> tasks =
        table.newScan().option(TableProperties.SPLIT_SIZE, Long.toString(target)).planTasks()) {
      List<CombinedScanTask> groups = new ArrayList<>();
      tasks.forEach(groups::add);
      return groups;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
