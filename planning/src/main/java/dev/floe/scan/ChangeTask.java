package dev.floe.scan;

import java.util.Objects;

/**
 * The rows of one data file that one commit of a changelog read inserted or deleted: every row of a
 * file the commit added, read with the deletes that apply to it at that commit; or every row of a
 * file the commit removed, read with the deletes that applied to it just before.
 *
 * @param type whether the commit inserted or deleted the task's rows
 * @param ordinal the commit's place in the changelog: 0 for its oldest commit (Iceberg's {@code
 *     _change_ordinal})
 * @param commitSnapshotId the snapshot the commit made (Iceberg's {@code _commit_snapshot_id})
 * @param task the file, its deletes and residual, as a scan's whole-file task
 */
public record ChangeTask(ChangeType type, int ordinal, long commitSnapshotId, FileScanTask task) {
  public ChangeTask {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(task, "task");
    if (ordinal < 0) {
      throw new IllegalArgumentException("A change ordinal cannot be negative: " + ordinal);
    }
  }
}
