package dev.floe.spark.read;

import dev.floe.table.PrimitiveType;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/**
 * How a Parquet column's physical values become the Spark values of its Iceberg type: unit
 * conversions of times and timestamps (to micros), int96 timestamps, decimal storage by precision,
 * uuid text, and the promotions Iceberg allows (int to long, float to double, decimal precision
 * widening, date to timestamp). A file column whose type cannot become the table's is a corrupt
 * table.
 */
final class ValueSinkFactory {
  private static final long MICROS_PER_DAY = 86_400_000_000L;
  private static final int JULIAN_EPOCH_DAY = 2_440_588;

  private ValueSinkFactory() {}

  /**
   * The sink writing {@code fileType} values of a column of table type {@code tableType} into
   * {@code vector}, or null when the conversion is not allowed.
   */
  static ValueSink create(
      org.apache.parquet.schema.PrimitiveType fileType,
      PrimitiveType tableType,
      WritableColumnVector vector) {
    PrimitiveTypeName physical = fileType.getPrimitiveTypeName();
    LogicalTypeAnnotation logical = fileType.getLogicalTypeAnnotation();
    return switch (tableType.typeId()) {
      case BOOLEAN -> physical == PrimitiveTypeName.BOOLEAN ? new BooleanSink(vector) : null;
      case INT, DATE -> physical == PrimitiveTypeName.INT32 ? new IntSink(vector) : null;
      case LONG -> integerToLong(physical, vector);
      case FLOAT -> physical == PrimitiveTypeName.FLOAT ? new FloatSink(vector) : null;
      case DOUBLE -> floatingToDouble(physical, vector);
      case DECIMAL -> decimal(fileType, tableType, vector);
      case TIME -> time(physical, logical, vector);
      case TIMESTAMP, TIMESTAMPTZ, TIMESTAMP_NS, TIMESTAMPTZ_NS ->
          timestamp(physical, logical, vector);
      case STRING, BINARY, GEOMETRY, GEOGRAPHY -> isBytes(physical) ? new BytesSink(vector) : null;
      case FIXED ->
          physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
                  && fileType.getTypeLength() == tableType.length()
              ? new BytesSink(vector)
              : null;
      case UUID -> isBytes(physical) ? new UuidSink(vector) : null;
      case UNKNOWN, VARIANT, STRUCT, LIST, MAP -> null;
    };
  }

  /** A sink that drops values, for leaves read only for their levels. */
  static ValueSink discarding() {
    return new DiscardingSink();
  }

  private static boolean isBytes(PrimitiveTypeName physical) {
    return physical == PrimitiveTypeName.BINARY
        || physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
  }

  private static ValueSink integerToLong(PrimitiveTypeName physical, WritableColumnVector vector) {
    return physical == PrimitiveTypeName.INT64 || physical == PrimitiveTypeName.INT32
        ? new LongSink(vector, 1, 1)
        : null;
  }

  private static ValueSink floatingToDouble(
      PrimitiveTypeName physical, WritableColumnVector vector) {
    if (physical == PrimitiveTypeName.DOUBLE || physical == PrimitiveTypeName.FLOAT) {
      return new DoubleSink(vector);
    }
    return null;
  }

  private static ValueSink time(
      PrimitiveTypeName physical, LogicalTypeAnnotation logical, WritableColumnVector vector) {
    TimeUnit unit =
        logical instanceof TimeLogicalTypeAnnotation time ? time.getUnit() : TimeUnit.MICROS;
    return switch (unit) {
      case MILLIS -> physical == PrimitiveTypeName.INT32 ? new LongSink(vector, 1000, 1) : null;
      case MICROS -> physical == PrimitiveTypeName.INT64 ? new LongSink(vector, 1, 1) : null;
      case NANOS -> physical == PrimitiveTypeName.INT64 ? new LongSink(vector, 1, 1000) : null;
    };
  }

  private static ValueSink timestamp(
      PrimitiveTypeName physical, LogicalTypeAnnotation logical, WritableColumnVector vector) {
    if (physical == PrimitiveTypeName.INT96) {
      return new Int96Sink(vector);
    }
    if (physical == PrimitiveTypeName.INT32
        && logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
      // Iceberg v3 promotes date to timestamp: midnight of the day
      return new LongSink(vector, MICROS_PER_DAY, 1);
    }
    if (physical != PrimitiveTypeName.INT64) {
      return null;
    }
    TimeUnit unit =
        logical instanceof TimestampLogicalTypeAnnotation timestamp
            ? timestamp.getUnit()
            : TimeUnit.MICROS;
    return switch (unit) {
      case MILLIS -> new LongSink(vector, 1000, 1);
      case MICROS -> new LongSink(vector, 1, 1);
      case NANOS -> new LongSink(vector, 1, 1000);
    };
  }

  private static ValueSink decimal(
      org.apache.parquet.schema.PrimitiveType fileType,
      PrimitiveType tableType,
      WritableColumnVector vector) {
    if (!(fileType.getLogicalTypeAnnotation() instanceof DecimalLogicalTypeAnnotation decimal)
        || decimal.getScale() != tableType.scale()
        || decimal.getPrecision() > tableType.precision()) {
      return null;
    }
    return switch (fileType.getPrimitiveTypeName()) {
      case INT32, INT64, BINARY, FIXED_LEN_BYTE_ARRAY ->
          new DecimalSink(vector, tableType.precision());
      case BOOLEAN, INT96, FLOAT, DOUBLE -> null;
    };
  }

