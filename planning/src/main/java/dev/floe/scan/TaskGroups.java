package dev.floe.scan;

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
}
