package dev.floe.spark.read.parquet.values;

import dev.floe.spark.read.parquet.format.PhysicalType;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/** Unsigned int32 values (their bits as stored) as the longs they stand for. */
final class UnsignedIntToLongSink implements ValueSink {
  private final WritableColumnVector vector;

  UnsignedIntToLongSink(WritableColumnVector vector) {
    this.vector = vector;
  }

  @Override
  public void putInt(int row, int value) {
    vector.putLong(row, Integer.toUnsignedLong(value));
  }

  @Override
  public boolean putPlain(PhysicalType physical, int row, int count, byte[] data, int offset) {
    for (int index = 0; index < count; index++) {
      vector.putLong(
          row + index,
          Integer.toUnsignedLong((int) LittleEndian.INT.get(data, offset + 4 * index)));
    }
    return true;
  }
}
