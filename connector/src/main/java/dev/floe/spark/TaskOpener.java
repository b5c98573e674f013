package dev.floe.spark;

import dev.floe.io.FileIO;
import dev.floe.spark.deletes.DeleteCache;
import dev.floe.spark.deletes.DeleteLoader;
import dev.floe.table.NameMapping;

/**
 * Opens the {@link TaskReader}s of one input partition's tasks with what they share: the name
 * mapping, parsed once; the delete loader (and through it the executor's delete cache); the row
 * filter's residual evaluators per partition spec.
 */
record TaskOpener(
    FileIO io,
    ScanContext context,
    NameMapping nameMapping,
    DeleteLoader deletes,
    RowFilterResiduals residuals) {

  static TaskOpener of(FileIO io, ScanContext context) {
    NameMapping nameMapping = context.nameMapping();
    DeleteLoader deletes =
        new DeleteLoader(
            io,
            context.table(),
            context.readSchema(),
            nameMapping,
            DeleteCache.shared(context.deleteCacheBytes()),
            context.batchSize());
    return new TaskOpener(io, context, nameMapping, deletes, RowFilterResiduals.of(context));
  }

  TaskReader open(ReadTask task) {
    return TaskReader.open(io, context, nameMapping, deletes, task, residuals);
  }
}