  private static final class DiscardingSink implements ValueSink {
    @Override
    public void putBoolean(int row, boolean value) {}

    @Override
    public void putInt(int row, int value) {}

    @Override
    public void putLong(int row, long value) {}

    @Override
    public void putFloat(int row, float value) {}

    @Override
    public void putDouble(int row, double value) {}

    @Override
    public void putBytes(int row, byte[] bytes, int offset, int length) {}

    @Override
    public boolean putPlain(
        PrimitiveTypeName physical, int row, int count, byte[] data, int offset) {
      return true;
    }

    @Override
    public boolean putPackedBooleans(int row, int count, byte[] data, int offset, int firstBit) {
      return true;
    }
  }

  private static final class BooleanSink implements ValueSink {
    private final WritableColumnVector vector;

    BooleanSink(WritableColumnVector vector) {
      this.vector = vector;
    }

    @Override
    public void putBoolean(int row, boolean value) {
      vector.putBoolean(row, value);
    }

    @Override
    public boolean putPackedBooleans(int row, int count, byte[] data, int offset, int firstBit) {
      for (int index = 0; index < count; index++) {
        int bit = firstBit + index;
        vector.putBoolean(row + index, ((data[offset + (bit >>> 3)] >>> (bit & 7)) & 1) != 0);
      }
      return true;
    }
  }

  private static final class IntSink implements ValueSink {
    private final WritableColumnVector vector;

    IntSink(WritableColumnVector vector) {
      this.vector = vector;
    }

    @Override
    public void putInt(int row, int value) {
      vector.putInt(row, value);
    }

    @Override
    public boolean putPlain(
        PrimitiveTypeName physical, int row, int count, byte[] data, int offset) {
      vector.putIntsLittleEndian(row, count, data, offset);
      return true;
    }
  }

  /** Longs scaled to micros: multiplied (millis, days) or floor-divided (nanos). */
  private static final class LongSink implements ValueSink {
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
    public boolean putPlain(
        PrimitiveTypeName physical, int row, int count, byte[] data, int offset) {
      boolean longs = physical == PrimitiveTypeName.INT64;
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

  private static final class FloatSink implements ValueSink {
    private final WritableColumnVector vector;

    FloatSink(WritableColumnVector vector) {
      this.vector = vector;
    }

    @Override
    public void putFloat(int row, float value) {
      vector.putFloat(row, value);
    }

    @Override
    public boolean putPlain(
        PrimitiveTypeName physical, int row, int count, byte[] data, int offset) {
      vector.putFloatsLittleEndian(row, count, data, offset);
      return true;
    }
  }

  private static final class DoubleSink implements ValueSink {
    private final WritableColumnVector vector;

    DoubleSink(WritableColumnVector vector) {
      this.vector = vector;
    }

    @Override
    public void putFloat(int row, float value) {
      vector.putDouble(row, value);
    }

    @Override
    public void putDouble(int row, double value) {
      vector.putDouble(row, value);
    }

    @Override
    public boolean putPlain(
        PrimitiveTypeName physical, int row, int count, byte[] data, int offset) {
      if (physical == PrimitiveTypeName.DOUBLE) {
        vector.putDoublesLittleEndian(row, count, data, offset);
        return true;
      }
      for (int index = 0; index < count; index++) {
        vector.putDouble(row + index, (float) LittleEndian.FLOAT.get(data, offset + 4 * index));
      }
      return true;
    }
  }

  private static final class BytesSink implements ValueSink {
    private final WritableColumnVector vector;

    BytesSink(WritableColumnVector vector) {
      this.vector = vector;
    }

    @Override
    public void putBytes(int row, byte[] bytes, int offset, int length) {
      vector.putByteArray(row, bytes, offset, length);
    }
  }

  private static final class UuidSink implements ValueSink {
    private final WritableColumnVector vector;

    UuidSink(WritableColumnVector vector) {
      this.vector = vector;
    }

    @Override
    public void putBytes(int row, byte[] bytes, int offset, int length) {
      if (length != 16) {
        throw new IllegalStateException("A uuid has 16 bytes, not " + length);
      }
      java.nio.ByteBuffer buffer = java.nio.ByteBuffer.wrap(bytes, offset, length);
      String text = new UUID(buffer.getLong(), buffer.getLong()).toString();
      vector.putByteArray(row, text.getBytes(StandardCharsets.US_ASCII));
    }
  }

  /** int96: nanoseconds of the day, then the Julian day, both little-endian. */
  private static final class Int96Sink implements ValueSink {
    private final WritableColumnVector vector;

    Int96Sink(WritableColumnVector vector) {
      this.vector = vector;
    }

    @Override
    public void putBytes(int row, byte[] bytes, int offset, int length) {
      java.nio.ByteBuffer buffer =
          java.nio.ByteBuffer.wrap(bytes, offset, length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
      long nanosOfDay = buffer.getLong();
      int julianDay = buffer.getInt();
      vector.putLong(
          row, (julianDay - JULIAN_EPOCH_DAY) * MICROS_PER_DAY + Math.floorDiv(nanosOfDay, 1000L));
    }
  }

  /**
   * Decimals stored as Spark does for the table's precision: an int up to 9 digits, a long up to
   * 18, big-endian two's complement bytes beyond.
   */
  private static final class DecimalSink implements ValueSink {
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
    public boolean putPlain(
        PrimitiveTypeName physical, int row, int count, byte[] data, int offset) {
      boolean longs = physical == PrimitiveTypeName.INT64;
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
}
