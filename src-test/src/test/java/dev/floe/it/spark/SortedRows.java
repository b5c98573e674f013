package dev.floe.it.spark;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** A query's rows as text, sorted, so that two readers' answers compare whatever their order. */
final class SortedRows {
  private SortedRows() {}

  static List<String> of(Dataset<Row> rows) {
    return rows.collectAsList().stream().map(Row::toString).sorted().toList();
  }
}
