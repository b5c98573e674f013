package dev.floe.spark.read.parquet.format;

import java.util.List;

/**
 * A leaf column of a Parquet file: its path from the root, its primitive type, the maximum
 * definition and repetition levels its ancestors give it, its position among the leaves (the order
 * of every row group's column chunks), and whether its statistics' {@code min_value} and {@code
 * max_value} follow the type-defined order (the footer's column order says so).
 */
public record ParquetColumn(
    List<String> path,
    ParquetField.Primitive type,
    int maxDefinition,
    int maxRepetition,
    int ordinal,
    boolean typeDefinedOrder) {
  public ParquetColumn {
    path = List.copyOf(path);
  }

  /** The dotted path, as messages name the column. */
  public String dottedPath() {
    return String.join(".", path);
  }
}
