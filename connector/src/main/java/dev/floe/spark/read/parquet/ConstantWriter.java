package dev.floe.spark.read.parquet;

import dev.floe.CorruptTableException;
import dev.floe.manifest.PartitionValues;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.StructType;
import dev.floe.table.Type;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.Decimal;

/**
 * Writes one Floe value (see {@link dev.floe.table.NestedField} for the representation) into the
 * first rows of a vector, in the Spark representation of its Iceberg type. A struct value is a
 * {@link PartitionValues} or a list, in field order.
 */
public final class ConstantWriter {
  private ConstantWriter() {}

  public static void fill(
      WritableColumnVector vector, Type type, Object value, int count, String location) {
    fill(vector, type, value, 0, count, location);
  }

  /** Writes the value into rows {@code [firstRow, firstRow + count)}. */
  public static void fill(
      WritableColumnVector vector,
      Type type,
      Object value,
      int firstRow,
      int count,
      String location) {
    if (value == null) {
      vector.putNulls(firstRow, count);
      return;
    }
    try {
      if (type instanceof StructType struct) {
        List<?> values =
            value instanceof PartitionValues partition ? partition.asList() : (List<?>) value;
        for (int index = 0; index < struct.fields().size(); index++) {
          NestedField child = struct.fields().get(index);
          WritableColumnVector childVector = vector.getChild(index);
          childVector.reserve(firstRow + count);
          fill(
              childVector,
              child.type(),
              index < values.size() ? values.get(index) : null,
              firstRow,
              count,
              location);
        }
        return;
      }
      if (!(type instanceof PrimitiveType primitive)) {
        throw new IllegalArgumentException("a constant " + type + " is not supported");
      }
      for (int row = firstRow; row < firstRow + count; row++) {
        put(vector, primitive, value, row);
      }
    } catch (ClassCastException | IllegalArgumentException | ArithmeticException wrong) {
      throw new CorruptTableException(
          "Cannot read "
              + location
              + ": constant "
              + value
              + " does not fit type "
              + type
              + ": "
              + wrong.getMessage(),
          wrong);
    }
  }

  private static void put(WritableColumnVector vector, PrimitiveType type, Object value, int row) {
    switch (type.typeId()) {
      case BOOLEAN -> vector.putBoolean(row, (Boolean) value);
      case INT, DATE -> vector.putInt(row, ((Number) value).intValue());
      case LONG, TIME, TIMESTAMP, TIMESTAMPTZ -> vector.putLong(row, ((Number) value).longValue());
      case TIMESTAMP_NS, TIMESTAMPTZ_NS ->
          vector.putLong(row, Math.floorDiv(((Number) value).longValue(), 1000L));
      case FLOAT -> vector.putFloat(row, ((Number) value).floatValue());
      case DOUBLE -> vector.putDouble(row, ((Number) value).doubleValue());
      case DECIMAL -> {
        BigDecimal decimal = ((BigDecimal) value).setScale(type.scale());
        vector.putDecimal(
            row, Decimal.apply(decimal, type.precision(), type.scale()), type.precision());
      }
      case STRING -> vector.putByteArray(row, ((String) value).getBytes(StandardCharsets.UTF_8));
      case UUID ->
          vector.putByteArray(row, ((UUID) value).toString().getBytes(StandardCharsets.US_ASCII));
      case FIXED, BINARY, GEOMETRY, GEOGRAPHY -> {
        ByteBuffer buffer = ((ByteBuffer) value).duplicate();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        vector.putByteArray(row, bytes);
      }
      case UNKNOWN -> vector.putNull(row);
      case VARIANT, STRUCT, LIST, MAP ->
          throw new IllegalArgumentException("a constant " + type + " is not supported");
    }
  }
}
