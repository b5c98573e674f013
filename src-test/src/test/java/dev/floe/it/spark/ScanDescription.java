package dev.floe.it.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;

/**
 * What one Floe scan says about itself in {@code description()}, the text {@code EXPLAIN} and the
 * executed plan's {@code BatchScan} node show: the pushed aggregate, how the aggregate's data files
 * were answered, the pushed limit, how many splits were planned, and what runtime filtering kept.
 * Read from a query's executed plan after the query ran, so runtime filters have been applied.
 */
record ScanDescription(String text, String sparkRuntimeFilters) {
  private static final Pattern AGGREGATE_FILES =
      Pattern.compile(
          "aggregateFiles=\\[fromMetadata=(\\d+), fromDeleteFiles=(\\d+), read=(\\d+)]");
  private static final Pattern RUNTIME_FILTERED =
      Pattern.compile("runtimeFiltered=\\[before=(\\d+), after=(\\d+)]");

  ScanDescription {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(sparkRuntimeFilters, "sparkRuntimeFilters");
  }

  /** A description as text alone, say a line of {@code EXPLAIN}. */
  ScanDescription(String text) {
    this(text, "");
  }

  /** How an aggregate's data files were answered: manifests alone, delete files alone, rows. */
  record AggregateFiles(long fromMetadata, long fromDeleteFiles, long read) {
    long total() {
      return fromMetadata + fromDeleteFiles + read;
    }
  }

  /** Planned files before runtime filtering and those it kept. */
  record RuntimeFiltered(long before, long after) {}

  /**
   * The description of the one Floe scan of a query that ran, whose text names the table (the end
   * of its location or identifier, followed by a space). Fails unless exactly one scan matches.
   */
  static ScanDescription ofExecuted(Dataset<?> query, String table) {
    List<ScanDescription> all = scanDescriptions(query.queryExecution().executedPlan());
    List<ScanDescription> floe =
        all.stream()
            .filter(scan -> scan.text.startsWith("Floe ") && scan.text.contains(table + " "))
            .toList();
    if (floe.size() != 1) {
      throw new AssertionError(
          "Expected one Floe scan of " + table + " in the executed plan, found: " + all);
    }
    return floe.get(0);
  }

  /**
   * Every data source scan in the plan, query stages and reused exchanges too, with the runtime
   * filters Spark gave it.
   */
  static List<ScanDescription> scanDescriptions(SparkPlan plan) {
    List<ScanDescription> descriptions = new ArrayList<>();
    for (BatchScanExec scan : ExecutedScans.of(plan)) {
      descriptions.add(
          new ScanDescription(scan.scan().description(), scan.runtimeFilters().toString()));
    }
    return descriptions;
  }

  boolean hasAggregate() {
    return text.contains("aggregate=[");
  }

  AggregateFiles aggregateFiles() {
    Matcher matcher = AGGREGATE_FILES.matcher(text);
    if (!matcher.find()) {
      throw new AssertionError("No aggregateFiles=[...] in the Floe scan description: " + text);
    }
    return new AggregateFiles(
        Long.parseLong(matcher.group(1)),
        Long.parseLong(matcher.group(2)),
        Long.parseLong(matcher.group(3)));
  }

  RuntimeFiltered runtimeFiltered() {
    Matcher matcher = RUNTIME_FILTERED.matcher(text);
    if (!matcher.find()) {
      throw new AssertionError(
          "No runtimeFiltered=[...] in the Floe scan description: "
              + text
              + "; Spark's runtime filters on the scan: "
              + sparkRuntimeFilters);
    }
    return new RuntimeFiltered(Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2)));
  }

  /** The pushed limit, if the description shows one. */
  OptionalLong limit() {
    return number("limit");
  }

  long splits() {
    return number("splits").orElseThrow(() -> missing("splits"));
  }

  private OptionalLong number(String name) {
    Matcher matcher = Pattern.compile("\\b" + name + "=(\\d+)").matcher(text);
    return matcher.find()
        ? OptionalLong.of(Long.parseLong(matcher.group(1)))
        : OptionalLong.empty();
  }

  private AssertionError missing(String name) {
    return new AssertionError("No " + name + "= in the Floe scan description: " + text);
  }

  @Override
  public String toString() {
    return text;
  }
}
