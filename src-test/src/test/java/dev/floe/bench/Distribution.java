package dev.floe.bench;

import java.util.Arrays;

/** The median, least and greatest of a series of measurements (nanoseconds or bytes). */
record Distribution(long median, long min, long max) {

  Distribution {
    if (min > median || median > max) {
      throw new IllegalArgumentException(
          "Not a distribution: min " + min + ", median " + median + ", max " + max);
    }
  }

  /**
   * The distribution of these values; the median of an even count is the mean of the middle two.
   */
  static Distribution of(long[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("Cannot summarize no measurements");
    }
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    int middle = sorted.length / 2;
    long median =
        sorted.length % 2 == 1
            ? sorted[middle]
            : sorted[middle - 1] + (sorted[middle] - sorted[middle - 1]) / 2;
    return new Distribution(median, sorted[0], sorted[sorted.length - 1]);
  }
}
