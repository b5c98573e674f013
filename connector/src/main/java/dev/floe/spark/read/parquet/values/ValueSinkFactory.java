package dev.floe.spark.read.parquet.values;

import dev.floe.spark.read.parquet.format.LogicalType;
import dev.floe.spark.read.parquet.format.ParquetField;
import dev.floe.spark.read.parquet.format.PhysicalType;
import dev.floe.table.PrimitiveType;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/**
 * How a Parquet column's physical values become the Spark values of its Iceberg type: unit
 * conversions of times and timestamps (to micros), int96 timestamps, decimal storage by precision,
 * uuid text, and the promotions Iceberg allows (int to long, float to double, decimal precision
 * widening, date to timestamp). A file column whose type cannot become the table's is a corrupt
 * table.
 */
public final class ValueSinkFactory {
  private static final long MICROS_PER_DAY = 86_400_000_000L;
  private static final int JULIAN_EPOCH_DAY = 2_440_588;

  private ValueSinkFactory() {}

  /**
   * The sink writing {@code fileType} values of a column of table type {@code tableType} into
   * {@code vector}, or null when the conversion is not allowed.
   */
  public static ValueSink create(
      ParquetField.Primitive written, PrimitiveType tableType, WritableColumnVector vector) {
    ParquetField.Primitive fileType = asPhysical(written);
    PhysicalType physical = fileType.physicalType();
    LogicalType logical = fileType.logicalType();
    return switch (tableType.typeId()) {
      case BOOLEAN -> physical == PhysicalType.BOOLEAN ? new BooleanSink(vector) : null;
      case INT, DATE -> integerToInt(physical, logical, vector);
      case LONG -> integerToLong(physical, logical, vector);
      case FLOAT -> floating(fileType, vector);
      case DOUBLE -> floatingToDouble(fileType, vector);
      case DECIMAL -> decimal(fileType, tableType, vector);
      case TIME -> time(physical, logical, vector);
      case TIMESTAMP, TIMESTAMPTZ, TIMESTAMP_NS, TIMESTAMPTZ_NS ->
          timestamp(physical, logical, vector);
      case STRING, BINARY, GEOMETRY, GEOGRAPHY -> isBytes(physical) ? new BytesSink(vector) : null;
      case FIXED ->
          physical == PhysicalType.FIXED_LEN_BYTE_ARRAY
                  && fileType.typeLength() == tableType.length()
              ? new BytesSink(vector)
              : null;
      case UUID -> isBytes(physical) ? new UuidSink(vector) : null;
      case UNKNOWN, VARIANT, STRUCT, LIST, MAP -> null;
    };
  }

  /**
   * Why a file column does not convert to the table's type, when there is more to say than the two
   * types: unsigned integers wider than the table's type.
   */
  public static String whyNot(ParquetField.Primitive fileType, PrimitiveType tableType) {
    if (fileType.logicalType() instanceof LogicalType.IntegerType integer && !integer.signed()) {
      return switch (integer.bitWidth()) {
        case 32 -> "unsigned 32-bit values exceed int; declare the column long to read them";
        case 64 ->
            "unsigned 64-bit values exceed long; declare the column decimal(20, 0) to read them";
        default -> null;
      };
    }
    return null;
  }

  /**
   * The column as its physical type alone when its logical type says nothing about its values: a
   * logical type newer than Floe reads as its physical type, and {@code UNKNOWN} (every value null)
   * has no values to convert.
   */
  private static ParquetField.Primitive asPhysical(ParquetField.Primitive fileType) {
    if (!(fileType.logicalType() instanceof LogicalType.Unrecognized)
        && !(fileType.logicalType() instanceof LogicalType.NullType)) {
      return fileType;
    }
    return new ParquetField.Primitive(
        fileType.name(),
        fileType.repetition(),
        fileType.fieldId(),
        null,
        fileType.physicalType(),
        fileType.typeLength());
  }

  /** A sink that drops values, for leaves read only for their levels. */
  public static ValueSink discarding() {
    return new DiscardingSink();
  }

  private static boolean isBytes(PhysicalType physical) {
    return physical == PhysicalType.BINARY || physical == PhysicalType.FIXED_LEN_BYTE_ARRAY;
  }

