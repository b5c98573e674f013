package dev.floe.bench;

import java.util.Objects;

/**
 * Floe against Iceberg in one case (a table and a thread setting): time per plan in nanoseconds and
 * heap bytes allocated per plan, each over the measured runs.
 */
record Comparison(
    String table,
    String planningCase,
    Distribution floeNanos,
    Distribution icebergNanos,
    Distribution floeBytes,
    Distribution icebergBytes) {

  Comparison {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(planningCase, "planningCase");
    Objects.requireNonNull(floeNanos, "floeNanos");
    Objects.requireNonNull(icebergNanos, "icebergNanos");
    Objects.requireNonNull(floeBytes, "floeBytes");
    Objects.requireNonNull(icebergBytes, "icebergBytes");
  }

  /** Floe's median time over Iceberg's: below 1 means Floe plans faster. */
  double timeRatio() {
    return ratio(floeNanos.median(), icebergNanos.median());
  }

  /** Floe's median allocation over Iceberg's: below 1 means Floe allocates less. */
  double allocationRatio() {
    return ratio(floeBytes.median(), icebergBytes.median());
  }

  private static double ratio(long floe, long iceberg) {
    return iceberg == 0 ? Double.NaN : (double) floe / iceberg;
  }
}
