package dev.floe.bench;

import java.util.Locale;

/**
 * Floe's median time against another reader's, said the way a reader of the report asks it: "how
 * many times faster?". Both directions are given, since a ratio of 0.04 is hard to read as 25x.
 *
 * @param floeMillis Floe's median, in ms
 * @param otherMillis the other reader's median, in ms
 */
record Speedup(double floeMillis, double otherMillis) {
  Speedup {
    if (!(floeMillis > 0 && otherMillis > 0)
        || Double.isInfinite(floeMillis)
        || Double.isInfinite(otherMillis)) {
      throw new IllegalArgumentException(
          "A speed-up needs two positive, finite times, not " + floeMillis + " and " + otherMillis);
    }
  }

  /** Floe's time over the other's: below 1, Floe is faster. */
  double floeOverOther() {
    return floeMillis / otherMillis;
  }

  /** The other's time over Floe's: how many times faster Floe is. */
  double otherOverFloe() {
    return otherMillis / floeMillis;
  }

  /**
   * E.g. "Floe 25x faster than Iceberg", "Floe 1.4x slower than Iceberg", or "Floe about as fast as
   * Iceberg" when the factor rounds to 1.0.
   */
  String phrase(String other) {
    boolean faster = otherMillis >= floeMillis;
    String factor = times(faster ? otherOverFloe() : 1 / otherOverFloe());
    if (factor.equals("1.0")) {
      return "Floe about as fast as " + other;
    }
    return "Floe " + factor + "x " + (faster ? "faster" : "slower") + " than " + other;
  }

  /** A factor of at least 1: one decimal below 10, where the decimal still means something. */
  static String times(double factor) {
    return String.format(Locale.ROOT, factor < 9.95 ? "%.1f" : "%.0f", factor);
  }
}
