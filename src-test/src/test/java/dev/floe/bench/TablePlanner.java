package dev.floe.bench;

/** One way of planning a table: an engine with its thread setting. */
interface TablePlanner {
  /** How this planner plans, for reports, e.g. {@code Floe, 2 planning threads}. */
  String description();

  /**
   * Loads the table at this location and plans all of its files, touching each task only to count
   * it, so that every planner's timed work is the same: load, plan, iterate the whole plan.
   */
  PlanOutcome plan(String location);

  /** Plans as {@link #plan} does and records every data file with its delete files. */
  PlanFingerprint fingerprint(String location);
}
