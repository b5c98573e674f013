package dev.floe.it;

import java.util.List;

/** A scan planner under test: Apache Iceberg (the oracle) or Floe. */
interface Planner {
  /** Plans whole files for a target of a scenario's table. */
  NormalizedPlan planFiles(Scenario scenario, ScanTarget target);

  /**
   * Plans splits with a target split size; the pieces are sorted, so equal multisets compare equal.
   */
  List<SplitPiece> planSplits(Scenario scenario, ScanTarget target, long splitSize);
}
