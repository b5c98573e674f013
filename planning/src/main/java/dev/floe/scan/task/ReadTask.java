package dev.floe.scan.task;

import dev.floe.manifest.DeleteFile;
import dev.floe.scan.FileScanTask;
import dev.floe.table.NameMapping;
import dev.floe.table.Schema;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One planned task as an executor receives it: the split with its delete files and residual, and
 * the values of the columns read as constants (see {@link FileReadRequest#constants()}).
 *
 * <p>A changelog's task of removed rows also names {@code priorDeletes}: the delete files that
 * applied to the file before the commit. It reads the rows the task's own delete files (those after
 * the commit) delete and the prior ones do not, the rows the commit removed; {@code priorDeletes}
 * is null for every other task, which reads the rows its delete files leave.
 */
public record ReadTask(
    FileScanTask task, Map<Integer, Object> constants, List<DeleteFile> priorDeletes) {
  public ReadTask {
    Objects.requireNonNull(task, "task");
    // a null partition value is a constant too, so no Map.copyOf
    constants = Collections.unmodifiableMap(new HashMap<>(constants));
    priorDeletes = priorDeletes == null ? null : List.copyOf(priorDeletes);
  }

  /** A task that reads the rows its delete files leave. */
  public ReadTask(FileScanTask task, Map<Integer, Object> constants) {
    this(task, constants, null);
  }

  /** Whether the task reads the rows a commit removed (see the class comment). */
  public boolean readsRemovedRows() {
    return priorDeletes != null;
  }

  /** The task of the same split with the delete files that applied before the commit. */
  public FileScanTask priorTask() {
    return new FileScanTask(
        task.file(),
        priorDeletes == null ? List.of() : priorDeletes,
        task.residual(),
        task.start(),
        task.length());
  }

  /** The decoder's request for this task, producing the columns of {@code decoded}. */
  public FileReadRequest request(ScanContext context, NameMapping nameMapping, Schema decoded) {
    return new FileReadRequest(
        task.file().location(),
        task.file().format(),
        task.start(),
        task.length(),
        task.file().fileSizeInBytes(),
        decoded,
        constants,
        nameMapping,
        task.residual(),
        context.batchSize(),
        context.verifyChecksums());
  }
}
