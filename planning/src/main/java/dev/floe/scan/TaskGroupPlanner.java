package dev.floe.scan;

import dev.floe.manifest.DeleteFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Packs tasks into a target number of groups of similar weight: the heaviest task first, each into
 * the lightest group so far (the longest-processing-time rule). A task weighs the bytes it reads,
 * data and delete files, but at least the cost of opening each of its files, so many small files do
 * not pile up in one group. Never more groups than tasks, never an empty group; within a group,
 * tasks are ordered by file location and start, so the same plan always gives the same groups.
 */
final class TaskGroupPlanner {
  private static final Comparator<FileScanTask> FILE_ORDER =
      Comparator.comparing((FileScanTask task) -> task.file().location())
          .thenComparingLong(FileScanTask::start);

  private final long openFileCost;

  TaskGroupPlanner(long openFileCost) {
    if (openFileCost < 0) {
      throw new IllegalArgumentException("Open file cost must not be negative: " + openFileCost);
    }
    this.openFileCost = openFileCost;
  }

  long weight(FileScanTask task) {
    long deleteBytes = 0;
    for (DeleteFile delete : task.deletes()) {
      deleteBytes +=
          delete.isDeletionVector() && delete.contentSizeInBytes() != null
              ? delete.contentSizeInBytes()
              : delete.fileSizeInBytes();
    }
    long openCost = (1L + task.deletes().size()) * openFileCost;
    return Math.max(task.length() + deleteBytes, openCost);
  }

  List<ScanTaskGroup> group(List<FileScanTask> tasks, int targetGroups) {
    if (targetGroups < 1) {
      throw new IllegalArgumentException("Target group count must be positive: " + targetGroups);
    }
    if (tasks.isEmpty()) {
      return List.of();
    }
    int groupCount = Math.min(targetGroups, tasks.size());
    List<WeightedTask> heaviestFirst = new ArrayList<>(tasks.size());
    for (FileScanTask task : tasks) {
      heaviestFirst.add(new WeightedTask(task, weight(task)));
    }
    heaviestFirst.sort(
        Comparator.comparingLong(WeightedTask::weight)
            .reversed()
            .thenComparing(WeightedTask::task, FILE_ORDER));

    List<OpenGroup> groups = new ArrayList<>(groupCount);
    PriorityQueue<OpenGroup> lightestFirst =
        new PriorityQueue<>(
            Comparator.comparingLong((OpenGroup group) -> group.weight)
                .thenComparingInt(group -> group.index));
    for (int index = 0; index < groupCount; index++) {
      OpenGroup group = new OpenGroup(index);
      groups.add(group);
      lightestFirst.add(group);
    }
    for (WeightedTask weighted : heaviestFirst) {
      OpenGroup lightest = lightestFirst.poll();
      lightest.tasks.add(weighted.task());
      lightest.weight += weighted.weight();
      lightestFirst.add(lightest);
    }

    List<ScanTaskGroup> result = new ArrayList<>(groupCount);
    for (OpenGroup group : groups) {
      group.tasks.sort(FILE_ORDER);
      result.add(new ScanTaskGroup(group.tasks, group.weight));
    }
    return result;
  }

  private record WeightedTask(FileScanTask task, long weight) {}

  private static final class OpenGroup {
    private final int index;
    private final List<FileScanTask> tasks = new ArrayList<>();
    private long weight;

    OpenGroup(int index) {
      this.index = index;
    }
  }
}
