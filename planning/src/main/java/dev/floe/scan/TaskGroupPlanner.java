package dev.floe.scan;

import dev.floe.manifest.DeleteFile;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;

/**
 * Packs splits into task groups of about a target weight, in the order the plan gives them, by the
 * rule Iceberg's readers use: a split joins the first of the open groups it fits in (its weight
 * added keeps the group at or under the target); when none has room it opens a new group, and once
 * more than {@code lookback} groups are open the heaviest of them is closed. So the number of
 * groups grows with the table's bytes, a group never holds much more than the target, and the same
 * plan always gives the same groups.
 *
 * <p>A split weighs the bytes it reads, data and delete files, but at least the cost of opening
 * each of its files, so that many small files do not pile up in one group. A split heavier than the
 * target is a group of its own.
 */
final class TaskGroupPlanner {
  private final long targetWeight;
  private final int lookback;
  private final long openFileCost;

  TaskGroupPlanner(long targetWeight, int lookback, long openFileCost) {
    if (targetWeight <= 0) {
      throw new IllegalArgumentException("Target weight must be positive: " + targetWeight);
    }
    if (lookback < 1) {
      throw new IllegalArgumentException("Lookback must be at least 1: " + lookback);
    }
    if (openFileCost < 0) {
      throw new IllegalArgumentException("Open file cost must not be negative: " + openFileCost);
    }
    this.targetWeight = targetWeight;
    this.lookback = lookback;
    this.openFileCost = openFileCost;
  }

  /** The weight of a split: its data and delete bytes, at least the open cost of its files. */
  static long weight(FileScanTask task, long openFileCost) {
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

  long weight(FileScanTask task) {
    return weight(task, openFileCost);
  }

  /** The groups of {@code splits}, taken in their order; none for no splits. */
  List<ScanTaskGroup> group(Iterator<FileScanTask> splits) {
    List<ScanTaskGroup> closed = new ArrayList<>();
    LinkedList<OpenGroup> open = new LinkedList<>();
    while (splits.hasNext()) {
      FileScanTask split = splits.next();
      long weight = weight(split);
      OpenGroup fitting = firstFitting(open, weight);
      if (fitting == null) {
        fitting = new OpenGroup();
        open.addLast(fitting);
      }
      fitting.add(split, weight);
      if (open.size() > lookback) {
        OpenGroup heaviest = heaviest(open);
        open.remove(heaviest);
        closed.add(heaviest.close());
      }
    }
    for (OpenGroup group : open) {
      closed.add(group.close());
    }
    return closed;
  }

  List<ScanTaskGroup> group(List<FileScanTask> splits) {
    return group(splits.iterator());
  }

  private OpenGroup firstFitting(List<OpenGroup> open, long weight) {
    for (OpenGroup group : open) {
      if (group.weight + weight <= targetWeight) {
        return group;
      }
    }
    return null;
  }

  /** The heaviest open group; the one opened first among equals, so the packing is repeatable. */
  private static OpenGroup heaviest(List<OpenGroup> open) {
    OpenGroup heaviest = null;
    for (OpenGroup group : open) {
      if (heaviest == null || group.weight > heaviest.weight) {
        heaviest = group;
      }
    }
    return heaviest;
  }

  private static final class OpenGroup {
    private final List<FileScanTask> tasks = new ArrayList<>();
    private long weight;

    void add(FileScanTask task, long taskWeight) {
      tasks.add(task);
      weight += taskWeight;
    }

    ScanTaskGroup close() {
      return new ScanTaskGroup(tasks, weight);
    }
  }
}
