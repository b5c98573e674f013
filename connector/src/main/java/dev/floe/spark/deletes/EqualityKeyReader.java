package dev.floe.spark.deletes;

import dev.floe.InvalidRequestException;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 */
final class EqualityKeyReader {
  /** Reads one column's value at a row; {@code copy} when the value must outlive the batch. */
  @FunctionalInterface
  private interface ValueReader {
    Object read(ColumnVector vector, int row, boolean copy);
  }

  private final int[] columns;
  private final ValueReader[] readers;

  private EqualityKeyReader(int[] columns, ValueReader[] readers) {
    this.columns = columns;
    this.readers = readers;
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
    for (NestedField field : fields) {
      readers.add(readerFor(field, where));
    }
    return new EqualityKeyReader(columns.clone(), readers.toArray(new ValueReader[0]));
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
