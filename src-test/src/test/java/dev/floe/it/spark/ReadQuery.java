package dev.floe.it.spark;

import java.util.List;
import java.util.Objects;

/**
 * One read of a fixture table: the columns to select (empty for all; a dotted name selects a nested
 * field, which prunes the struct), a Spark SQL filter (empty for none) and a split size in bytes (0
 * for the table's default).
 */
public record ReadQuery(List<String> columns, String filter, long splitSize) {
  public ReadQuery {
    columns = List.copyOf(columns);
    Objects.requireNonNull(filter, "filter");
    if (splitSize < 0) {
      throw new IllegalArgumentException(
          "Split size must be 0 (default) or positive: " + splitSize);
    }
  }

  public static ReadQuery fullScan() {
    return new ReadQuery(List.of(), "", 0);
  }

  public static ReadQuery select(String... columns) {
    return new ReadQuery(List.of(columns), "", 0);
  }

  public static ReadQuery where(String filter) {
    return new ReadQuery(List.of(), filter, 0);
  }

  public ReadQuery withColumns(String... selected) {
    return new ReadQuery(List.of(selected), filter, splitSize);
  }

  public ReadQuery withSplitSize(long bytes) {
    return new ReadQuery(columns, filter, bytes);
  }

  public boolean isFullScan() {
    return columns.isEmpty() && filter.isEmpty();
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    text.append(columns.isEmpty() ? "*" : String.join(", ", columns));
    if (!filter.isEmpty()) {
      text.append(" where ").append(filter);
    }
    if (splitSize > 0) {
      text.append(" [split-size ").append(splitSize).append(']');
    }
    return text.toString();
  }
}
