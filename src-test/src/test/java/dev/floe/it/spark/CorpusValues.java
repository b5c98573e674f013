package dev.floe.it.spark;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructType;
import scala.Tuple2;

/**
 * Rows as plain values that compare exactly with {@code equals}: a struct is the list of its field
 * values in order, an array a list, a map a map (entry order does not matter), bytes a {@link
 * Binary}, timestamps {@link java.time.Instant}s and dates {@link java.time.LocalDate}s. Floats and
 * doubles stay boxed, whose {@code equals} holds NaN equal to NaN and tells -0.0 from 0.0. Integers
 * of every width are {@code Long}s: where Spark's type differs from Iceberg's only in width (Spark
 * reads UINT_8 as smallint, Iceberg's type is int), the values still compare.
 */
final class CorpusValues {
  private CorpusValues() {}

  /** Bytes by content, printed as hex. */
  record Binary(String hex) {
    static Binary of(byte[] bytes) {
      return new Binary(HexFormat.of().formatHex(bytes));
    }

    static Binary utf8(String text) {
      return of(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
      return "0x" + hex;
    }
  }

  /** One row of values, nulls allowed. */
  static List<Object> row(Object... values) {
    return Arrays.asList(values);
  }

  static List<List<Object>> rows(List<Row> rows, StructType readType) {
    return rows.stream().map(row -> struct(row, readType)).toList();
  }

  /**
   * The value of a column read as {@code readType}. Bytes read where the type read is {@code float}
   * are a FLOAT16 as Iceberg's own conversion reads it (two little-endian bytes), decoded here.
   */
  static Object value(Object value, DataType readType) {
    if (value == null) {
      return null;
    }
    if (value instanceof Row row) {
      return struct(row, (StructType) readType);
    }
    if (value instanceof scala.collection.Seq<?> seq) {
      DataType element = readType instanceof ArrayType array ? array.elementType() : null;
      List<Object> list = new ArrayList<>();
      scala.collection.Iterator<?> iterator = seq.iterator();
      while (iterator.hasNext()) {
        list.add(value(iterator.next(), element));
      }
      return list;
    }
    if (value instanceof scala.collection.Map<?, ?> map) {
      MapType mapType = readType instanceof MapType type ? type : null;
      Map<Object, Object> entries = new LinkedHashMap<>();
      scala.collection.Iterator<? extends Tuple2<?, ?>> iterator = map.iterator();
      while (iterator.hasNext()) {
        Tuple2<?, ?> entry = iterator.next();
        entries.put(
            value(entry._1(), mapType == null ? null : mapType.keyType()),
            value(entry._2(), mapType == null ? null : mapType.valueType()));
      }
      return entries;
    }
    if (value instanceof Byte || value instanceof Short || value instanceof Integer) {
      return ((Number) value).longValue();
    }
    if (value instanceof byte[] bytes) {
      return DataTypes.FloatType.equals(readType) ? float16(bytes) : Binary.of(bytes);
    }
    if (value instanceof Timestamp timestamp) {
      return timestamp.toInstant();
    }
    if (value instanceof Date date) {
      return date.toLocalDate();
    }
    return value;
  }

  private static List<Object> struct(Row row, StructType type) {
    List<Object> fields = new ArrayList<>(row.size());
    for (int i = 0; i < row.size(); i++) {
      fields.add(value(row.get(i), type == null ? null : type.fields()[i].dataType()));
    }
    return fields;
  }

  /** An IEEE 754 half-precision value, stored little-endian as Parquet's FLOAT16 stores it. */
  static Float float16(byte[] littleEndian) {
    if (littleEndian.length != 2) {
      throw new IllegalArgumentException(
          "A FLOAT16 is two bytes, not " + littleEndian.length + ": " + Binary.of(littleEndian));
    }
    int bits = (littleEndian[1] & 0xff) << 8 | (littleEndian[0] & 0xff);
    int sign = bits >>> 15;
    int exponent = (bits >>> 10) & 0x1f;
    int mantissa = bits & 0x3ff;
    float magnitude;
    if (exponent == 0x1f) {
      magnitude = mantissa == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
    } else if (exponent == 0) {
      magnitude = Math.scalb((float) mantissa, -24);
    } else {
      magnitude = Float.intBitsToFloat((exponent - 15 + 127) << 23 | mantissa << 13);
    }
    return sign == 1 ? -magnitude : magnitude;
  }

  /**
   * The rows that differ, at most a few, or an empty string when {@code actual} equals {@code
   * expected} row by row in order.
   */
  static String differences(List<List<Object>> actual, List<List<Object>> expected) {
    List<String> differences = new ArrayList<>();
    for (int i = 0; i < Math.max(actual.size(), expected.size()) && differences.size() < 5; i++) {
      List<Object> got = i < actual.size() ? actual.get(i) : null;
      List<Object> wanted = i < expected.size() ? expected.get(i) : null;
      if (!Objects.equals(got, wanted)) {
        differences.add("row " + i + ": " + got + ", expected " + wanted);
      }
    }
    if (differences.isEmpty()) {
      return "";
    }
    return actual.size()
        + " rows, expected "
        + expected.size()
        + "; "
        + String.join("; ", differences);
  }

  /** A decimal as the column's type holds it, for expected values written as text. */
  static BigDecimal decimal(String text, int scale) {
    return new BigDecimal(text).setScale(scale);
  }
}
