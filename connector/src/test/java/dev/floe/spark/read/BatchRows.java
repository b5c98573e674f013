package dev.floe.spark.read;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A batch's rows as plain Java values: Boolean, Integer (int, date), Long (long, timestamps),
 * Float, Double, BigDecimal, String, ByteBuffer (binary), List (struct, array), Map (map).
 */
public final class BatchRows {
  private BatchRows() {}

  public static List<List<Object>> rows(ColumnarBatch batch, StructType schema) {
    List<List<Object>> rows = new ArrayList<>();
    for (int row = 0; row < batch.numRows(); row++) {
      rows.add(struct(batch.getRow(row), schema));
    }
    return rows;
  }

  private static List<Object> struct(InternalRow row, StructType schema) {
    List<Object> values = new ArrayList<>();
    for (int index = 0; index < schema.fields().length; index++) {
      DataType type = schema.fields()[index].dataType();
      values.add(row.isNullAt(index) ? null : value(row, index, type));
    }
    return values;
  }

  private static Object value(SpecializedGetters row, int index, DataType type) {
    if (type instanceof BooleanType) {
      return row.getBoolean(index);
    } else if (type instanceof IntegerType || type instanceof DateType) {
      return row.getInt(index);
    } else if (type instanceof LongType
        || type instanceof TimestampType
        || type instanceof TimestampNTZType) {
      return row.getLong(index);
    } else if (type instanceof FloatType) {
      return row.getFloat(index);
    } else if (type instanceof DoubleType) {
      return row.getDouble(index);
    } else if (type instanceof DecimalType decimal) {
      return row.getDecimal(index, decimal.precision(), decimal.scale()).toJavaBigDecimal();
    } else if (type instanceof StringType) {
      return row.getUTF8String(index).toString();
    } else if (type instanceof BinaryType) {
      return ByteBuffer.wrap(row.getBinary(index));
    } else if (type instanceof StructType struct) {
      return struct(row.getStruct(index, struct.fields().length), struct);
    } else if (type instanceof ArrayType array) {
      return array(row.getArray(index), array.elementType());
    } else if (type instanceof MapType map) {
      MapData data = row.getMap(index);
      List<Object> keys = array(data.keyArray(), map.keyType());
      List<Object> values = array(data.valueArray(), map.valueType());
      Map<Object, Object> result = new LinkedHashMap<>();
      for (int entry = 0; entry < keys.size(); entry++) {
        result.put(keys.get(entry), values.get(entry));
      }
      return result;
    }
    throw new AssertionError("Unexpected type " + type);
  }

  private static List<Object> array(ArrayData data, DataType elementType) {
    List<Object> values = new ArrayList<>();
    for (int index = 0; index < data.numElements(); index++) {
      if (data.isNullAt(index)) {
        values.add(null);
      } else {
        values.add(value(data, index, elementType));
      }
    }
    return values;
  }

  public static List<Object> row(Object... values) {
    return new ArrayList<>(Arrays.asList(values));
  }
}
