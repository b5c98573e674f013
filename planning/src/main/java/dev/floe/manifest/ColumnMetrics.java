package dev.floe.manifest;

import java.nio.ByteBuffer;
import java.util.Map;

/**
 * Per-column metrics of a content file, keyed by field id. A column missing from a map has no
 * recorded value (metrics mode {@code none} or {@code counts}), which is never evidence. Bounds are
 * in the spec's single-value binary serialization and may be truncated.
 */
public record ColumnMetrics(
    Map<Integer, Long> columnSizes,
    Map<Integer, Long> valueCounts,
    Map<Integer, Long> nullValueCounts,
    Map<Integer, Long> nanValueCounts,
    Map<Integer, ByteBuffer> lowerBounds,
    Map<Integer, ByteBuffer> upperBounds) {

  public static final ColumnMetrics EMPTY =
      new ColumnMetrics(Map.of(), Map.of(), Map.of(), Map.of(), Map.of(), Map.of());

  public ColumnMetrics {
    columnSizes = Map.copyOf(columnSizes);
    valueCounts = Map.copyOf(valueCounts);
    nullValueCounts = Map.copyOf(nullValueCounts);
    nanValueCounts = Map.copyOf(nanValueCounts);
    lowerBounds = Map.copyOf(lowerBounds);
    upperBounds = Map.copyOf(upperBounds);
  }
}
