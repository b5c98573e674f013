package dev.floe.scan;

import java.util.List;

/** Tasks read together by one reader (one Spark input partition), with their total weight. */
public record ScanTaskGroup(List<FileScanTask> tasks, long weight) {
  public ScanTaskGroup {
    tasks = List.copyOf(tasks);
    if (tasks.isEmpty()) {
      throw new IllegalArgumentException("A task group cannot be empty");
    }
  }
}
