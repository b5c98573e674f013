package dev.floe.spark.read.parquet.values;

import java.math.BigInteger;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/** Unsigned integers into a decimal of scale 0, stored as Spark stores its precision. */
final class UnsignedDecimalSink implements ValueSink {
  private final DecimalSink decimals;
  private final WritableColumnVector vector;
  private final int precision;
  private final boolean longs;

  UnsignedDecimalSink(WritableColumnVector vector, int precision, boolean longs) {
    this.decimals = new DecimalSink(vector, precision);
    this.vector = vector;
    this.precision = precision;
    this.longs = longs;
  }

  @Override
  public void putInt(int row, int value) {
    decimals.putLong(row, Integer.toUnsignedLong(value));
  }

  @Override
  public void putLong(int row, long value) {
    if (value >= 0 || !longs) {
      decimals.putLong(row, value);
      return;
    }
    // beyond Long.MAX_VALUE: only a decimal of more than 18 digits holds it, as bytes
    if (precision <= 18) {
      throw new IllegalStateException(
          "unsigned value "
              + Long.toUnsignedString(value)
              + " exceeds decimal("
              + precision
              + ", 0)");
    }
    vector.putByteArray(row, new BigInteger(Long.toUnsignedString(value)).toByteArray());
  }
}
