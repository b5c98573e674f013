package dev.floe.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * Filtered planning, Floe against Apache Iceberg, on every filter scenario ({@link
 * FilterScenarios}): for the current snapshot and the first one (whose schema differs in the
 * schema-evolution scenario), a systematic list of filters and random ones from a fixed seed, each
 * planned by both and judged by {@link FilteredPlanChecker}. Floe may prune more than Iceberg only
 * where it proves, row by row, that the file holds no match under SQL semantics; it may never plan
 * a file Iceberg prunes.
 */
class TestFilterPlanningMatchesIceberg {
  private static final boolean FULL_MATRIX = Boolean.getBoolean("floe.it.fullMatrix");

  /**
   * By default every other systematic filter and 30 random ones per target, which keeps the suite
   * near two minutes; {@code -Dfloe.it.fullMatrix=true} runs all of them and 200 random ones.
   */
  private static final int RANDOM_FILTERS = FULL_MATRIX ? 200 : 30;

  private static final int SYSTEMATIC_STEP = FULL_MATRIX ? 1 : 2;

  private static final long SEED = 20_260_101L;

  /** One in this many filters also goes through the REST JSON round trip. */
  private static final int JSON_EVERY = 3;

  private static final AtomicInteger TARGETS = new AtomicInteger();
  private static final AtomicInteger FILTERS = new AtomicInteger();
  private static final AtomicInteger PROVEN = new AtomicInteger();
  private static final AtomicInteger PRUNED_BY_BOTH = new AtomicInteger();
  private static final AtomicInteger JSON_ROUND_TRIPS = new AtomicInteger();
  private static final AtomicInteger RESIDUALS = new AtomicInteger();
  private static final AtomicInteger ICEBERG_REFUSED = new AtomicInteger();
  private static final AtomicInteger ICEBERG_WRONG = new AtomicInteger();
  private static final AtomicInteger UUID_KEPT = new AtomicInteger();
  private static final AtomicInteger TRANSFORM_KEPT = new AtomicInteger();
  private static final java.util.concurrent.atomic.AtomicLong ICEBERG_NANOS =
      new java.util.concurrent.atomic.AtomicLong();
  private static final java.util.concurrent.atomic.AtomicLong FLOE_NANOS =
      new java.util.concurrent.atomic.AtomicLong();
  private static final Map<String, Integer> PROVEN_BY_OPERATION = new TreeMap<>();
  private static final List<String> ICEBERG_EXAMPLES = new ArrayList<>();

  @TestFactory
  Stream<DynamicNode> floePlansTheSameFilteredFilesAsIceberg() {
    return ScenarioLibrary.shared().stream()
        .filter(scenario -> scenario.name().startsWith(FilterScenarios.PREFIX))
        .map(
            scenario ->
                dynamicContainer(
                    scenario.toString(),
                    targets(scenario).stream()
                        .map(
                            target ->
                                dynamicTest(
                                    scenario + " at " + target,
                                    () -> checkEveryFilter(scenario, target)))));
  }

  @AfterAll
  static void printMatrix() {
    System.out.printf(
        "Filtered planning matrix: %d table targets x about %d filters = %d filtered plans compared;"
            + " files pruned by both: %d; files only Floe pruned, proven row by row: %d %s;"
            + " JSON round trips: %d; constant residuals checked: %d;"
            + " filters Iceberg failed to plan: %d; files Iceberg pruned wrongly: %d;"
            + " files only Floe kept, filter on a uuid: %d, on a transform no spec has: %d;"
            + " planning time Iceberg %d ms, Floe %d ms%n",
        TARGETS.get(),
        TARGETS.get() == 0 ? 0 : FILTERS.get() / TARGETS.get(),
        FILTERS.get(),
        PRUNED_BY_BOTH.get(),
        PROVEN.get(),
        PROVEN_BY_OPERATION,
        JSON_ROUND_TRIPS.get(),
        RESIDUALS.get(),
        ICEBERG_REFUSED.get(),
        ICEBERG_WRONG.get(),
        UUID_KEPT.get(),
        TRANSFORM_KEPT.get(),
        ICEBERG_NANOS.get() / 1_000_000,
        FLOE_NANOS.get() / 1_000_000);
    ICEBERG_EXAMPLES.forEach(example -> System.out.println("  Iceberg: " + example));
  }

  private static void checkEveryFilter(Scenario scenario, ScanTarget target) {
    FilteredPlanChecker checker = new FilteredPlanChecker(scenario, target);
    FilterGenerator generator =
        new FilterGenerator(
            checker.schema(),
            rows(scenario, target),
            scenario.table().specs().values(),
            SEED + scenario.toString().hashCode());
    List<Expression> systematic = generator.systematic();
    List<Expression> filters = new ArrayList<>();
    for (int index = 0; index < systematic.size(); index += SYSTEMATIC_STEP) {
      filters.add(systematic.get(index));
    }
    filters.addAll(generator.random(RANDOM_FILTERS));
    for (int index = 0; index < filters.size(); index++) {
      checker.check(filters.get(index), index % JSON_EVERY == 0);
    }
    FilteredPlanChecker.Outcome outcome = checker.outcome();
    record(outcome);
    assertThat(outcome.mismatches())
        .as(
            "%d of %d filters planned differently on %s at %s (first ones shown)",
            outcome.mismatchCount(), outcome.filters(), scenario, target)
        .isEmpty();
  }

  private static synchronized void record(FilteredPlanChecker.Outcome outcome) {
    TARGETS.incrementAndGet();
    FILTERS.addAndGet(outcome.filters());
    PROVEN.addAndGet(outcome.provenByFloe());
    PRUNED_BY_BOTH.addAndGet(outcome.prunedByBoth());
    JSON_ROUND_TRIPS.addAndGet(outcome.jsonRoundTrips());
    RESIDUALS.addAndGet(outcome.residualsChecked());
    ICEBERG_REFUSED.addAndGet(outcome.icebergRefused());
    ICEBERG_WRONG.addAndGet(outcome.icebergWrong());
    UUID_KEPT.addAndGet(outcome.uuidKeptByFloe());
    TRANSFORM_KEPT.addAndGet(outcome.transformKeptByFloe());
    ICEBERG_NANOS.addAndGet(outcome.icebergNanos());
    FLOE_NANOS.addAndGet(outcome.floeNanos());
    outcome.icebergExamples().stream().limit(3).forEach(ICEBERG_EXAMPLES::add);
    outcome
        .provenByOperation()
        .forEach((key, count) -> PROVEN_BY_OPERATION.merge(key, count, Integer::sum));
  }

  /** The current snapshot, and the first one when its schema differs. */
  private static List<ScanTarget> targets(Scenario scenario) {
    List<ScanTarget> targets = new ArrayList<>();
    targets.add(new ScanTarget.Current());
    List<org.apache.iceberg.HistoryEntry> history = scenario.table().history();
    if (!history.isEmpty()) {
      Snapshot first = scenario.table().snapshot(history.get(0).snapshotId());
      if (first.schemaId() != null && first.schemaId() != scenario.table().schema().schemaId()) {
        targets.add(new ScanTarget.AtSnapshot(first.snapshotId()));
      }
    }
    return targets;
  }

  /** The rows the target reads (deletes applied), for literals drawn from actual values. */
  private static List<Record> rows(Scenario scenario, ScanTarget target) {
    IcebergGenerics.ScanBuilder builder = IcebergGenerics.read(scenario.table());
    if (target instanceof ScanTarget.AtSnapshot at) {
      builder = builder.useSnapshot(at.snapshotId());
    }
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = builder.build()) {
      records.forEach(row -> rows.add(row.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }
}
