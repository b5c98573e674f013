package dev.floe.spark.aggregate;

import dev.floe.aggregate.Aggregate;
import dev.floe.scan.task.ScanContext;
import java.io.Serializable;

/**
 * What executors compute of a pushed aggregate: per function its kind and the position of its
 * column in the scan's projection (-1 for {@code COUNT(*)}), small enough to ship with the reader
 * factory.
 */
final class AggregateFunctions implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Aggregate.Kind[] kinds;
  private final int[] columns;

  private AggregateFunctions(Aggregate.Kind[] kinds, int[] columns) {
    this.kinds = kinds;
    this.columns = columns;
  }

  /** The functions of {@code aggregate}, their columns found in {@code context}'s projection. */
  static AggregateFunctions of(Aggregate aggregate, ScanContext context) {
    int count = aggregate.functions().size();
    Aggregate.Kind[] kinds = new Aggregate.Kind[count];
    int[] columns = new int[count];
    for (int index = 0; index < count; index++) {
      Aggregate.Function function = aggregate.functions().get(index);
      kinds[index] = function.kind();
      columns[index] =
          function.column() == null
              ? -1
              : context.projection().columnIndex(function.column().fieldId());
      if (function.column() != null && columns[index] < 0) {
        throw new IllegalArgumentException(
            "The scan does not read column "
                + function.column().name()
                + " of "
                + function.describe());
      }
    }
    return new AggregateFunctions(kinds, columns);
  }

  /** An empty aggregation of these functions over batches of {@code context}'s projection. */
  RowAggregation aggregation(ScanContext context) {
    return RowAggregation.of(kinds, columns, context.projection(), context.batchSize());
  }
}
