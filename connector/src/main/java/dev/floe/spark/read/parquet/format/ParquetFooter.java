package dev.floe.spark.read.parquet.format;

import java.util.List;

/** What a Parquet file's footer says: its schema, rows and row groups, and who wrote it. */
public record ParquetFooter(
    ParquetSchema schema, long rowCount, List<RowGroup> rowGroups, String createdBy) {
  public ParquetFooter {
    rowGroups = List.copyOf(rowGroups);
  }
}
