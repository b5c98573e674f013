package dev.floe.scan;

import java.util.Objects;

/**
 * Splits of one commit's inserted or deleted files, packed into one engine task: a changelog's
 * counterpart of a {@link ScanTaskGroup}, whose rows all carry the same change columns.
 */
public record ChangeGroup(
    ChangeType type, int ordinal, long commitSnapshotId, ScanTaskGroup group) {
  public ChangeGroup {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(group, "group");
  }
}
