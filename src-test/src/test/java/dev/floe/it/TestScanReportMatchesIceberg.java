package dev.floe.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.floe.scan.ScanReport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.metrics.ScanMetricsResult;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Floe's {@link ScanReport} counts what Apache Iceberg's own scan metrics count, hop by hop, on
 * every scenario table with and without filters: manifests scanned and skipped (Iceberg counts
 * manifests without live files as skipped), data files skipped by partition or metrics, result
 * files and bytes, delete manifests, and delete files indexed by kind. The filters use no negation,
 * where Floe's SQL null semantics prune more than Iceberg.
 */
class TestScanReportMatchesIceberg {
  /** Filters on the id column every scenario has, in Iceberg's and Floe's forms. */
  private static final Map<String, Filters> FILTERS = new LinkedHashMap<>();

  static {
    FILTERS.put(
        "no filter", new Filters(Expressions.alwaysTrue(), dev.floe.expr.Expression.alwaysTrue()));
    FILTERS.put(
        "id < 0",
        new Filters(Expressions.lessThan("id", 0L), dev.floe.expr.Expression.lessThan("id", 0L)));
    FILTERS.put(
        "id >= 3",
        new Filters(
            Expressions.greaterThanOrEqual("id", 3L),
            dev.floe.expr.Expression.greaterThanOrEqual("id", 3L)));
    FILTERS.put(
        "id in (1, 2)",
        new Filters(Expressions.in("id", 1L, 2L), dev.floe.expr.Expression.in("id", 1L, 2L)));
  }

  private record Filters(Expression iceberg, dev.floe.expr.Expression floe) {}

  /** The counts both report, named as in Floe's report. */
  private record Counts(
      long dataManifestsRead,
      long dataManifestsSkipped,
      long deleteManifestsRead,
      long deleteManifestsSkipped,
      long dataFilesSkipped,
      long resultFiles,
      long resultBytes) {}

  @TestFactory
  Stream<DynamicTest> floeReportsTheSameCountsAsIceberg() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Scenario scenario : ScenarioLibrary.shared()) {
      for (Map.Entry<String, Filters> filter : FILTERS.entrySet()) {
        tests.add(
            dynamicTest(
                scenario + " where " + filter.getKey(),
                () ->
                    assertThat(floeCounts(scenario, filter.getValue().floe()))
                        .as("Floe's report of %s where %s", scenario, filter.getKey())
                        .isEqualTo(icebergCounts(scenario, filter.getValue().iceberg()))));
      }
    }
    return tests.stream();
  }

  /** The comparison above means something only if the filters prune at some hop. */
  @org.junit.jupiter.api.Test
  void theFiltersPruneDataFilesOnSomeScenarios() {
    long skippedFiles = 0;
    long scenariosWithData = 0;
    for (Scenario scenario : ScenarioLibrary.shared()) {
      Counts unfiltered = floeCounts(scenario, dev.floe.expr.Expression.alwaysTrue());
      Counts none = floeCounts(scenario, FILTERS.get("id < 0").floe());
      skippedFiles += none.dataFilesSkipped();
      scenariosWithData += unfiltered.resultFiles() > 0 ? 1 : 0;
    }
    assertThat(scenariosWithData).as("scenarios with data files").isGreaterThan(10);
    assertThat(skippedFiles).as("data files pruned by id < 0 across scenarios").isGreaterThan(10);
  }

  private static Counts floeCounts(Scenario scenario, dev.floe.expr.Expression filter) {
    ScanReport report =
        MetadataCacheCheck.plan(
                FloePlanner.scan(scenario.location(), new ScanTarget.Current()).filter(filter))
            .report();
    return new Counts(
        report.dataManifests().read(),
        report.dataManifests().withoutLiveFiles()
            + report.dataManifests().skippedByPartitionSummary(),
        report.deleteManifests().read(),
        report.deleteManifests().withoutLiveFiles()
            + report.deleteManifests().skippedByPartitionSummary(),
        report.dataFiles().skippedByPartition() + report.dataFiles().skippedByMetrics(),
        report.resultFiles(),
        report.resultBytes());
  }

  private static Counts icebergCounts(Scenario scenario, Expression filter) {
    AtomicReference<ScanMetricsResult> metrics = new AtomicReference<>();
    TableScan scan =
        scenario
            .table()
            .newScan()
            .planWith(FixtureTable.SAME_THREAD)
            .filter(filter)
            .metricsReporter(
                report ->
                    metrics.set(((org.apache.iceberg.metrics.ScanReport) report).scanMetrics()));
    try (CloseableIterable<FileScanTask> tasks = scan.planFiles()) {
      tasks.forEach(task -> {});
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ScanMetricsResult result = metrics.get();
    if (result == null) {
      // a table without a snapshot reports nothing
      return new Counts(0, 0, 0, 0, 0, 0, 0);
    }
    return new Counts(
        value(result.scannedDataManifests()),
        value(result.skippedDataManifests()),
        value(result.scannedDeleteManifests()),
        value(result.skippedDeleteManifests()),
        value(result.skippedDataFiles()),
        value(result.resultDataFiles()),
        value(result.totalFileSizeInBytes()));
  }

  private static long value(org.apache.iceberg.metrics.CounterResult counter) {
    return counter == null ? 0 : counter.value();
  }
}
