package dev.floe.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
 * One query planned through Spark by one {@link PlanningSide}, and what its scan planned: the time
 * from a fresh {@code Dataset} to its physical plan and the scan's input partitions, the scan's
 * {@code EXPLAIN} text, and the number of data files planned.
 *
 * <p>Both sides are timed to the same point. Floe plans when Spark builds the scan ({@code
 * ScanBuilder.build()}, inside {@code executedPlan()}); Iceberg's Spark scan plans lazily, when its
 * input partitions are first asked for, which {@code executedPlan()} alone may not do. The table is
 * loaded from its path inside the timed span on both sides, as a driver does per query.
 *
 * <p>The data files are counted exactly by each planner's own report: Floe's {@code resultFiles} in
 * its scan description, Iceberg's {@code resultDataFiles} driver metric (its scan report's count of
 * the data files in the plan). Input partitions would not do: both combine and split files into
 * tasks, each by its own rules.
 *
 * @param inputPartitions the scan's input partitions (Spark's tasks of the read)
 * @param nanos the planning time
 */
record PlannedScan(String description, long dataFiles, int inputPartitions, long nanos) {
  private static final Pattern FLOE_RESULT_FILES = Pattern.compile(" resultFiles=(\\d+)");
  private static final String ICEBERG_RESULT_DATA_FILES = "resultDataFiles";

  PlannedScan {
    Objects.requireNonNull(description, "description");
  }

  /**
   * Plans {@code location} where {@code filter} (Spark SQL; null for none) as {@code side} does.
   */
  static PlannedScan plan(SparkSession spark, PlanningSide side, String location, String filter) {
    side.sessionConf().forEach((name, value) -> spark.conf().set(name, value));
    try {
      long start = System.nanoTime();
      Dataset<Row> query = side.reader(spark).load(location);
      if (filter != null) {
        query = query.filter(filter);
      }
      BatchScanExec scan = onlyScan(query.queryExecution().executedPlan(), location);
      int partitions = scan.inputPartitions().size();
      long nanos = System.nanoTime() - start;
      String description = scan.scan().description();
      long files = side.isFloe() ? floeFiles(description) : icebergFiles(scan, location);
      return new PlannedScan(description, files, partitions, nanos);
    } finally {
      side.sessionConf().keySet().forEach(name -> spark.conf().unset(name));
    }
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

  private static long floeFiles(String description) {
    Matcher matcher = FLOE_RESULT_FILES.matcher(description);
    if (!matcher.find()) {
      throw new IllegalStateException("No resultFiles= in Floe's scan description: " + description);
    }
    return Long.parseLong(matcher.group(1));
  }

  private static long icebergFiles(BatchScanExec scan, String location) {
    for (CustomTaskMetric metric : scan.scan().reportDriverMetrics()) {
      if (metric.name().equals(ICEBERG_RESULT_DATA_FILES)) {
        return metric.value();
      }
    }
    throw new IllegalStateException(
        "Iceberg's scan of "
            + location
            + " reports no "
            + ICEBERG_RESULT_DATA_FILES
            + " driver metric: "
            + scan.scan().description());
  }

  /** The one data source scan of a plan; a plan of one table read has exactly one. */
  private static BatchScanExec onlyScan(SparkPlan plan, String location) {
    List<BatchScanExec> scans = new ArrayList<>();
    collect(plan, scans);
    if (scans.size() != 1) {
      throw new IllegalStateException(
          "Expected one BatchScan of "
              + location
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
