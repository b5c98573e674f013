package dev.floe.spark.exec;

import dev.floe.CorruptFileException;
import dev.floe.CorruptTableException;
import dev.floe.FileReadException;
import dev.floe.FloeException;
import dev.floe.InvalidRequestException;
import dev.floe.io.FileIO;
import dev.floe.scan.task.ReadTask;
import dev.floe.scan.task.ScanContext;
import dev.floe.spark.deletes.DeleteCache;
import dev.floe.spark.deletes.DeleteLoader;
import dev.floe.table.NameMapping;

/**
 * Opens the {@link TaskReader}s of one input partition's tasks with what they share: the name
 * mapping, parsed once; the delete loader (and through it the executor's delete cache).
 */
public record TaskOpener(
    FileIO io, ScanContext context, NameMapping nameMapping, DeleteLoader deletes) {

  public static TaskOpener of(FileIO io, ScanContext context) {
    NameMapping nameMapping = context.nameMapping();
    DeleteLoader deletes =
        new DeleteLoader(
            io,
            context.table(),
            context.readSchema(),
            nameMapping,
            DeleteCache.shared(context.deleteCacheBytes()),
            context.batchSize(),
            context.verifyChecksums());
    return new TaskOpener(io, context, nameMapping, deletes);
  }

  /**
   * Opens a task of a scan: what the row filter cannot evaluate of its residual is a pruning form
   * of a predicate Spark evaluates after the scan.
   */
  public TaskReader open(ReadTask task) {
    return TaskReader.open(io, context, nameMapping, deletes, task, false);
  }

  /**
   * Opens a task whose rows are counted: Spark evaluates nothing after the count, so the row filter
   * must evaluate the whole residual (it does, since an aggregate is pushed only when every
   * predicate has an exact form).
   */
  public TaskReader openWholeResidual(ReadTask task) {
    return TaskReader.open(io, context, nameMapping, deletes, task, true);
  }

  /**
   * The same kind of failure, its message prefixed with the table and the task's data file: a file
   * reader knows only its own file, and Spark's report of a failed task should say which table and
   * which read broke, whether the data file or one of its delete files failed.
   */
  public FloeException located(FloeException failure, ReadTask task) {
    String message =
        "Cannot read table "
            + context.table()
            + " (data file "
            + task.task().file().location()
            + "): "
            + failure.getMessage();
    if (failure instanceof CorruptFileException) {
      return new CorruptFileException(message, failure);
    }
    if (failure instanceof FileReadException) {
      return new FileReadException(message, failure);
    }
    if (failure instanceof CorruptTableException) {
      return new CorruptTableException(message, failure);
    }
    if (failure instanceof InvalidRequestException) {
      return new InvalidRequestException(message, failure);
    }
    return new FloeException(message, failure);
  }
}
