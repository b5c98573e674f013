package dev.floe.manifest;

import java.nio.ByteBuffer;

/**
 * The summary of one partition field over a manifest. Bounds are in the spec's single-value binary
 * serialization and null when absent; {@code containsNan} is null when unknown.
 */
public record PartitionFieldSummary(
    boolean containsNull, Boolean containsNan, ByteBuffer lowerBound, ByteBuffer upperBound) {
  public PartitionFieldSummary {
    lowerBound = lowerBound == null ? null : lowerBound.asReadOnlyBuffer();
    upperBound = upperBound == null ? null : upperBound.asReadOnlyBuffer();
  }
}
