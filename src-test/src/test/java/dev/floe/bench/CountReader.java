package dev.floe.bench;

import dev.floe.it.spark.ReadFixture;
import dev.floe.it.spark.ReadQuery;
import dev.floe.it.spark.TableReader;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** A reader the COUNT(*) benchmark times: a fresh DataFrame over one table for every run. */
enum CountReader {
  /** Floe by path, with its defaults: the count is pushed into its scan. */
  FLOE("Floe"),
  /** Floe by path with the pushdown turned off: Spark counts the rows Floe reads. */
  FLOE_ROW_BY_ROW("Floe, no pushdown"),
  /**
   * Apache Iceberg's Spark reader by path, with its defaults: it pushes the count only on a table
   * without delete files.
   */
  ICEBERG("Iceberg"),
  /** Spark's own Parquet reader on the data files: it knows nothing of delete files. */
  SPARK_PARQUET("Spark Parquet");

  /** Floe's read option that turns the aggregate pushdown off. */
  static final String AGGREGATE_PUSH_DOWN = "aggregate-push-down-enabled";

  private final String label;

  CountReader(String label) {
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
      case FLOE -> BenchmarkReader.FLOE.load(spark, table, files);
      case FLOE_ROW_BY_ROW ->
          TableReader.FLOE.read(
              spark, table, ReadQuery.fullScan(), Map.of(AGGREGATE_PUSH_DOWN, "false"));
      case ICEBERG -> BenchmarkReader.ICEBERG.load(spark, table, files);
      case SPARK_PARQUET -> BenchmarkReader.SPARK_PARQUET.load(spark, table, files);
    };
  }
}
