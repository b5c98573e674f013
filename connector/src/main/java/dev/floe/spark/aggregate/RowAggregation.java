package dev.floe.spark.aggregate;

import dev.floe.aggregate.Aggregate;
import dev.floe.spark.exec.LongColumnReader;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The partial aggregates of one input partition's rows, folded batch by batch as the scan's stages
 * hand them over (deletes and the residual filter already applied): counts, sums of integers and of
 * decimals of up to 18 digits, minimums and maximums of values that compare as longs, and sums,
 * minimums and maximums of lengths ({@link ArgumentReader}).
 *
 * <p>A sum stays within its result column: a sum that would leave it (a long that would overflow, a
 * decimal that would need more digits than its column has) is set aside as a partial row of its
 * own, and the sum starts again from the value that did not fit. Spark adds partial rows in a wider
 * type (a long sum as Spark does, wrapping or failing by its ANSI setting; a decimal sum with 10
 * more digits), so the final sum is the one Spark computes over the rows.
 */
final class RowAggregation {
  private final Accumulator[] accumulators;
  private final List<InternalRow> setAside = new ArrayList<>();

  private RowAggregation(Accumulator[] accumulators) {
    this.accumulators = accumulators;
  }

  /**
   * @param kinds per function, what it computes
   * @param arguments per function, what it takes of its column's values
   * @param columns per function computed, its column's position in {@code projection}, or -1 for
   *     {@code COUNT(*)}
   * @param computed per function, whether it is computed here; the others, answered elsewhere, stay
   *     neutral in every partial row
   * @param batchSize the most rows a batch holds
   */
  static RowAggregation of(
      Aggregate.Kind[] kinds,
      Aggregate.Argument[] arguments,
      int[] columns,
      boolean[] computed,
      Schema projection,
      int batchSize) {
    Accumulator[] accumulators = new Accumulator[kinds.length];
    RowAggregation aggregation = new RowAggregation(accumulators);
    for (int index = 0; index < kinds.length; index++) {
      if (!computed[index]) {
        accumulators[index] = new Neutral(kinds[index]);
        continue;
      }
      NestedField column = columns[index] < 0 ? null : projection.columns().get(columns[index]);
      Aggregate.Function function = new Aggregate.Function(kinds[index], column, arguments[index]);
      if (!function.computableFromRows()) {
        throw new IllegalArgumentException(
            "Executors cannot compute " + function.describe() + " from rows");
      }
      accumulators[index] =
          switch (kinds[index]) {
            case COUNT_STAR -> new RowCount();
            case COUNT -> new ValueCount(columns[index]);
            case SUM -> new Sum(columns[index], function, batchSize, aggregation, index);
            case MIN, MAX -> new Extreme(columns[index], function, batchSize);
          };
    }
    return aggregation;
  }

  /** Folds in a batch's rows. */
  void add(ColumnarBatch batch) {
    int rows = batch.numRows();
    if (rows == 0) {
      return;
    }
    for (Accumulator accumulator : accumulators) {
      accumulator.add(batch, rows);
    }
  }

  /**
   * Folds in {@code rows} live rows known only by their number, as a file's record count less its
   * deleted positions: every function must be {@code COUNT(*)}.
   */
  void addCountedRows(long rows) {
    for (Accumulator accumulator : accumulators) {
      if (!(accumulator instanceof RowCount count)) {
        throw new IllegalStateException("Only COUNT(*) can count rows without reading them");
      }
      count.count += rows;
    }
  }

  /**
   * The partial rows set aside since the last call, each one sum that could not grow further (its
   * other functions neutral); at most one per row folded in since.
   */
  List<InternalRow> takeSetAside() {
    if (setAside.isEmpty()) {
      return List.of();
    }
    List<InternalRow> taken = List.copyOf(setAside);
    setAside.clear();
    return taken;
  }

  /** The partial row of everything folded in and not set aside. */
  InternalRow result() {
    Object[] values = new Object[accumulators.length];
    for (int index = 0; index < values.length; index++) {
      values[index] = accumulators[index].result();
    }
    return new GenericInternalRow(values);
  }

  /** Sets a partial value aside in a row of its own, every other function neutral there. */
  private void setAside(int function, Object value) {
    Object[] values = new Object[accumulators.length];
    for (int index = 0; index < values.length; index++) {
      values[index] = accumulators[index].neutral();
    }
    values[function] = value;
    setAside.add(new GenericInternalRow(values));
  }

  /** One function's partial result over the rows folded in. */
  private abstract static class Accumulator {
    abstract void add(ColumnarBatch batch, int rows);

    /** The partial result as Spark holds it. */
    abstract Object result();

    /** What a partial row holds for this function when it covers no row. */
    Object neutral() {
      return null;
    }
  }

  /** A function answered elsewhere: neutral in every partial row. */
  private static final class Neutral extends Accumulator {
    private final Aggregate.Kind kind;

    Neutral(Aggregate.Kind kind) {
      this.kind = kind;
    }

