package dev.floe.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import scala.collection.JavaConverters;

/**
 * One query planned through Spark by one {@link PlanningSide} (or any reader: {@link
 * #plan(Supplier, DataFileCount, String)}), and what its scan planned: the time from a fresh {@code
 * Dataset} to its physical plan and the scan's input partitions, the scan's {@code EXPLAIN} text,
 * and the number of data files planned.
 *
 * <p>Both sides are timed to the same point. Floe plans when Spark builds the scan ({@code
 * ScanBuilder.build()}, inside {@code executedPlan()}); Iceberg's Spark scan plans lazily, when its
 * input partitions are first asked for, which {@code executedPlan()} alone may not do. The table is
 * loaded from its path inside the timed span on both sides, as a driver does per query.
 *
 * <p>The data files are counted exactly by each planner's own report: Floe's {@code resultFiles} in
 * its scan description (its {@code resultDataFiles} driver metric for a pushed aggregate),
 * Iceberg's {@code resultDataFiles} driver metric (its scan report's count of the data files in the
 * plan). Input partitions would not do: both combine and split files into tasks, each by its own
 * rules.
 *
 * @param inputPartitions the scan's input partitions (Spark's tasks of the read)
 * @param nanos the planning time
 * @param driverMetrics the metrics the scan reports from the driver, by name, read after the time
 *     was taken
 */
record PlannedScan(
    String description,
    long dataFiles,
    int inputPartitions,
    long nanos,
    Map<String, Long> driverMetrics) {
  private static final Pattern FLOE_RESULT_FILES = Pattern.compile(" resultFiles=(\\d+)");
  private static final String RESULT_DATA_FILES = "resultDataFiles";

  /** Whose report says how many data files a plan holds. */
  enum DataFileCount {
    /**
     * Floe's: {@code resultFiles} in its scan description, or its {@code resultDataFiles} driver
     * metric for a scan answering a pushed aggregate.
     */
    FLOE,
    /** Iceberg's: its {@code resultDataFiles} driver metric. */
    ICEBERG,
    /**
     * None: a metadata table's scan plans manifests, not data files, and says nothing of them;
     * {@link #dataFiles} is 0.
     */
    NOT_COUNTED
  }

  PlannedScan {
    Objects.requireNonNull(description, "description");
    driverMetrics = Map.copyOf(driverMetrics);
  }

  /**
   * Plans {@code location} where {@code filter} (Spark SQL; null for none) as {@code side} does.
   */
  static PlannedScan plan(SparkSession spark, PlanningSide side, String location, String filter) {
    side.sessionConf().forEach((name, value) -> spark.conf().set(name, value));
    try {
      Supplier<Dataset<Row>> query =
          () -> {
            Dataset<Row> read = side.reader(spark).load(location);
            return filter == null ? read : read.filter(filter);
          };
      return plan(query, side.isFloe() ? DataFileCount.FLOE : DataFileCount.ICEBERG, location);
    } finally {
      side.sessionConf().keySet().forEach(name -> spark.conf().unset(name));
    }
  }

  /**
   * Plans the query that {@code query} builds (it loads the table: the time starts before it is
   * called), a plan with one data source scan; {@code count} says whose report counts its data
   * files, and {@code where} names the query in errors.
   */
  static PlannedScan plan(Supplier<Dataset<Row>> query, DataFileCount count, String where) {
    long start = System.nanoTime();
    BatchScanExec scan = onlyScan(query.get().queryExecution().executedPlan(), where);
    int partitions = scan.inputPartitions().size();
    long nanos = System.nanoTime() - start;
    String description = scan.scan().description();
    long files =
        switch (count) {
          case FLOE -> floeFiles(scan, description, where);
          case ICEBERG -> resultDataFiles(scan, where, "Iceberg's");
          case NOT_COUNTED -> 0;
        };
    Map<String, Long> metrics = new HashMap<>();
    for (CustomTaskMetric metric : scan.scan().reportDriverMetrics()) {
      metrics.put(metric.name(), metric.value());
    }
    return new PlannedScan(description, files, partitions, nanos, metrics);
  }

  /**
   * Floe's description without what differs between equal plans made in different places: where the
   * metadata was read from and where the manifests were read.
   */
  String planOnly() {
    return description
        .replaceAll(" metadata=\\[.*?\\]\\] ", " ")
        .replaceAll(" planning=\\[.*?\\]", "");
  }

  /** Floe's {@code planning=[data=..., deletes=...]}, or "" for a scan that does not say. */
  String planning() {
    Matcher matcher = Pattern.compile(" planning=(\\[.*?\\])").matcher(description);
    return matcher.find() ? matcher.group(1) : "";
  }

  /**
   * The scan's driver metric {@code name} (Floe's {@code metadataFilesFromStorage}, Iceberg's
   * {@code resultDeleteFiles}, ...), or empty when the scan does not report it.
   */
  OptionalLong driverMetric(String name) {
    Long value = driverMetrics.get(name);
    return value == null ? OptionalLong.empty() : OptionalLong.of(value);
  }

  /**
   * {@code resultFiles} in a Floe scan's description; a scan that answers a pushed aggregate does
   * not write it there, and says it in its {@code resultDataFiles} driver metric instead.
   */
  private static long floeFiles(BatchScanExec scan, String description, String where) {
    Matcher matcher = FLOE_RESULT_FILES.matcher(description);
    if (!matcher.find()) {
      return resultDataFiles(scan, where, "Floe's");
    }
    return Long.parseLong(matcher.group(1));
  }

  private static long resultDataFiles(BatchScanExec scan, String where, String whose) {
    for (CustomTaskMetric metric : scan.scan().reportDriverMetrics()) {
      if (metric.name().equals(RESULT_DATA_FILES)) {
        return metric.value();
      }
    }
    throw new IllegalStateException(
        whose
            + " scan of "
            + where
            + " reports no "
            + RESULT_DATA_FILES
            + " driver metric: "
            + scan.scan().description());
  }

  /** The one data source scan of a plan; a plan of one table read has exactly one. */
  private static BatchScanExec onlyScan(SparkPlan plan, String where) {
    List<BatchScanExec> scans = new ArrayList<>();
    collect(plan, scans);
    if (scans.size() != 1) {
      throw new IllegalStateException(
          "Expected one BatchScan of "
              + where
              + " in the plan, found "
              + scans.size()
              + ":\n"
              + plan);
    }
    return scans.get(0);
  }

  private static void collect(SparkPlan plan, List<BatchScanExec> scans) {
    if (plan instanceof AdaptiveSparkPlanExec adaptive) {
      collect(adaptive.executedPlan(), scans);
      return;
    }
    if (plan instanceof BatchScanExec scan) {
      scans.add(scan);
    }
    for (SparkPlan child : JavaConverters.seqAsJavaList(plan.children())) {
      collect(child, scans);
    }
  }
}