  /** An int32 column's integer width and signedness: plain ints are signed 32-bit. */
  private static LogicalType.IntegerType integerType(LogicalType logical, int defaultWidth) {
    return logical instanceof LogicalType.IntegerType integer
        ? integer
        : new LogicalType.IntegerType(defaultWidth, true);
  }

  /** Whether an integer column's logical type lets its values read as plain integers. */
  private static boolean isPlainInteger(LogicalType logical) {
    return logical == null
        || logical instanceof LogicalType.IntegerType
        || logical instanceof LogicalType.DateType;
  }

  /**
   * An int: int32 values, signed, or unsigned of 8 or 16 bits (whose values an int holds; unsigned
   * 32-bit ones it does not).
   */
  private static ValueSink integerToInt(
      PhysicalType physical, LogicalType logical, WritableColumnVector vector) {
    if (physical != PhysicalType.INT32 || !isPlainInteger(logical)) {
      return null;
    }
    LogicalType.IntegerType integer = integerType(logical, 32);
    if (!integer.signed() && integer.bitWidth() >= 32) {
      return null;
    }
    return new IntSink(vector);
  }

  /** A long: int64 or int32 values, signed, and unsigned up to 32 bits (not 64). */
  private static ValueSink integerToLong(
      PhysicalType physical, LogicalType logical, WritableColumnVector vector) {
    if (!isPlainInteger(logical) || logical instanceof LogicalType.DateType) {
      return null;
    }
    if (physical == PhysicalType.INT32) {
      LogicalType.IntegerType integer = integerType(logical, 32);
      return integer.signed() ? new LongSink(vector, 1, 1) : new UnsignedIntToLongSink(vector);
    }
    if (physical == PhysicalType.INT64) {
      LogicalType.IntegerType integer = integerType(logical, 64);
      return integer.signed() ? new LongSink(vector, 1, 1) : null;
    }
    return null;
  }

  private static ValueSink floating(ParquetField.Primitive fileType, WritableColumnVector vector) {
    if (fileType.physicalType() == PhysicalType.FLOAT) {
      return new FloatSink(vector);
    }
    return isFloat16(fileType) ? new Float16Sink(vector, false) : null;
  }

  private static ValueSink floatingToDouble(
      ParquetField.Primitive fileType, WritableColumnVector vector) {
    PhysicalType physical = fileType.physicalType();
    if (physical == PhysicalType.DOUBLE || physical == PhysicalType.FLOAT) {
      return new DoubleSink(vector);
    }
    return isFloat16(fileType) ? new Float16Sink(vector, true) : null;
  }

  private static boolean isFloat16(ParquetField.Primitive fileType) {
    return fileType.logicalType() instanceof LogicalType.Float16Type
        && fileType.physicalType() == PhysicalType.FIXED_LEN_BYTE_ARRAY
        && fileType.typeLength() == 2;
  }

  private static ValueSink time(
      PhysicalType physical, LogicalType logical, WritableColumnVector vector) {
    LogicalType.TimeUnit unit =
        logical instanceof LogicalType.TimeType time ? time.unit() : LogicalType.TimeUnit.MICROS;
    return switch (unit) {
      case MILLIS -> physical == PhysicalType.INT32 ? new LongSink(vector, 1000, 1) : null;
      case MICROS -> physical == PhysicalType.INT64 ? new LongSink(vector, 1, 1) : null;
      case NANOS -> physical == PhysicalType.INT64 ? new LongSink(vector, 1, 1000) : null;
    };
  }

  private static ValueSink timestamp(
      PhysicalType physical, LogicalType logical, WritableColumnVector vector) {
    if (physical == PhysicalType.INT96) {
      return new Int96Sink(vector);
    }
    if (physical == PhysicalType.INT32 && logical instanceof LogicalType.DateType) {
      // Iceberg v3 promotes date to timestamp: midnight of the day
      return new LongSink(vector, MICROS_PER_DAY, 1);
    }
    if (physical != PhysicalType.INT64) {
      return null;
    }
    if (logical != null && !(logical instanceof LogicalType.TimestampType)) {
      return null;
    }
    LogicalType.TimeUnit unit =
        logical instanceof LogicalType.TimestampType timestamp
            ? timestamp.unit()
            : LogicalType.TimeUnit.MICROS;
    return switch (unit) {
      case MILLIS -> new LongSink(vector, 1000, 1);
      case MICROS -> new LongSink(vector, 1, 1);
      case NANOS -> new LongSink(vector, 1, 1000);
    };
  }

