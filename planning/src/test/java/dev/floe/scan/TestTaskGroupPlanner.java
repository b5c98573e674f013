package dev.floe.scan;

import static dev.floe.scan.ScanFixtures.BOOKS;
import static dev.floe.scan.ScanFixtures.dataFile;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.expr.Expression;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TestTaskGroupPlanner {
  private static FileScanTask task(String name, long size, DeleteFile... deletes) {
    DataFile file = dataFile(name, 1, BOOKS, 1, size, List.of(), ColumnMetrics.EMPTY);
    return new FileScanTask(file, List.of(deletes), Expression.alwaysTrue(), 0, size);
  }

  @Test
  void weightCountsDeleteBytesAndAtLeastTheOpenCostPerFile() {
    TaskGroupPlanner planner = new TaskGroupPlanner(1000);
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
  void largestFirstIntoTheLightestGroup() {
    List<FileScanTask> tasks =
        List.of(
            task("a", 7000), task("b", 5000), task("c", 4000), task("d", 3000), task("e", 1000));

    List<ScanTaskGroup> groups = new TaskGroupPlanner(0).group(tasks, 2);

    assertThat(groups).extracting(ScanTaskGroup::weight).containsExactly(10000L, 10000L);
    assertThat(groups.get(0).tasks())
        .extracting(task -> task.file().location())
        .as("a(7000) then d(3000); tasks ordered by location within the group")
        .containsExactly("file:/t/data/a", "file:/t/data/d");
  }

  @Test
  void neverMoreGroupsThanTasksAndNoEmptyGroups() {
    List<ScanTaskGroup> groups =
        new TaskGroupPlanner(0).group(List.of(task("a", 10), task("b", 20)), 8);

    assertThat(groups).hasSize(2).allSatisfy(group -> assertThat(group.tasks()).isNotEmpty());
    assertThat(new TaskGroupPlanner(0).group(List.of(), 8)).isEmpty();
  }

  @Test
  void groupsDoNotDependOnTaskOrder() {
    List<FileScanTask> tasks = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      tasks.add(task("f" + i, 1000 + (i % 7) * 300));
    }
    List<ScanTaskGroup> expected = new TaskGroupPlanner(500).group(tasks, 6);

    List<FileScanTask> shuffled = new ArrayList<>(tasks);
    Collections.shuffle(shuffled, new Random(42));

    assertThat(new TaskGroupPlanner(500).group(shuffled, 6))
        .as("equal weights are broken by location, so input order does not matter")
        .isEqualTo(expected);
  }
}
