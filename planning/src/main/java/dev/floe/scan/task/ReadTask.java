package dev.floe.scan.task;

import dev.floe.scan.FileScanTask;
import dev.floe.table.NameMapping;
import dev.floe.table.Schema;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One planned task as an executor receives it: the split with its delete files and residual, and
 * the values of the columns read as constants (see {@link FileReadRequest#constants()}).
 */
public record ReadTask(FileScanTask task, Map<Integer, Object> constants) {
  public ReadTask {
    Objects.requireNonNull(task, "task");
    // a null partition value is a constant too, so no Map.copyOf
    constants = Collections.unmodifiableMap(new HashMap<>(constants));
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
