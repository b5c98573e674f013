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

  /** These metrics for the columns {@code fieldIds} only; every other column's are dropped. */
  public ColumnMetrics restrictedTo(java.util.Collection<Integer> fieldIds) {
    java.util.Set<Integer> kept = java.util.Set.copyOf(fieldIds);
    return new ColumnMetrics(
        only(columnSizes, kept),
        only(valueCounts, kept),
        only(nullValueCounts, kept),
        only(nanValueCounts, kept),
        only(lowerBounds, kept),
        only(upperBounds, kept));
  }

  private static <V> Map<Integer, V> only(Map<Integer, V> values, java.util.Set<Integer> kept) {
    Map<Integer, V> restricted = new java.util.HashMap<>();
    values.forEach(
        (fieldId, value) -> {
          if (kept.contains(fieldId)) {
            restricted.put(fieldId, value);
          }
        });
    return restricted;
  }
}