    @Override
    void add(ColumnarBatch batch, int rows) {}

    @Override
    Object result() {
      return neutral();
    }

    @Override
    Object neutral() {
      return switch (kind) {
        case COUNT_STAR, COUNT -> 0L;
        case SUM, MIN, MAX -> null;
      };
    }
  }

  private static final class RowCount extends Accumulator {
    private long count;

    @Override
    void add(ColumnarBatch batch, int rows) {
      count += rows;
    }

    @Override
    Object result() {
      return count;
    }

    @Override
    Object neutral() {
      return 0L;
    }
  }

  private static final class ValueCount extends Accumulator {
    private final int column;
    private long count;

    ValueCount(int column) {
      this.column = column;
    }

    @Override
    void add(ColumnarBatch batch, int rows) {
      ColumnVector vector = batch.column(column);
      if (!vector.hasNull()) {
        count += rows;
        return;
      }
      for (int row = 0; row < rows; row++) {
        if (!vector.isNullAt(row)) {
          count++;
        }
      }
    }

    @Override
    Object result() {
      return count;
    }

    @Override
    Object neutral() {
      return 0L;
    }
  }

  /**
   * A sum of integers or lengths (as a long) or of decimals of up to 18 digits (as their unscaled
   * value, which never leaves {@code ±(10^precision - 1)}).
   */
  private static final class Sum extends Accumulator {
    private final int column;
    private final ArgumentReader reader;
    private final int precision;
    private final int scale;
    private final long bound;
    private final long[] values;
    private final RowAggregation owner;
    private final int function;
    private boolean hasValue;
    private long sum;

    Sum(int column, Aggregate.Function summed, int batchSize, RowAggregation owner, int function) {
      this.column = column;
      this.reader = ArgumentReader.of(summed);
      PrimitiveType type = (PrimitiveType) summed.resultField(0).type();
      boolean decimal = type.typeId() == TypeId.DECIMAL;
      this.precision = decimal ? type.precision() : 0;
      this.scale = decimal ? type.scale() : 0;
      this.bound = decimal ? BigInteger.TEN.pow(precision).longValueExact() - 1 : Long.MAX_VALUE;
      this.values = new long[batchSize];
      this.owner = owner;
      this.function = function;
    }

    @Override
    void add(ColumnarBatch batch, int rows) {
      ColumnVector vector = batch.column(column);
      reader.read(vector, rows, values);
      boolean nulls = vector.hasNull();
      for (int row = 0; row < rows; row++) {
        if (nulls && vector.isNullAt(row)) {
          continue;
        }
        long value = values[row];
        if (!hasValue) {
          sum = value;
          hasValue = true;
          continue;
        }
        long added = sum + value;
        boolean overflows = ((sum ^ added) & (value ^ added)) < 0;
        if (overflows || added > bound || added < -bound) {
          owner.setAside(function, result());
          sum = value;
        } else {
          sum = added;
        }
      }
    }

    @Override
    Object result() {
      if (!hasValue) {
        return null;
      }
      return precision == 0 ? (Object) sum : Decimal.createUnsafe(sum, precision, scale);
    }
  }

  /**
   * A minimum or maximum of values that compare as longs (integers, dates, timestamps, decimals) or
   * of lengths.
   */
  private static final class Extreme extends Accumulator {
    private final int column;
    private final PrimitiveType type;
    private final ArgumentReader reader;
    private final boolean asInt;
    private final boolean maximum;
    private final long[] values;
    private boolean hasValue;
    private long extreme;

    Extreme(int column, Aggregate.Function function, int batchSize) {
      this.column = column;
      this.type = (PrimitiveType) function.resultField(0).type();
      this.reader = ArgumentReader.of(function);
      // lengths are ints; so are the values of ints and dates, read as ints (computableFromRows
      // allows no other type here)
      this.asInt =
          function.argument() == Aggregate.Argument.LENGTH
              || (type.typeId() != TypeId.DECIMAL
                  && LongColumnReader.of(type) == LongColumnReader.INTS);
      this.maximum = function.kind() == Aggregate.Kind.MAX;
      this.values = new long[batchSize];
    }

    @Override
    void add(ColumnarBatch batch, int rows) {
      ColumnVector vector = batch.column(column);
      reader.read(vector, rows, values);
      boolean nulls = vector.hasNull();
      for (int row = 0; row < rows; row++) {
        if (nulls && vector.isNullAt(row)) {
          continue;
        }
        long value = values[row];
        if (!hasValue || (maximum ? value > extreme : value < extreme)) {
          extreme = value;
          hasValue = true;
        }
      }
    }

    @Override
    Object result() {
      if (!hasValue) {
        return null;
      }
      if (type.typeId() == TypeId.DECIMAL) {
        return Decimal.createUnsafe(extreme, type.precision(), type.scale());
      }
      return asInt ? (Object) (int) extreme : (Object) extreme;
    }
  }
}
