package dev.floe.scan;

import static dev.floe.scan.ScanFixtures.BOOKS;
import static dev.floe.scan.ScanFixtures.dataFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.expr.Expression;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestSplitPlanner {
  /** Four row groups of 100 bytes after the 4-byte magic, and a 96-byte footer. */
  private static final DataFile FOUR_ROW_GROUPS =
      dataFile(
          "four.parquet", 1, BOOKS, 1, 500, List.of(4L, 104L, 204L, 304L), ColumnMetrics.EMPTY);

  private static FileScanTask whole(DataFile file) {
    return new FileScanTask(file, List.of(), Expression.alwaysTrue(), 0, file.fileSizeInBytes());
  }

  private static List<long[]> ranges(List<FileScanTask> tasks) {
    return tasks.stream().map(task -> new long[] {task.start(), task.length()}).toList();
  }

  @Test
  void splitsStartAtRowGroupsAndCoverEachRowGroupOnce() {
    List<FileScanTask> splits = new SplitPlanner(150).split(List.of(whole(FOUR_ROW_GROUPS)));

    assertThat(ranges(splits))
        .as(
            "one row group per split when two would exceed the split size; the last takes the footer")
        .containsExactly(
            new long[] {4, 100},
            new long[] {104, 100},
            new long[] {204, 100},
            new long[] {304, 196});
  }

  @Test
  void consecutiveRowGroupsShareASplitWithinTheSplitSize() {
    List<FileScanTask> splits = new SplitPlanner(300).split(List.of(whole(FOUR_ROW_GROUPS)));

    assertThat(ranges(splits)).containsExactly(new long[] {4, 300}, new long[] {304, 196});
  }

  @Test
  void aFileWithinTheSplitSizeStaysWhole() {
    List<FileScanTask> splits = new SplitPlanner(500).split(List.of(whole(FOUR_ROW_GROUPS)));

    assertThat(splits).containsExactly(whole(FOUR_ROW_GROUPS));
  }

  @Test
  void filesWithoutUsableOffsetsAreOneTask() {
    DataFile noOffsets =
        dataFile("none.parquet", 1, BOOKS, 1, 5000, List.of(), ColumnMetrics.EMPTY);
    DataFile descending =
        dataFile("desc.parquet", 1, BOOKS, 1, 5000, List.of(4L, 3000L, 1000L), ColumnMetrics.EMPTY);
    DataFile beyondEnd =
        dataFile("beyond.parquet", 1, BOOKS, 1, 5000, List.of(4L, 9000L), ColumnMetrics.EMPTY);

    List<FileScanTask> splits =
        new SplitPlanner(100).split(List.of(whole(noOffsets), whole(descending), whole(beyondEnd)));

    assertThat(splits)
        .as("without trustworthy offsets a file is read whole, never split blindly")
        .containsExactly(whole(noOffsets), whole(descending), whole(beyondEnd));
  }

  @Test
  void splitsKeepTheirDeletesAndResidual() {
    FileScanTask task =
        new FileScanTask(
            FOUR_ROW_GROUPS,
            List.of(ScanFixtures.positionDeletes("pos.parquet", 1, BOOKS, 2)),
            Expression.alwaysTrue(),
            0,
            500);

    List<FileScanTask> splits = new SplitPlanner(100).split(List.of(task));

    assertThat(splits)
        .hasSize(4)
        .allSatisfy(split -> assertThat(split.deletes()).isEqualTo(task.deletes()));
  }

  @Test
  void splitSizeMustBePositive() {
    assertThatThrownBy(() -> new SplitPlanner(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Split size must be positive, got 0");
  }
}
