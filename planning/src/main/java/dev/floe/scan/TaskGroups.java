package dev.floe.scan;

import java.util.Iterator;
import java.util.List;

/**
 * A plan's splits packed into task groups (one engine task each), and the target weight the groups
 * were filled to: the split settings' target size, or less when a small scan adapted it ({@link
 * SplitSettings#targetFor}).
 */
public record TaskGroups(List<ScanTaskGroup> groups, long targetSize) {
  public TaskGroups {
    groups = List.copyOf(groups);
    if (targetSize <= 0) {
      throw new IllegalArgumentException("Target size must be positive: " + targetSize);
    }
  }

  /** The splits of every group. */
  public int splits() {
    int splits = 0;
    for (ScanTaskGroup group : groups) {
      splits += group.tasks().size();
    }
    return splits;
  }

  /**
   * A plan's whole-file tasks cut at their row-group offsets and packed into task groups, filled to
   * the target of {@link SplitSettings#targetFor} for an engine with {@code parallelism} slots (see
   * {@link TableScan#planGroups(ScanPlan, int)}).
   */
  static TaskGroups pack(ScanPlan plan, SplitSettings split, int parallelism) {
    long scanWeight = 0;
    long heaviestFile = 0;
    for (FileScanTask file : plan.files()) {
      long weight = TaskGroupPlanner.weight(file, split.openFileCost());
      scanWeight += weight;
      heaviestFile = Math.max(heaviestFile, weight);
    }
    long target = split.targetFor(scanWeight, heaviestFile, parallelism);
    SplitPlanner splitter = new SplitPlanner(target);
    Iterator<FileScanTask> splits =
        plan.files().stream().flatMap(file -> splitter.split(file).stream()).iterator();
    return new TaskGroups(
        new TaskGroupPlanner(target, split.lookback(), split.openFileCost()).group(splits), target);
  }
}