  /**
   * Decimals of every physical form, and unsigned integers (8 to 64 bits) into a decimal of scale 0
   * wide enough for their largest value.
   */
  private static ValueSink decimal(
      ParquetField.Primitive fileType, PrimitiveType tableType, WritableColumnVector vector) {
    if (fileType.logicalType() instanceof LogicalType.IntegerType integer && !integer.signed()) {
      int digits =
          integer.bitWidth() <= 8
              ? 3
              : integer.bitWidth() <= 16 ? 5 : integer.bitWidth() <= 32 ? 10 : 20;
      boolean physicalMatches =
          fileType.physicalType()
              == (integer.bitWidth() == 64 ? PhysicalType.INT64 : PhysicalType.INT32);
      if (tableType.scale() != 0 || tableType.precision() < digits || !physicalMatches) {
        return null;
      }
      return new UnsignedDecimalSink(vector, tableType.precision(), integer.bitWidth() == 64);
    }
    if (!(fileType.logicalType() instanceof LogicalType.DecimalType decimal)
        || decimal.scale() != tableType.scale()
        || decimal.precision() > tableType.precision()) {
      return null;
    }
    return switch (fileType.physicalType()) {
      case INT32, INT64, BINARY, FIXED_LEN_BYTE_ARRAY ->
          new DecimalSink(vector, tableType.precision());
      case BOOLEAN, INT96, FLOAT, DOUBLE -> null;
    };
  }

  /** Unsigned int32 values (their bits as stored) as the longs they stand for. */
  private static final class UnsignedIntToLongSink implements ValueSink {
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

  /** Unsigned integers into a decimal of scale 0, stored as Spark stores its precision. */
  private static final class UnsignedDecimalSink implements ValueSink {
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

  /**
   * IEEE 754 half-precision values (two bytes, little-endian) as floats or doubles: every half is
   * exactly a float, NaN payloads and signed zeros included.
   */
  private static final class Float16Sink implements ValueSink {
    private final WritableColumnVector vector;
    private final boolean doubles;

    Float16Sink(WritableColumnVector vector, boolean doubles) {
      this.vector = vector;
      this.doubles = doubles;
    }

    @Override
    public void putBytes(int row, byte[] bytes, int offset, int length) {
      if (length != 2) {
        throw new IllegalStateException("A float16 has 2 bytes, not " + length);
      }
      float value = halfToFloat((bytes[offset] & 0xFF) | (bytes[offset + 1] & 0xFF) << 8);
      if (doubles) {
        vector.putDouble(row, value);
      } else {
        vector.putFloat(row, value);
      }
    }
  }

  /** The float a half-precision bit pattern stands for. */
  static float halfToFloat(int half) {
    int sign = (half & 0x8000) << 16;
    int exponent = (half >>> 10) & 0x1F;
    int mantissa = half & 0x3FF;
    if (exponent == 0x1F) {
      // infinities and NaNs: keep the payload in the float's top mantissa bits
      return Float.intBitsToFloat(sign | 0x7F80_0000 | mantissa << 13);
    }
    if (exponent == 0) {
      if (mantissa == 0) {
        return Float.intBitsToFloat(sign);
      }
      // subnormal: mantissa * 2^-24, exact in a float
      float magnitude = mantissa * 0x1.0p-24f;
      return sign == 0 ? magnitude : -magnitude;
    }
    return Float.intBitsToFloat(sign | (exponent + 112) << 23 | mantissa << 13);
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
    public boolean putPlain(PhysicalType physical, int row, int count, byte[] data, int offset) {
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
    public boolean putPlain(PhysicalType physical, int row, int count, byte[] data, int offset) {
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
    public boolean putPlain(PhysicalType physical, int row, int count, byte[] data, int offset) {
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
    public boolean putPlain(PhysicalType physical, int row, int count, byte[] data, int offset) {
      if (physical == PhysicalType.DOUBLE) {
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
}
