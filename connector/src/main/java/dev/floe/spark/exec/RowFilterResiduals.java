package dev.floe.spark.exec;

import dev.floe.CorruptTableException;
import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.expr.ResidualEvaluator;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.task.ScanContext;
import dev.floe.table.PartitionSpec;
import dev.floe.table.Schema;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * What a scan's row filter leaves to check on the rows of each task: the filter with every
 * predicate that the task's partition settles replaced by true or false. {@code true} means every
 * row of the file passes (the reader evaluates nothing, and a count can be answered from metadata);
 * {@code false} that none does.
 *
 * <p>Not a task's {@link FileScanTask#residual()}: that one comes from the planning filter, which
 * may be looser than the rows Spark asked for. One evaluator per spec, built on first use; not
 * thread-safe, like a reader.
 */
final class RowFilterResiduals {
  private final String table;
  private final Schema readSchema;
  private final Expression boundFilter;
  private final Map<Integer, PartitionSpec> specs = new HashMap<>();
  private final Map<Integer, ResidualEvaluator> evaluators = new HashMap<>();

  /**
   * @param table the table's name, for messages
   * @param rowFilter the unbound row filter, names as in {@code readSchema}
   * @param specs every partition spec a task's file may have been written with
   */
  RowFilterResiduals(
      String table, Schema readSchema, Expression rowFilter, Collection<PartitionSpec> specs) {
    this.table = table;
    this.readSchema = readSchema;
    this.boundFilter = Binder.bind(readSchema, rowFilter, true);
    for (PartitionSpec spec : specs) {
      this.specs.put(spec.specId(), spec);
    }
  }

  static RowFilterResiduals of(ScanContext context) {
    return new RowFilterResiduals(
        context.table(), context.readSchema(), context.rowFilter(), context.specs());
  }

  /** The row filter bound to the read schema. */
  Expression boundFilter() {
    return boundFilter;
  }

  /** The residual of the row filter for {@code task}'s file, bound to the read schema. */
  Expression residualFor(FileScanTask task) {
    if (boundFilter instanceof Expression.Constant) {
      return boundFilter;
    }
    ResidualEvaluator evaluator = evaluators.get(task.specId());
    if (evaluator == null) {
      PartitionSpec spec = specs.get(task.specId());
      if (spec == null) {
        throw new CorruptTableException(
            "Cannot filter the rows of "
                + task.file().location()
                + " (table "
                + table
                + "): it was written with partition spec "
                + task.specId()
                + ", which the table metadata does not define");
      }
      evaluator = ResidualEvaluator.of(spec, readSchema, boundFilter);
      evaluators.put(task.specId(), evaluator);
    }
    return evaluator.residualFor(task.file().partition());
  }
}
