package dev.floe.spark.read.parquet.format;

import java.util.List;

/** A row group: its rows, and one chunk per leaf column in schema order. */
public record RowGroup(int index, long rowCount, List<ColumnChunk> columns) {
  public RowGroup {
    columns = List.copyOf(columns);
  }

  /** The first byte of the row group, its first column chunk's: where a split finds it. */
  public long startingPosition() {
    return columns.isEmpty() ? 0 : columns.get(0).startingPosition();
  }

  public ColumnChunk chunk(ParquetColumn column) {
    return columns.get(column.ordinal());
  }
}
