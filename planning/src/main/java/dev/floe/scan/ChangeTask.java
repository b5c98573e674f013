package dev.floe.scan;

import dev.floe.manifest.DeleteFile;
import java.util.List;
import java.util.Objects;

/**
 * The rows of one data file that one commit of a changelog read inserted or deleted: every row of a
 * file the commit added, read with the deletes that apply to it at that commit; every row of a file
 * the commit removed, read with the deletes that applied to it just before; or the rows of a file
 * the commit kept that its delete files removed.
 *
 * @param type whether the commit inserted or deleted the task's rows
 * @param ordinal the commit's place in the changelog: 0 for its oldest commit (Iceberg's {@code
 *     _change_ordinal})
 * @param commitSnapshotId the snapshot the commit made (Iceberg's {@code _commit_snapshot_id})
 * @param task the file, its deletes and residual, as a scan's whole-file task
 * @param priorDeletes for the rows a commit removed with delete files, from a file it kept: the
 *     delete files that applied to the file before the commit (the task's own are those after it;
 *     the task's rows are those the latter delete and the former do not); null for every other task
 */
public record ChangeTask(
    ChangeType type,
    int ordinal,
    long commitSnapshotId,
    FileScanTask task,
    List<DeleteFile> priorDeletes) {
  public ChangeTask {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(task, "task");
    priorDeletes = priorDeletes == null ? null : List.copyOf(priorDeletes);
    if (ordinal < 0) {
      throw new IllegalArgumentException("A change ordinal cannot be negative: " + ordinal);
    }
  }
}
