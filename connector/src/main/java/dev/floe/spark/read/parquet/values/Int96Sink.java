package dev.floe.spark.read.parquet.values;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/** int96: nanoseconds of the day, then the Julian day, both little-endian. */
final class Int96Sink implements ValueSink {
  private static final long MICROS_PER_DAY = TimeUnit.DAYS.toMicros(1);
  private static final int JULIAN_EPOCH_DAY = 2_440_588;

  private final WritableColumnVector vector;

  Int96Sink(WritableColumnVector vector) {
    this.vector = vector;
  }

  @Override
  public void putBytes(int row, byte[] bytes, int offset, int length) {
    ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length).order(ByteOrder.LITTLE_ENDIAN);
    long nanosOfDay = buffer.getLong();
    int julianDay = buffer.getInt();
    vector.putLong(
        row, (julianDay - JULIAN_EPOCH_DAY) * MICROS_PER_DAY + Math.floorDiv(nanosOfDay, 1000L));
  }
}
