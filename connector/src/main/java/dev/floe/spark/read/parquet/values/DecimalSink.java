package dev.floe.spark.read.parquet.values;

import dev.floe.spark.read.parquet.format.PhysicalType;
import java.math.BigInteger;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/**
 * Decimals stored as Spark does for the table's precision: an int up to 9 digits, a long up to 18,
 * big-endian two's complement bytes beyond.
 */
final class DecimalSink implements ValueSink {
  private final WritableColumnVector vector;
  private final int precision;

  DecimalSink(WritableColumnVector vector, int precision) {
    this.vector = vector;
    this.precision = precision;
  }

  @Override
  public void putInt(int row, int value) {
    putLong(row, value);
  }

  @Override
  public void putLong(int row, long value) {
    if (precision <= 9) {
      vector.putInt(row, (int) value);
    } else if (precision <= 18) {
      vector.putLong(row, value);
    } else {
      vector.putByteArray(row, BigInteger.valueOf(value).toByteArray());
    }
  }

  /** Unscaled ints and longs in the vector's own width are copied; others convert one by one. */
  @Override
  public boolean putPlain(PhysicalType physical, int row, int count, byte[] data, int offset) {
    boolean longs = physical == PhysicalType.INT64;
    if (precision <= 9 && !longs) {
      vector.putIntsLittleEndian(row, count, data, offset);
      return true;
    }
    if (precision > 9 && precision <= 18 && longs) {
      vector.putLongsLittleEndian(row, count, data, offset);
      return true;
    }
    for (int index = 0; index < count; index++) {
      putLong(
          row + index,
          longs
              ? (long) LittleEndian.LONG.get(data, offset + 8 * index)
              : (int) LittleEndian.INT.get(data, offset + 4 * index));
    }
    return true;
  }

  @Override
  public void putBytes(int row, byte[] bytes, int offset, int length) {
    if (precision > 18) {
      vector.putByteArray(row, bytes, offset, length);
      return;
    }
    if (length > 8) {
      putLong(row, new BigInteger(bytes, offset, length).longValueExact());
      return;
    }
    long value = length == 0 ? 0 : bytes[offset]; // sign-extends the first byte
    for (int index = 1; index < length; index++) {
      value = (value << 8) | (bytes[offset + index] & 0xFF);
    }
    putLong(row, value);
  }
}
