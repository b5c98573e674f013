package dev.floe.examples;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The rows of a query with their column names, collected on the driver, printable as a text table.
 * The demo's results are small; this is what the quickstart prints and the tests compare.
 *
 * @param columns the column names, in order
 * @param rows the rows, in the order the query returned them
 */
public record ResultTable(List<String> columns, List<Row> rows) {
  private static final int MAX_CELL = 120;

  public ResultTable {
    columns = List.copyOf(columns);
    rows = List.copyOf(rows);
  }

  /** Runs {@code query} and collects its rows. */
  public static ResultTable of(Dataset<Row> query) {
    return new ResultTable(List.of(query.columns()), query.collectAsList());
  }

  /** The rows as lists of values, for comparing two readers' answers. */
  public List<List<Object>> values() {
    List<List<Object>> values = new ArrayList<>();
    for (Row row : rows) {
      List<Object> value = new ArrayList<>();
      for (int i = 0; i < row.length(); i++) {
        value.add(row.get(i));
      }
      values.add(value);
    }
    return values;
  }

  /** The only value of a one-row, one-column result, such as a count or an {@code EXPLAIN}. */
  public Object single() {
    if (rows.size() != 1 || columns.size() != 1) {
      throw new IllegalStateException(
          "Expected one value, got " + rows.size() + " rows of " + columns);
    }
    return rows.get(0).get(0);
  }

  /**
   * The table as text, one line per row, columns padded to their widest cell. A single cell of
   * several lines (an {@code EXPLAIN} plan) is printed as it is.
   */
  public String format() {
    if (columns.size() == 1
        && rows.size() == 1
        && Objects.toString(rows.get(0).get(0)).contains("\n")) {
      return Objects.toString(rows.get(0).get(0)).stripTrailing();
    }
    List<List<String>> cells = new ArrayList<>();
    cells.add(columns);
    for (List<Object> row : values()) {
      List<String> line = new ArrayList<>();
      row.forEach(value -> line.add(cell(value)));
      cells.add(line);
    }
    int[] widths = new int[columns.size()];
    for (List<String> line : cells) {
      for (int i = 0; i < line.size(); i++) {
        widths[i] = Math.max(widths[i], line.get(i).length());
      }
    }
    StringBuilder text = new StringBuilder();
    for (int line = 0; line < cells.size(); line++) {
      appendLine(text, cells.get(line), widths);
      if (line == 0) {
        List<String> rule = new ArrayList<>();
        for (int width : widths) {
          rule.add("-".repeat(width));
        }
        appendLine(text, rule, widths);
      }
    }
    return text.append("(")
        .append(rows.size())
        .append(rows.size() == 1 ? " row)" : " rows)")
        .toString();
  }

  private static void appendLine(StringBuilder text, List<String> line, int[] widths) {
    for (int i = 0; i < line.size(); i++) {
      String cell = line.get(i);
      text.append(i == 0 ? "  " : " | ").append(cell).append(" ".repeat(widths[i] - cell.length()));
    }
    text.append(System.lineSeparator());
  }

  private static String cell(Object value) {
    String text = value == null ? "NULL" : value.toString();
    return text.length() <= MAX_CELL ? text : text.substring(0, MAX_CELL - 3) + "...";
  }
}
