package dev.floe.bench;

import java.util.Objects;
import java.util.Properties;

/**
 * What one {@link ScaleStep} gave in its driver JVM. Sizes are bytes; -1 means not measured.
 *
 * @param answer the partition count or the row count
 * @param millis wall time from loading the table to the answer
 * @param allocatedBytes heap allocated by every thread of the JVM meanwhile ({@link
 *     AllocationMeter})
 * @param peakHeapBytes the most heap in use meanwhile: the largest total before any collection, or
 *     in use at the end ({@link HeapWatch})
 * @param liveHeapBytes the most heap left after any collection meanwhile, at least what is left
 *     after a full collection at the end
 * @param retainedHeapBytes heap in use after a full collection at the end while the step's result
 *     (for a partition count, the RDD and so the planned scan) is still held
 */
record ScaleOutcome(
    Status status,
    String message,
    long answer,
    long millis,
    long allocatedBytes,
    long peakHeapBytes,
    long liveHeapBytes,
    long retainedHeapBytes) {

  ScaleOutcome {
    Objects.requireNonNull(status, "status");
    message = message == null ? "" : message;
  }

  enum Status {
    OK,
    /** The driver ran out of heap: a result, reported as such. */
    OOM,
    FAILED,
    /** Not run: an earlier step of the same JVM ran out of heap or the JVM ended. */
    SKIPPED
  }

  static ScaleOutcome failed(Status status, String message) {
    return new ScaleOutcome(status, message, -1, -1, -1, -1, -1, -1);
  }

  boolean succeeded() {
    return status == Status.OK;
  }

  void store(Properties properties, String prefix) {
    properties.setProperty(prefix + "status", status.name());
    properties.setProperty(prefix + "message", message);
    properties.setProperty(prefix + "answer", Long.toString(answer));
    properties.setProperty(prefix + "millis", Long.toString(millis));
    properties.setProperty(prefix + "allocatedBytes", Long.toString(allocatedBytes));
    properties.setProperty(prefix + "peakHeapBytes", Long.toString(peakHeapBytes));
    properties.setProperty(prefix + "liveHeapBytes", Long.toString(liveHeapBytes));
    properties.setProperty(prefix + "retainedHeapBytes", Long.toString(retainedHeapBytes));
  }

  /** The outcome stored under this prefix, or null when none was stored. */
  static ScaleOutcome load(Properties properties, String prefix) {
    String status = properties.getProperty(prefix + "status");
    if (status == null) {
      return null;
    }
    return new ScaleOutcome(
        Status.valueOf(status),
        properties.getProperty(prefix + "message", ""),
        number(properties, prefix + "answer"),
        number(properties, prefix + "millis"),
        number(properties, prefix + "allocatedBytes"),
        number(properties, prefix + "peakHeapBytes"),
        number(properties, prefix + "liveHeapBytes"),
        number(properties, prefix + "retainedHeapBytes"));
  }

  private static long number(Properties properties, String key) {
    return Long.parseLong(properties.getProperty(key, "-1"));
  }
}
