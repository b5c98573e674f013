package dev.floe.it.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructType;

/**
 * A corpus file's {@code _expect.csv}: its rows as the corpus states them, one line a row after a
 * header, in the file's row order. An unquoted empty field is null, a quoted one ({@code ""}) the
 * empty string. Columns match by position: the headers do not always spell the file's column names
 * (delta_encoding_required_column's names end in a colon, its CSV's do not).
 */
final class ExpectedCsv {
  private ExpectedCsv() {}

  static List<List<Object>> read(Path csv, StructType readType) {
    List<String> lines;
    try {
      lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the expected rows " + csv, e);
    }
    List<List<Object>> rows = new ArrayList<>();
    for (int number = 1; number < lines.size(); number++) {
      String line = lines.get(number);
      if (line.isEmpty()) {
        continue;
      }
      List<String> fields = fields(line);
      if (fields.size() != readType.size()) {
        throw new IllegalStateException(
            csv
                + " line "
                + (number + 1)
                + " has "
                + fields.size()
                + " fields, the table "
                + readType.size()
                + " columns");
      }
      List<Object> row = new ArrayList<>(fields.size());
      for (int i = 0; i < fields.size(); i++) {
        row.add(value(fields.get(i), readType.fields()[i].dataType()));
      }
      rows.add(row);
    }
    return rows;
  }

  /** The fields of one line; null for an unquoted empty field. */
  private static List<String> fields(String line) {
    List<String> fields = new ArrayList<>();
    int position = 0;
    while (true) {
      if (position < line.length() && line.charAt(position) == '"') {
        StringBuilder field = new StringBuilder();
        position++;
        while (true) {
          char next = line.charAt(position++);
          if (next == '"') {
            if (position < line.length() && line.charAt(position) == '"') {
              field.append('"');
              position++;
            } else {
              break;
            }
          } else {
            field.append(next);
          }
        }
        fields.add(field.toString());
      } else {
        int end = line.indexOf(',', position);
        String field = line.substring(position, end < 0 ? line.length() : end);
        fields.add(field.isEmpty() ? null : field);
        position = end < 0 ? line.length() : end;
      }
      if (position >= line.length()) {
        return fields;
      }
      // a comma: another field follows, maybe an empty one at the end of the line
      position++;
      if (position == line.length()) {
        fields.add(null);
        return fields;
      }
    }
  }

  private static Object value(String text, DataType type) {
    if (text == null) {
      return null;
    }
    if (type.equals(DataTypes.IntegerType) || type.equals(DataTypes.LongType)) {
      return Long.parseLong(text);
    }
    if (type.equals(DataTypes.StringType)) {
      return text;
    }
    if (type.equals(DataTypes.DoubleType)) {
      return Double.parseDouble(text);
    }
    if (type.equals(DataTypes.FloatType)) {
      return Float.parseFloat(text);
    }
    if (type instanceof DecimalType decimal) {
      return CorpusValues.decimal(text, decimal.scale());
    }
    if (type.equals(DataTypes.BooleanType)) {
      return Boolean.parseBoolean(text);
    }
    throw new IllegalArgumentException("No CSV reading for a column of type " + type + ": " + text);
  }
}
