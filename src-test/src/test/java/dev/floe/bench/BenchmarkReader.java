package dev.floe.bench;

import dev.floe.it.spark.ReadFixture;
import dev.floe.it.spark.ReadQuery;
import dev.floe.it.spark.TableReader;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** A reader the read benchmarks time: a fresh DataFrame over one table for every run. */
enum BenchmarkReader {
  FLOE("Floe"),
  /** Apache Iceberg's Spark reader, loading the table directory as Floe does. */
  ICEBERG("Iceberg"),
  /** Spark's own Parquet reader on the table's data files: it knows nothing of delete files. */
  SPARK_PARQUET("Spark Parquet"),
  /**
   * Floe with its page CRC-32 checks off ({@code verify-checksums=false}): what the checks cost.
   * Only the lineitem suite runs it, when asked ({@code bench.lineitem.checksumCost}).
   */
  FLOE_WITHOUT_CHECKSUMS("Floe (no CRC)"),
  /**
   * Iceberg's Spark reader under Apache DataFusion Comet's native Iceberg scan: the DataFrame is
   * Iceberg's; Comet takes over its scan when {@link Comet#enabled} runs the query. Only the
   * lineitem suite runs it, on the Spark 3.5 line, where its profile puts Comet on the classpath.
   */
  COMET("Comet"),
  /**
   * The floor: the rows already decoded into Spark's in-memory columnar cache, so a query costs
   * Spark's operators and no decoding. {@link #load} gives the DataFrame {@link MemoryFloor}
   * caches, not the cached one; only the lineitem suite runs it, on tables without deletes.
   */
  IN_MEMORY("In memory"),
  /**
   * Floe with aggregate pushdown off ({@code aggregate-push-down-enabled=false}): Spark aggregates
   * the rows Floe's reader hands it, as it does Iceberg's, where Floe would otherwise compute the
   * aggregate in its scan. Only the lineitem suite runs it, on the cases whose answer is collected
   * (its aggregates), unless {@code bench.lineitem.rowsToSpark=false}.
   */
  FLOE_ROWS("Floe (rows)"),
  /**
   * Floe's scan with Comet's native operators above it: Comet converts Floe's batches to Arrow and
   * runs the query's aggregates and filters natively ({@link Comet#enabledAboveSparkScans}), what a
   * user with both gets. Only the lineitem suite runs it, with Comet, on the collected cases.
   */
  FLOE_COMET("Floe + Comet exec");

  /**
   * A read option only {@link #IN_MEMORY}'s DataFrame carries: Spark answers a query from the cache
   * when its plan holds the cached plan, and without it Spark's Parquet reader's plans would.
   */
  static final String IN_MEMORY_OPTION = "floe.bench.in-memory-floor";

  /** The readers every read benchmark compares: Floe, Iceberg's reader, Spark's Parquet reader. */
  static final List<BenchmarkReader> COMPARED = List.of(FLOE, ICEBERG, SPARK_PARQUET);

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
      case FLOE, FLOE_COMET -> TableReader.FLOE.read(spark, table, ReadQuery.fullScan());
      case ICEBERG, COMET -> TableReader.ICEBERG_PATH.read(spark, table, ReadQuery.fullScan());
      case SPARK_PARQUET -> spark.read().parquet(files.toArray(String[]::new));
      case FLOE_WITHOUT_CHECKSUMS ->
          TableReader.FLOE.read(
              spark, table, ReadQuery.fullScan(), Map.of("verify-checksums", "false"));
      case IN_MEMORY ->
          spark.read().option(IN_MEMORY_OPTION, "true").parquet(files.toArray(String[]::new));
      case FLOE_ROWS ->
          TableReader.FLOE.read(
              spark, table, ReadQuery.fullScan(), Map.of("aggregate-push-down-enabled", "false"));
    };
  }
}
