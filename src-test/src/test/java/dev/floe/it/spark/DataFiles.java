package dev.floe.it.spark;

import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** The live data files of a fixture table, from Iceberg's {@code files} metadata table. */
final class DataFiles {
  private DataFiles() {}

  static List<String> of(SparkSession spark, String identifier) {
    return spark
        .sql("SELECT file_path FROM " + identifier + ".data_files ORDER BY file_path")
        .collectAsList()
        .stream()
        .map((Row row) -> row.getString(0))
        .toList();
  }
}
