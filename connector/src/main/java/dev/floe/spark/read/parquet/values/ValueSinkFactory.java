package dev.floe.spark.read.parquet.values;

import dev.floe.spark.read.parquet.format.LogicalType;
import dev.floe.spark.read.parquet.format.ParquetField;
import dev.floe.spark.read.parquet.format.PhysicalType;
import dev.floe.table.PrimitiveType;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/**
 * How a Parquet column's physical values become the Spark values of its Iceberg type: unit
 * conversions of times and timestamps (to micros), int96 timestamps, decimal storage by precision,
 * uuid text, and the promotions Iceberg allows (int to long, float to double, decimal precision
 * widening, date to timestamp). A file column whose type cannot become the table's is a corrupt
 * table. The conversions that are more than a copy have sinks of their own ({@link LongSink},
 * {@link DecimalSink}, {@link Float16Sink}, {@link Int96Sink}, {@link UuidSink} and the unsigned
 * ones).
 */
public final class ValueSinkFactory {
  private static final long MICROS_PER_DAY = TimeUnit.DAYS.toMicros(1);

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

    /**
     * One copy of the whole span, length prefixes included, into the vector's bytes; each row then
     * points at its value within it. The prefixes cost four unused bytes a value, against a copy
     * and a capacity check a value.
     */
    @Override
    public boolean putLengthPrefixed(int row, int count, byte[] data, int start, int end) {
      int shift = vector.arrayData().appendBytes(end - start, data, start) - start;
      int offset = start;
      for (int index = 0; index < count; index++) {
        int length = (int) LittleEndian.INT.get(data, offset);
        vector.putArray(row + index, shift + offset + 4, length);
        offset += 4 + length;
      }
      return true;
    }

    @Override
    public boolean storesBytesUnchanged() {
      return true;
    }
  }
}
