package dev.floe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.manifest.DataFile;
import dev.floe.scan.FileScanTask;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Floe's own split policy, on the Iceberg-written table whose files have good, missing,
 * past-the-end and descending {@code split_offsets}: a split starts at a recorded row group and
 * holds whole row groups up to the split size (one larger row group alone), and a file whose
 * offsets cannot be trusted, or that fits in one split, is read whole from byte 0.
 */
class TestFloeSplitPolicy {
  @ParameterizedTest(name = "split size {0}")
  @ValueSource(longs = {1_000L, 3_500L, 7_000L, 128L * 1024 * 1024})
  void splitsFollowRowGroupsUpToTheSplitSize(long splitSize) {
    Scenario scenario = ScenarioLibrary.shared("split-offsets", 2);
    Map<String, List<FileScanTask>> splitsByFile = new TreeMap<>();
    for (FileScanTask task :
        FloePlanner.scan(scenario.location(), new ScanTarget.Current())
            .splitSize(splitSize)
            .planTasks()) {
      splitsByFile.computeIfAbsent(task.file().location(), key -> new ArrayList<>()).add(task);
    }

    assertThat(splitsByFile.keySet())
        .as("every file of the table is planned")
        .isEqualTo(
            new IcebergPlanner().planFiles(scenario, new ScanTarget.Current()).files().keySet());
    splitsByFile.forEach(
        (location, splits) -> {
          DataFile file = splits.get(0).file();
          List<Long> offsets = usableOffsets(file);
          String name = location.substring(location.lastIndexOf('/') + 1);
          if (offsets.size() <= 1 || file.fileSizeInBytes() <= splitSize) {
            assertThat(splits)
                .as("%s is read whole: no trustworthy offsets, or it fits in one split", name)
                .singleElement()
                .satisfies(split -> assertThat(split.isWholeFile()).isTrue());
            return;
          }
          for (FileScanTask split : splits) {
            assertThat(offsets)
                .as("%s: split at %d starts at a recorded row group", name, split.start())
                .contains(split.start());
            long rowGroupsInSplit =
                offsets.stream()
                    .filter(offset -> offset >= split.start())
                    .filter(offset -> offset < split.start() + split.length())
                    .count();
            if (rowGroupsInSplit > 1) {
              assertThat(split.length())
                  .as(
                      "%s: a split of %d row groups stays within the split size",
                      name, rowGroupsInSplit)
                  .isLessThanOrEqualTo(splitSize);
            }
          }
        });
  }

  private static List<Long> usableOffsets(DataFile file) {
    List<Long> offsets = file.splitOffsets();
    for (int index = 0; index < offsets.size(); index++) {
      boolean ascending = index == 0 || offsets.get(index) > offsets.get(index - 1);
      if (!ascending || offsets.get(index) >= file.fileSizeInBytes()) {
        return List.of();
      }
    }
    return offsets;
  }
}
