package dev.floe.bench;

/**
 * What a plan produced, counted the same way for every planner: data files planned, delete file
 * references over all of them, and the data files' summed record counts.
 */
record PlanOutcome(long dataFiles, long deleteReferences, long records) {

  PlanOutcome {
    if (dataFiles < 0 || deleteReferences < 0 || records < 0) {
      throw new IllegalArgumentException(
          "Plan counts cannot be negative: "
              + dataFiles
              + " files, "
              + deleteReferences
              + " delete references, "
              + records
              + " records");
    }
  }

  /** Fails loudly when a plan differs from the one every correct planner must produce. */
  void requireEqualTo(PlanOutcome expected, String planner, String table) {
    if (!equals(expected)) {
      throw new IllegalStateException(
          planner
              + " planned table '"
              + table
              + "' wrongly: got "
              + this
              + ", expected "
              + expected
              + "; a benchmark of a wrong plan is worthless, fix the planner first");
    }
  }

  /** Counts one planned task; used while iterating a plan. */
  static final class Counter {
    private long dataFiles;
    private long deleteReferences;
    private long records;

    void add(long recordCount, int deleteCount) {
      dataFiles++;
      deleteReferences += deleteCount;
      records += recordCount;
    }

    PlanOutcome outcome() {
      return new PlanOutcome(dataFiles, deleteReferences, records);
    }
  }
}
