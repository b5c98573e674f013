package dev.floe.spark.deletes;

import dev.floe.InvalidRequestException;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads the equality key of a row from Spark column vectors: the values of the equality columns as
 * Java objects that compare by Iceberg value. Data rows and delete rows are both decoded to the
 * table's column types by Floe's readers, so the same key reader serves both sides: an int column
 * since promoted to long yields longs from old and new files alike.
 *
 * <p>Keys are the single value for one column, a list for several; null is a value like any other
 * (a null in a delete row deletes the data rows with null there). Floats and doubles compare as
 * Java's boxed types do, as Iceberg's: NaN equals NaN, and -0.0 is not 0.0.
 *
 * <p>When every column is of a fixed-width type, a key also reads as longs and a null mask ({@link
 * #packedKey}) that compare exactly as the objects do: {@link LongKeySet} holds those.
 */
final class EqualityKeyReader {
  /** Reads one column's value at a row; {@code copy} when the value must outlive the batch. */
  @FunctionalInterface
  private interface ValueReader {
    Object read(ColumnVector vector, int row, boolean copy);
  }

  /** Reads one column's non-null value at a row as a long that compares as the value does. */
  @FunctionalInterface
  private interface LongReader {
    long read(ColumnVector vector, int row);
  }

  private final int[] columns;
  private final ValueReader[] readers;

  /** Null unless every column packs into a long. */
  private final LongReader[] longReaders;

  private EqualityKeyReader(int[] columns, ValueReader[] readers, LongReader[] longReaders) {
    this.columns = columns;
    this.readers = readers;
    this.longReaders = longReaders;
  }

  /**
   * A key reader for equality columns {@code fields}, found in a batch at {@code columns}.
   *
   * @param where the delete file and table, for the message when a column's type cannot be compared
   * @throws InvalidRequestException for a nanosecond timestamp column (Spark holds micros, so
   *     comparing would delete rows that differ below a microsecond) or a non-primitive column
   */
  static EqualityKeyReader of(List<NestedField> fields, int[] columns, String where) {
    if (fields.size() != columns.length) {
      throw new IllegalArgumentException(
          fields.size() + " equality fields but " + columns.length + " columns");
    }
    List<ValueReader> readers = new ArrayList<>();
    LongReader[] longReaders = new LongReader[fields.size()];
    for (int index = 0; index < fields.size(); index++) {
      NestedField field = fields.get(index);
      readers.add(readerFor(field, where));
      longReaders[index] = longReaderFor((PrimitiveType) field.type());
    }
    boolean packs =
        fields.size() <= LongKeySet.MAX_WIDTH
            && Arrays.stream(longReaders).allMatch(Objects::nonNull);
    return new EqualityKeyReader(
        columns.clone(), readers.toArray(new ValueReader[0]), packs ? longReaders : null);
  }

  /** A key reader for batches whose first columns are {@code fields}, in that order. */
  static EqualityKeyReader ofLeadingColumns(List<NestedField> fields, String where) {
    int[] columns = new int[fields.size()];
    for (int index = 0; index < columns.length; index++) {
      columns[index] = index;
    }
    return of(fields, columns, where);
  }

  /** The key of {@code row}, copied out of the batch so that it can be kept. */
  Object copiedKey(ColumnarBatch batch, int row) {
    return key(batch, row, true);
  }

  /** The key of {@code row}, possibly sharing the batch's memory: only for lookups. */
  Object probeKey(ColumnarBatch batch, int row) {
    return key(batch, row, false);
  }

  private Object key(ColumnarBatch batch, int row, boolean copy) {
    if (columns.length == 1) {
      return value(batch.column(columns[0]), readers[0], row, copy);
    }
    Object[] values = new Object[columns.length];
    for (int index = 0; index < columns.length; index++) {
      values[index] = value(batch.column(columns[index]), readers[index], row, copy);
    }
    return Arrays.asList(values);
  }

  /**
   * Whether every column's values pack into a long that is equal exactly when the values are:
   * booleans, integers, dates, times, timestamps, decimals of up to 18 digits (their unscaled
   * value), floats and doubles (their bits, NaN made canonical, as Java's boxed types compare).
   */
  boolean packsIntoLongs() {
    return longReaders != null;
  }

  /** The number of columns of a key. */
  int width() {
    return columns.length;
  }

  /**
   * Packs the key of {@code row} into {@code key[0 .. width - 1]}, a null column as 0; returns the
   * mask of the null columns (bit {@code i} for column {@code i}). Only when {@link
   * #packsIntoLongs}.
   */
  long packedKey(ColumnarBatch batch, int row, long[] key) {
    long nulls = 0;
    for (int index = 0; index < columns.length; index++) {
      ColumnVector vector = batch.column(columns[index]);
      if (vector.isNullAt(row)) {
        key[index] = 0;
        nulls |= 1L << index;
      } else {
        key[index] = longReaders[index].read(vector, row);
      }
    }
    return nulls;
  }

  /**
   * A key packed by {@link #packedKey} for {@code fields}, as {@link #copiedKey} gives it: a value,
   * or a list for several columns.
   */
  static Object unpackedKey(long[] key, long nulls, List<NestedField> fields) {
    Object[] values = new Object[fields.size()];
    for (int index = 0; index < values.length; index++) {
      boolean isNull = (nulls & (1L << index)) != 0;
      values[index] =
          isNull ? null : unpacked(key[index], (PrimitiveType) fields.get(index).type());
    }
    return values.length == 1 ? values[0] : Arrays.asList(values);
  }

  private static Object unpacked(long value, PrimitiveType type) {
    return switch (type.typeId()) {
      case BOOLEAN -> value != 0;
      case INT, DATE -> (int) value;
      case FLOAT -> Float.intBitsToFloat((int) value);
      case DOUBLE -> Double.longBitsToDouble(value);
      case LONG, TIME, TIMESTAMP, TIMESTAMPTZ, DECIMAL, UNKNOWN -> value;
      case TIMESTAMP_NS, TIMESTAMPTZ_NS, STRING, UUID, FIXED, BINARY, GEOMETRY, GEOGRAPHY ->
          throw new IllegalStateException(type + " keys do not pack into longs");
      case VARIANT, STRUCT, LIST, MAP ->
          throw new IllegalStateException(type + " keys do not pack into longs");
    };
  }

  private static LongReader longReaderFor(PrimitiveType type) {
    return switch (type.typeId()) {
      case BOOLEAN -> (vector, row) -> vector.getBoolean(row) ? 1 : 0;
      case INT, DATE -> ColumnVector::getInt;
      case LONG, TIME, TIMESTAMP, TIMESTAMPTZ -> ColumnVector::getLong;
      case FLOAT -> (vector, row) -> Float.floatToIntBits(vector.getFloat(row));
      case DOUBLE -> (vector, row) -> Double.doubleToLongBits(vector.getDouble(row));
      case DECIMAL -> {
        int precision = type.precision();
        int scale = type.scale();
        yield precision <= 18
            ? (vector, row) -> vector.getDecimal(row, precision, scale).toUnscaledLong()
            : null;
      }
      case UNKNOWN -> (vector, row) -> 0;
      case TIMESTAMP_NS, TIMESTAMPTZ_NS, STRING, UUID, FIXED, BINARY, GEOMETRY, GEOGRAPHY -> null;
      case VARIANT, STRUCT, LIST, MAP -> null;
    };
  }

  private static Object value(ColumnVector vector, ValueReader reader, int row, boolean copy) {
    return vector.isNullAt(row) ? null : reader.read(vector, row, copy);
  }

  /** An estimate of the heap one stored key takes, for the cache's byte bound. */
  static long estimatedKeySize(List<NestedField> fields) {
    long size = 48; // the set's entry and the key object
    if (fields.size() > 1) {
      size += 32 + 8L * fields.size();
    }
    for (NestedField field : fields) {
      size +=
          switch (((PrimitiveType) field.type()).typeId()) {
            case STRING, UUID, FIXED, BINARY, GEOMETRY, GEOGRAPHY -> 64;
            case DECIMAL -> 48;
            case BOOLEAN, INT, LONG, FLOAT, DOUBLE, DATE, TIME, TIMESTAMP, TIMESTAMPTZ -> 16;
            case TIMESTAMP_NS, TIMESTAMPTZ_NS, UNKNOWN, VARIANT, STRUCT, LIST, MAP -> 16;
          };
    }
    return size;
  }

  private static ValueReader readerFor(NestedField field, String where) {
    if (!(field.type() instanceof PrimitiveType type)) {
      throw unsupported(field, where, "it is not a primitive column");
    }
    return switch (type.typeId()) {
      case BOOLEAN -> (vector, row, copy) -> vector.getBoolean(row);
      case INT, DATE -> (vector, row, copy) -> vector.getInt(row);
      case LONG, TIME, TIMESTAMP, TIMESTAMPTZ -> (vector, row, copy) -> vector.getLong(row);
      case FLOAT -> (vector, row, copy) -> vector.getFloat(row);
      case DOUBLE -> (vector, row, copy) -> vector.getDouble(row);
      case DECIMAL -> decimalReader(type.precision(), type.scale());
      case STRING, UUID ->
          (vector, row, copy) ->
              copy ? vector.getUTF8String(row).copy() : vector.getUTF8String(row);
      case FIXED, BINARY, GEOMETRY, GEOGRAPHY ->
          (vector, row, copy) -> ByteBuffer.wrap(vector.getBinary(row));
      case UNKNOWN -> (vector, row, copy) -> null;
      case TIMESTAMP_NS, TIMESTAMPTZ_NS ->
          throw unsupported(
              field,
              where,
              "Spark reads nanosecond timestamps as microseconds, so it cannot compare them");
      case VARIANT, STRUCT, LIST, MAP -> throw unsupported(field, where, "it is a " + type);
    };
  }

  /** Decimals of one column share a scale, so the unscaled value is the Iceberg value. */
  private static ValueReader decimalReader(int precision, int scale) {
    if (precision <= 18) {
      return (vector, row, copy) -> vector.getDecimal(row, precision, scale).toUnscaledLong();
    }
    return (vector, row, copy) -> vector.getDecimal(row, precision, scale).toJavaBigDecimal();
  }

  private static InvalidRequestException unsupported(
      NestedField field, String where, String reason) {
    return new InvalidRequestException(
        "Cannot apply equality deletes "
            + where
            + " on column "
            + field.name()
            + " (id "
            + field.fieldId()
            + "): "
            + reason);
  }
}
