package dev.floe.scan;

import static dev.floe.scan.ScanFixtures.BOOKS;
import static dev.floe.scan.ScanFixtures.dataFile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.expr.Expression;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestTaskGroupPlanner {
  private static FileScanTask task(String name, long size, DeleteFile... deletes) {
    DataFile file = dataFile(name, 1, BOOKS, 1, size, List.of(), ColumnMetrics.EMPTY);
    return new FileScanTask(file, List.of(deletes), Expression.alwaysTrue(), 0, size);
  }

  private static List<List<String>> names(List<ScanTaskGroup> groups) {
    return groups.stream()
        .map(
            group ->
                group.tasks().stream()
                    .map(task -> task.file().location().replace("file:/t/data/", ""))
                    .toList())
        .toList();
  }

  @Test
  void weightCountsDeleteBytesAndAtLeastTheOpenCostPerFile() {
    TaskGroupPlanner planner = new TaskGroupPlanner(100_000, 10, 1000);
    DeleteFile deletes = ScanFixtures.positionDeletes("pos.parquet", 1, BOOKS, 2);
    DeleteFile dv = ScanFixtures.deletionVector("dv.puffin", task("x", 10).file(), 2, 4);

    assertThat(planner.weight(task("small", 10))).as("open cost floor").isEqualTo(1000);
    assertThat(planner.weight(task("big", 5000, deletes)))
        .as("data bytes plus delete file bytes")
        .isEqualTo(5000 + 200);
    assertThat(planner.weight(task("big", 5000, dv)))
        .as("a deletion vector weighs its blob, not its whole Puffin file")
        .isEqualTo(5000 + 40);
    assertThat(planner.weight(task("tiny", 10, deletes, deletes)))
        .as("open cost for the data file and each delete file")
        .isEqualTo(3000);
  }

  @Test
  void fillsGroupsUpToTheTargetInPlanOrder() {
    List<FileScanTask> tasks =
        List.of(task("a", 60), task("b", 50), task("c", 40), task("d", 30), task("e", 20));

    List<ScanTaskGroup> groups = new TaskGroupPlanner(100, 10, 0).group(tasks);

    assertThat(names(groups))
        .as("each split into the first open group with room for it")
        .containsExactly(List.of("a", "c"), List.of("b", "d", "e"));
    assertThat(groups).extracting(ScanTaskGroup::weight).containsExactly(100L, 100L);
  }

  @Test
  void aSplitHeavierThanTheTargetIsAGroupOfItsOwn() {
    List<ScanTaskGroup> groups =
        new TaskGroupPlanner(100, 10, 0).group(List.of(task("a", 30), task("huge", 500)));

    assertThat(names(groups)).containsExactly(List.of("a"), List.of("huge"));
  }

  @Test
  void beyondTheLookbackTheHeaviestOpenGroupIsClosed() {
    // target 100, lookback 2: a(90) and b(80) fill two groups; c(70) opens a third, which closes
    // the heaviest (a's), so d(10) can no longer join a's group and joins b's
    List<FileScanTask> tasks = List.of(task("a", 90), task("b", 80), task("c", 70), task("d", 10));

    List<ScanTaskGroup> groups = new TaskGroupPlanner(100, 2, 0).group(tasks);

    assertThat(names(groups))
        .containsExactly(List.of("a"), List.of("b", "d"), List.of("c"))
        .as("a lookback of 10 would have put d with a")
        .isNotEqualTo(names(new TaskGroupPlanner(100, 10, 0).group(tasks)));
  }

  @Test
  void groupCountGrowsWithTheBytesAndNoGroupExceedsTheTarget() {
    List<FileScanTask> tasks = new ArrayList<>();
    for (int index = 0; index < 1000; index++) {
      tasks.add(task("f" + index, 8 + index % 5));
    }
    long total = tasks.stream().mapToLong(FileScanTask::length).sum();

    List<ScanTaskGroup> groups = new TaskGroupPlanner(128, 10, 0).group(tasks);

    assertThat(groups).allSatisfy(group -> assertThat(group.weight()).isLessThanOrEqualTo(128));
    assertThat(groups.size())
        .as("at least total / target, and little more: groups are filled close to the target")
        .isBetween((int) ((total + 127) / 128), (int) (total / 128 * 11 / 10 + 1));
    assertThat(groups.stream().mapToInt(group -> group.tasks().size()).sum())
        .as("every split in exactly one group")
        .isEqualTo(1000);
  }

  @Test
  void theSamePlanAlwaysGivesTheSameGroups() {
    List<FileScanTask> tasks = new ArrayList<>();
    for (int index = 0; index < 200; index++) {
      tasks.add(task("f" + index, 10 + (index * 37) % 90));
    }

    assertThat(new TaskGroupPlanner(250, 10, 20).group(tasks))
        .isEqualTo(new TaskGroupPlanner(250, 10, 20).group(tasks));
  }

  @Test
  void noSplitsNoGroups() {
    assertThat(new TaskGroupPlanner(100, 10, 0).group(List.of())).isEmpty();
  }

  @Test
  void refusesSettingsThatCannotPack() {
    assertThatThrownBy(() -> new TaskGroupPlanner(0, 10, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Target weight must be positive: 0");
    assertThatThrownBy(() -> new TaskGroupPlanner(100, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Lookback must be at least 1: 0");
  }
}
