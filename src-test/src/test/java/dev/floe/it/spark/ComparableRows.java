package dev.floe.it.spark;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import scala.collection.JavaConverters;

/**
 * Rows of named columns, in read order, as plain Java values two engines can be compared by: {@link
 * Boolean}, {@link Integer}, {@link Long}, {@link Float} and {@link Double} (equal when their bits
 * are: NaN equals NaN, -0.0 differs from 0.0), {@link java.math.BigDecimal}, {@link String}, {@link
 * Bytes}, {@link java.time.LocalDate}, {@link java.time.LocalDateTime} (a timestamp without zone),
 * {@link java.time.Instant} (a timestamp with zone), a {@link List} of field values for a struct or
 * of elements for a list, a {@link Map} for a map. {@link DuckDbParquet#comparable} says how
 * DuckDB's values become these.
 */
record ComparableRows(List<String> columns, List<List<Object>> rows) {
  private static final int SHOWN_ROWS = 3;

  ComparableRows {
    columns = List.copyOf(columns);
    rows = List.copyOf(rows);
  }

  /**
   * What Spark collects from {@code rows}: structs come as {@link Row}, lists and maps as Scala
   * collections, binary as {@code byte[]}, dates and timestamps with zone as {@link java.sql.Date}
   * and {@link java.sql.Timestamp} (the session does not enable the Java 8 time API), timestamps
   * without zone as {@link java.time.LocalDateTime}; everything else as the form above already.
   */
  static ComparableRows of(Dataset<Row> rows) {
    List<String> columns = List.of(rows.columns());
    List<List<Object>> values = new ArrayList<>();
    for (Row row : rows.collectAsList()) {
      values.add(fields(row));
    }
    return new ComparableRows(columns, values);
  }

  private static List<Object> fields(Row row) {
    List<Object> fields = new ArrayList<>(row.length());
    for (int field = 0; field < row.length(); field++) {
      fields.add(comparable(row.get(field)));
    }
    return fields;
  }

  private static Object comparable(Object value) {
    if (value instanceof Row struct) {
      return fields(struct);
    }
    if (value instanceof scala.collection.Seq<?> list) {
      return JavaConverters.seqAsJavaList(list).stream().map(ComparableRows::comparable).toList();
    }
    if (value instanceof scala.collection.Map<?, ?> map) {
      Map<Object, Object> entries = new LinkedHashMap<>();
      JavaConverters.mapAsJavaMap(map)
          .forEach((key, entry) -> entries.put(comparable(key), comparable(entry)));
      return entries;
    }
    if (value instanceof byte[] bytes) {
      return new Bytes(bytes);
    }
    if (value instanceof java.sql.Date date) {
      return date.toLocalDate();
    }
    if (value instanceof java.sql.Timestamp timestamp) {
      return timestamp.toInstant();
    }
    return value;
  }

  /**
   * The values of {@code selected} columns in the rows at {@code positions} (0 for the first row),
   * in the order given.
   */
  ComparableRows subset(List<String> selected, List<Long> positions) {
    List<Integer> indexes = new ArrayList<>();
    for (String column : selected) {
      int index = columns.indexOf(column);
      if (index < 0) {
        throw new IllegalArgumentException("No column " + column + " in " + columns);
      }
      indexes.add(index);
    }
    List<List<Object>> subset = new ArrayList<>();
    for (long position : positions) {
      List<Object> row = rows.get(Math.toIntExact(position));
      List<Object> values = new ArrayList<>(indexes.size());
      indexes.forEach(index -> values.add(row.get(index)));
      subset.add(values);
    }
    return new ComparableRows(selected, subset);
  }

  /**
   * How these rows differ from {@code expected}: the row counts, or for each column the number of
   * rows whose values differ and the first few of them; empty when the rows are equal, in order.
   */
  List<String> differencesFrom(ComparableRows expected) {
    if (!columns.equals(expected.columns)) {
      return List.of("columns " + columns + " where " + expected.columns + " were expected");
    }
    if (rows.size() != expected.rows.size()) {
      return List.of(
          rows.size()
              + " rows where "
              + expected.rows.size()
              + " were expected; first differing row "
              + firstDifferingRow(expected));
    }
    List<String> differences = new ArrayList<>();
    for (int column = 0; column < columns.size(); column++) {
      List<String> shown = new ArrayList<>();
      int differing = 0;
      for (int row = 0; row < rows.size(); row++) {
        Object want = expected.rows.get(row).get(column);
        Object got = rows.get(row).get(column);
        if (!Objects.equals(want, got)) {
          differing++;
          if (shown.size() < SHOWN_ROWS) {
            shown.add("row " + row + ": " + shown(want) + " read as " + shown(got));
          }
        }
      }
      if (differing > 0) {
        differences.add(
            columns.get(column)
                + ": "
                + differing
                + " of "
                + rows.size()
                + " rows differ, e.g. "
                + String.join("; ", shown));
      }
    }
    return differences;
  }

  private String firstDifferingRow(ComparableRows expected) {
    int shared = Math.min(rows.size(), expected.rows.size());
    for (int row = 0; row < shared; row++) {
      if (!rows.get(row).equals(expected.rows.get(row))) {
        return row + ": " + expected.rows.get(row) + " read as " + rows.get(row);
      }
    }
    return shared
        + ": "
        + (shared < expected.rows.size() ? expected.rows.get(shared) + " missing" : "")
        + (shared < rows.size() ? rows.get(shared) + " unexpected" : "");
  }

  /** A value with its Java class, so that 1 (Integer) and 1 (Long) do not look alike. */
  private static String shown(Object value) {
    return value == null ? "null" : value + " (" + value.getClass().getSimpleName() + ")";
  }
}
