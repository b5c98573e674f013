package dev.floe.spark.aggregate;

import dev.floe.aggregate.Aggregate;
import dev.floe.aggregate.AggregatePlan;
import dev.floe.scan.task.ScanContext;
import java.io.Serializable;

/**
 * What executors compute of a pushed aggregate: per function its kind, its argument (values or
 * their lengths), the position of its column in the scan's projection (-1 for {@code COUNT(*)}, and
 * for a function the manifests answer for every file read, which executors leave neutral), small
 * enough to ship with the reader factory.
 */
final class AggregateFunctions implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Aggregate.Kind[] kinds;
  private final Aggregate.Argument[] arguments;
  private final int[] columns;
  private final boolean[] computed;

  private AggregateFunctions(
      Aggregate.Kind[] kinds, Aggregate.Argument[] arguments, int[] columns, boolean[] computed) {
    this.kinds = kinds;
    this.arguments = arguments;
    this.columns = columns;
    this.computed = computed;
  }

  /**
   * The functions of {@code plan}'s aggregate, those it computes from rows with their columns found
   * in {@code context}'s projection.
   */
  static AggregateFunctions of(AggregatePlan plan, ScanContext context) {
    int count = plan.aggregate().functions().size();
    Aggregate.Kind[] kinds = new Aggregate.Kind[count];
    Aggregate.Argument[] arguments = new Aggregate.Argument[count];
    int[] columns = new int[count];
    boolean[] computed = new boolean[count];
    for (int index = 0; index < count; index++) {
      Aggregate.Function function = plan.aggregate().functions().get(index);
      // a count of a column with a value in every row read is a count of the rows
      boolean rowCount = plan.countsOfEveryRow().contains(index);
      kinds[index] = rowCount ? Aggregate.Kind.COUNT_STAR : function.kind();
      arguments[index] = function.argument();
      computed[index] = plan.functionsOnExecutors().contains(index);
      columns[index] =
          function.column() == null || !computed[index] || rowCount
              ? -1
              : context.projection().columnIndex(function.column().fieldId());
      if (computed[index] && kinds[index] != Aggregate.Kind.COUNT_STAR && columns[index] < 0) {
        throw new IllegalArgumentException(
            "The scan does not read column "
                + function.column().name()
                + " of "
                + function.describe());
      }
    }
    return new AggregateFunctions(kinds, arguments, columns, computed);
  }

  /** An empty aggregation of these functions over batches of {@code context}'s projection. */
  RowAggregation aggregation(ScanContext context) {
    return RowAggregation.of(
        kinds, arguments, columns, computed, context.projection(), context.batchSize());
  }
}
