package dev.floe.bench;

import java.util.Map;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.SparkSession;

/**
 * One way of planning a query through Spark that {@link DistributedPlanningBenchmark} compares,
 * each reading the table by its path. Floe's sides turn its metadata cache off ({@code
 * metadata-cache-size=0}): on a local master the "executors" are the driver's JVM and would share
 * its cache, so a cached manifest would make either side's plan a measure of the cache instead.
 * Iceberg's sides keep its defaults (no manifest cache); the second asks it, through its session
 * conf, to read data and delete manifests on the executors.
 */
enum PlanningSide {
  FLOE_LOCAL("Floe local"),
  FLOE_DISTRIBUTED("Floe distributed"),
  ICEBERG("Iceberg"),
  ICEBERG_DISTRIBUTED("Iceberg, planning-mode=distributed");

  /** Iceberg's session conf for where its Spark scans read data and delete manifests. */
  static final Map<String, String> ICEBERG_DISTRIBUTED_CONF =
      Map.of(
          "spark.sql.iceberg.data-planning-mode", "distributed",
          "spark.sql.iceberg.delete-planning-mode", "distributed");

  private final String label;

  PlanningSide(String label) {
    this.label = label;
  }

  String label() {
    return label;
  }

  boolean isFloe() {
    return switch (this) {
      case FLOE_LOCAL, FLOE_DISTRIBUTED -> true;
      case ICEBERG, ICEBERG_DISTRIBUTED -> false;
    };
  }

  /**
   * The reader of this side's source with its options; the session conf is {@link #sessionConf}.
   */
  DataFrameReader reader(SparkSession spark) {
    return switch (this) {
      case FLOE_LOCAL -> floe(spark, "local");
      case FLOE_DISTRIBUTED -> floe(spark, "distributed");
      case ICEBERG, ICEBERG_DISTRIBUTED -> spark.read().format("iceberg");
    };
  }

  /** Session conf set for this side's plans only, and unset after each. */
  Map<String, String> sessionConf() {
    return switch (this) {
      case FLOE_LOCAL, FLOE_DISTRIBUTED, ICEBERG -> Map.of();
      case ICEBERG_DISTRIBUTED -> ICEBERG_DISTRIBUTED_CONF;
    };
  }

  private static DataFrameReader floe(SparkSession spark, String mode) {
    return spark
        .read()
        .format("floe")
        .option("data-planning-mode", mode)
        .option("delete-planning-mode", mode)
        .option("metadata-cache-size", "0");
  }
}
