package dev.floe.spark.exec;

import dev.floe.table.PrimitiveType;
import java.math.BigDecimal;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * Reads a column's values as longs: booleans as 0 and 1, ints and dates widened, decimals of up to
 * 18 digits as their unscaled value, which Spark stores as an int up to 9 digits and a long above.
 */
public enum LongColumnReader {
  BOOLEANS,
  INTS,
  LONGS;

  public static LongColumnReader of(PrimitiveType type) {
    return switch (type.typeId()) {
      case BOOLEAN -> BOOLEANS;
      case INT, DATE -> INTS;
      case DECIMAL -> type.precision() <= Decimal.MAX_INT_DIGITS() ? INTS : LONGS;
      case LONG, TIMESTAMP, TIMESTAMPTZ -> LONGS;
      case FLOAT,
          DOUBLE,
          TIME,
          TIMESTAMP_NS,
          TIMESTAMPTZ_NS,
          STRING,
          UUID,
          FIXED,
          BINARY,
          UNKNOWN,
          VARIANT,
          GEOMETRY,
          GEOGRAPHY,
          STRUCT,
          LIST,
          MAP ->
          throw new IllegalArgumentException("Cannot read " + type + " values as longs");
    };
  }

  /** Reads rows {@code 0 .. rows - 1} into {@code values}; a null row reads as its slot holds. */
  public void read(ColumnVector vector, int rows, long[] values) {
    switch (this) {
      case BOOLEANS -> {
        for (int row = 0; row < rows; row++) {
          values[row] = vector.getBoolean(row) ? 1 : 0;
        }
      }
      case INTS -> {
        for (int row = 0; row < rows; row++) {
          values[row] = vector.getInt(row);
        }
      }
      case LONGS -> {
        for (int row = 0; row < rows; row++) {
          values[row] = vector.getLong(row);
        }
      }
    }
  }

  /** A Floe value of the column's type as the long this reader produces. */
  public static long literal(Object value, PrimitiveType type) {
    if (value instanceof Boolean flag) {
      return flag ? 1 : 0;
    }
    if (value instanceof BigDecimal decimal) {
      // throws rather than rounds: a bound literal already has the column's scale
      return decimal.setScale(type.scale()).unscaledValue().longValueExact();
    }
    return ((Number) value).longValue();
  }
}
