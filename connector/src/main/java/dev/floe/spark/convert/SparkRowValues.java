package dev.floe.spark.convert;

import dev.floe.table.ListType;
import dev.floe.table.MapType;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.Type;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Rows of Floe values (structs as lists of their fields in order) as Spark's {@link InternalRow},
 * typed by the Iceberg schema so that each value takes the form {@link SparkSchemas} gives its
 * type: strings and uuids as {@code UTF8String}, decimals as {@code Decimal}, binary as {@code
 * byte[]}, nanosecond timestamps truncated to micros.
 */
public final class SparkRowValues {
  private SparkRowValues() {}

  public static InternalRow toRow(Schema schema, List<Object> row) {
    return struct(schema.asStruct(), row);
  }

  private static InternalRow struct(StructType type, List<?> values) {
    List<NestedField> fields = type.fields();
    if (values.size() != fields.size()) {
      throw new IllegalStateException(
          "A row of " + values.size() + " values does not fit " + fields.size() + " columns");
    }
    Object[] converted = new Object[fields.size()];
    for (int position = 0; position < converted.length; position++) {
      converted[position] = value(fields.get(position).type(), values.get(position));
    }
    return new GenericInternalRow(converted);
  }

  private static Object value(Type type, Object value) {
    if (value == null) {
      return null;
    }
    if (type instanceof StructType struct) {
      return struct(struct, (List<?>) value);
    }
    if (type instanceof ListType list) {
      List<?> elements = (List<?>) value;
      Object[] converted = new Object[elements.size()];
      for (int index = 0; index < converted.length; index++) {
        converted[index] = value(list.element().type(), elements.get(index));
      }
      return new GenericArrayData(converted);
    }
    if (type instanceof MapType map) {
      Map<?, ?> entries = (Map<?, ?>) value;
      Object[] keys = new Object[entries.size()];
      Object[] values = new Object[entries.size()];
      int index = 0;
      for (Map.Entry<?, ?> entry : entries.entrySet()) {
        keys[index] = value(map.key().type(), entry.getKey());
        values[index] = value(map.value().type(), entry.getValue());
        index++;
      }
      return new ArrayBasedMapData(new GenericArrayData(keys), new GenericArrayData(values));
    }
    return primitive((PrimitiveType) type, value);
  }

  private static Object primitive(PrimitiveType type, Object value) {
    switch (type.typeId()) {
      case STRING:
      case UUID:
        return UTF8String.fromString(value.toString());
      case DECIMAL:
        return Decimal.apply((BigDecimal) value);
      case FIXED:
      case BINARY:
      case GEOMETRY:
      case GEOGRAPHY:
        ByteBuffer buffer = ((ByteBuffer) value).duplicate();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
      case TIMESTAMP_NS:
      case TIMESTAMPTZ_NS:
        return Math.floorDiv((Long) value, 1000L);
      case UNKNOWN:
        return null;
      case BOOLEAN:
      case INT:
      case LONG:
      case FLOAT:
      case DOUBLE:
      case DATE:
      case TIME:
      case TIMESTAMP:
      case TIMESTAMPTZ:
        return value;
      case VARIANT:
      case STRUCT:
      case LIST:
      case MAP:
        throw new UnsupportedOperationException("Floe cannot show " + type + " values in Spark");
    }
    throw new IllegalStateException("Unknown type " + type);
  }
}
