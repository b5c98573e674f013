package dev.floe.spark.read.parquet.values;

import dev.floe.spark.read.parquet.format.PhysicalType;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/** Longs scaled to micros: multiplied (millis, days) or floor-divided (nanos). */
final class LongSink implements ValueSink {
  private final WritableColumnVector vector;
  private final long multiplier;
  private final long divisor;

  LongSink(WritableColumnVector vector, long multiplier, long divisor) {
    this.vector = vector;
    this.multiplier = multiplier;
    this.divisor = divisor;
  }

  @Override
  public void putInt(int row, int value) {
    putLong(row, value);
  }

  @Override
  public void putLong(int row, long value) {
    vector.putLong(row, Math.floorDiv(value, divisor) * multiplier);
  }

  @Override
  public boolean putPlain(PhysicalType physical, int row, int count, byte[] data, int offset) {
    boolean longs = physical == PhysicalType.INT64;
    if (longs && multiplier == 1 && divisor == 1) {
      vector.putLongsLittleEndian(row, count, data, offset);
      return true;
    }
    for (int index = 0; index < count; index++) {
      long value =
          longs
              ? (long) LittleEndian.LONG.get(data, offset + 8 * index)
              : (int) LittleEndian.INT.get(data, offset + 4 * index);
      vector.putLong(row + index, Math.floorDiv(value, divisor) * multiplier);
    }
    return true;
  }
}
