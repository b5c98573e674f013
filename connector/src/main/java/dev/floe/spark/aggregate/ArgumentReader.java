package dev.floe.spark.aggregate;

import dev.floe.aggregate.Aggregate;
import dev.floe.spark.exec.LongColumnReader;
import dev.floe.table.PrimitiveType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * Reads what a function takes of its column, for the rows of a batch, as longs: the values
 * themselves ({@link LongColumnReader}), or the lengths of strings ({@link StringLengths}).
 */
@FunctionalInterface
interface ArgumentReader {
  /** Reads rows {@code 0 .. rows - 1} into {@code values}; a null row's slot is left as it was. */
  void read(ColumnVector vector, int rows, long[] values);

  static ArgumentReader of(Aggregate.Function function) {
    PrimitiveType type = (PrimitiveType) function.column().type();
    return switch (function.argument()) {
      case VALUE -> LongColumnReader.of(type)::read;
      case LENGTH -> new StringLengths();
    };
  }
}
