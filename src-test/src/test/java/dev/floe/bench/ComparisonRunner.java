package dev.floe.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Measures every case on one table: first checks that every planner plans exactly what Iceberg's
 * default scan plans, then warms up, then takes measured rounds. Within a round Floe and Iceberg
 * alternate which goes first, so that a drift of the machine (another process, the JIT) does not
 * favour one of them.
 */
final class ComparisonRunner {
  private final AllocationMeter meter;
  private final int warmupRuns;
  private final int measuredRuns;
  private final PrintStream progress;

  ComparisonRunner(AllocationMeter meter, int warmupRuns, int measuredRuns, PrintStream progress) {
    this.meter = meter;
    this.warmupRuns = warmupRuns;
    this.measuredRuns = measuredRuns;
    this.progress = progress;
  }

  List<Comparison> run(
      TableShape shape, String location, TablePlanner oracle, List<PlanningCase> cases) {
    return run(shape, PlanFilter.none(), location, oracle, cases);
  }

  /**
   * Measures the cases on one table with a filter, which every planner of the cases applies; the
   * oracle plans with the same filter.
   */
  List<Comparison> run(
      TableShape shape,
      PlanFilter filter,
      String location,
      TablePlanner oracle,
      List<PlanningCase> cases) {
    String name = filter.isNone() ? shape.name() : shape.name() + " " + filter.name();
    Target target = new Target(name, location, filter.expectedOutcome(shape));
    verify(target, oracle, cases);
    for (int round = 0; round < warmupRuns; round++) {
      progress.printf("  warm-up round %d/%d%n", round + 1, warmupRuns);
      for (PlanningCase planningCase : cases) {
        measure(planningCase.floe(), target);
        measure(planningCase.iceberg(), target);
      }
    }
    int caseCount = cases.size();
    long[][] floeNanos = new long[caseCount][measuredRuns];
    long[][] icebergNanos = new long[caseCount][measuredRuns];
    long[][] floeBytes = new long[caseCount][measuredRuns];
    long[][] icebergBytes = new long[caseCount][measuredRuns];
    for (int round = 0; round < measuredRuns; round++) {
      progress.printf("  measured round %d/%d%n", round + 1, measuredRuns);
      for (int index = 0; index < caseCount; index++) {
        PlanningCase planningCase = cases.get(index);
        boolean floeFirst = round % 2 == 0;
        Sample floe = null;
        if (floeFirst) {
          floe = measure(planningCase.floe(), target);
        }
        Sample iceberg = measure(planningCase.iceberg(), target);
        if (!floeFirst) {
          floe = measure(planningCase.floe(), target);
        }
        floeNanos[index][round] = floe.nanos();
        floeBytes[index][round] = floe.bytes();
        icebergNanos[index][round] = iceberg.nanos();
        icebergBytes[index][round] = iceberg.bytes();
      }
    }
    List<Comparison> comparisons = new ArrayList<>();
    for (int index = 0; index < caseCount; index++) {
      comparisons.add(
          new Comparison(
              target.name(),
              cases.get(index).name(),
              Distribution.of(floeNanos[index]),
              Distribution.of(icebergNanos[index]),
              Distribution.of(floeBytes[index]),
              Distribution.of(icebergBytes[index])));
    }
    return comparisons;
  }

  /**
   * Compares every planner's plan, file by file with its delete files, to the oracle's, and the
   * oracle's counts to what the table was built with: a wrong plan fails the run before any figure.
   */
  private void verify(Target target, TablePlanner oracle, List<PlanningCase> cases) {
    progress.printf("  verifying every plan against %s%n", oracle.description());
    plan(oracle, target).requireEqualTo(target.expected(), oracle.description(), target.name());
    PlanFingerprint expected = fingerprint(oracle, target);
    Set<TablePlanner> planners = new LinkedHashSet<>();
    for (PlanningCase planningCase : cases) {
      planners.add(planningCase.floe());
      planners.add(planningCase.iceberg());
    }
    planners.remove(oracle);
    for (TablePlanner planner : planners) {
      fingerprint(planner, target)
          .requireSameAs(expected, planner.description(), oracle.description(), target.name());
    }
  }

  private Sample measure(TablePlanner planner, Target target) {
    // every plan starts from the same heap state; the collection is outside the timed region
    System.gc();
    long bytesBefore = meter.allocatedBytes();
    long start = System.nanoTime();
    PlanOutcome outcome = plan(planner, target);
    long nanos = System.nanoTime() - start;
    long bytes = meter.allocatedBytes() - bytesBefore;
    outcome.requireEqualTo(target.expected(), planner.description(), target.name());
    return new Sample(nanos, bytes);
  }

  private static PlanOutcome plan(TablePlanner planner, Target target) {
    try {
      return planner.plan(target.location());
    } catch (RuntimeException e) {
      throw failed(planner, target, e);
    }
  }

  private static PlanFingerprint fingerprint(TablePlanner planner, Target target) {
    try {
      return planner.fingerprint(target.location());
    } catch (RuntimeException e) {
      throw failed(planner, target, e);
    }
  }

  private static IllegalStateException failed(
      TablePlanner planner, Target target, RuntimeException cause) {
    return new IllegalStateException(
        planner.description()
            + " failed to plan table '"
            + target.name()
            + "' at "
            + target.location()
            + ": "
            + cause,
        cause);
  }

  /** The table under measurement and the plan it must give. */
  private record Target(String name, String location, PlanOutcome expected) {}

  private record Sample(long nanos, long bytes) {}
}
