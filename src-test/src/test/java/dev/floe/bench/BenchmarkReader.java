package dev.floe.bench;

import dev.floe.it.spark.ReadFixture;
import dev.floe.it.spark.ReadQuery;
import dev.floe.it.spark.TableReader;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** A reader the read benchmarks time: a fresh DataFrame over one table for every run. */
enum BenchmarkReader {
  FLOE("Floe"),
  /** Apache Iceberg's Spark reader, loading the table directory as Floe does. */
  ICEBERG("Iceberg"),
  /** Spark's own Parquet reader on the table's data files: it knows nothing of delete files. */
  SPARK_PARQUET("Spark Parquet");

  private final String label;

  BenchmarkReader(String label) {
    this.label = label;
  }

  String label() {
    return label;
  }

  /**
   * The rows of the whole table.
   *
   * @param files the table's data files, listed from Iceberg's metadata (for Spark's reader)
   */
  Dataset<Row> load(SparkSession spark, ReadFixture table, List<String> files) {
    return switch (this) {
      case FLOE -> TableReader.FLOE.read(spark, table, ReadQuery.fullScan());
      case ICEBERG -> TableReader.ICEBERG_PATH.read(spark, table, ReadQuery.fullScan());
      case SPARK_PARQUET -> spark.read().parquet(files.toArray(String[]::new));
    };
  }
}
