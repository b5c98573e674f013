package dev.floe.bench;

import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** The two readers the scale benchmark compares, each loading a table by its directory. */
enum ScaleReader {
  FLOE("Floe", "floe"),
  /** Apache Iceberg's Spark reader, through its path loading (HadoopTables). */
  ICEBERG("Iceberg", "iceberg");

  private final String label;
  private final String format;

  ScaleReader(String label, String format) {
    this.label = label;
    this.format = format;
  }

  String label() {
    return label;
  }

  Dataset<Row> load(SparkSession spark, String location, Map<String, String> options) {
    return spark.read().format(format).options(options).load(location);
  }
}
