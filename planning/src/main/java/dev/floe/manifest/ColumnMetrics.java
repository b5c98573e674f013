package dev.floe.manifest;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Per-column metrics of a content file, keyed by field id. A column missing from a map has no
 * recorded value (metrics mode {@code none} or {@code counts}), which is never evidence. Bounds are
 * in the spec's single-value binary serialization and may be truncated.
 *
 * <p>{@code recorded} tells which maps the manifest holds at all, empty or not: Iceberg's metadata
 * tables show a map the writer left out as null and a recorded empty one as {@code {}} (an equality
 * delete file of Iceberg's records {@code nan_value_counts} empty, a position delete file leaves it
 * out), so a reader that shows those tables must keep the difference.
 */
public record ColumnMetrics(
    Map<Integer, Long> columnSizes,
    Map<Integer, Long> valueCounts,
    Map<Integer, Long> nullValueCounts,
    Map<Integer, Long> nanValueCounts,
    Map<Integer, ByteBuffer> lowerBounds,
    Map<Integer, ByteBuffer> upperBounds,
    Set<Kind> recorded) {

  /** The maps of a content file's metrics, as the manifest names them. */
  public enum Kind {
    COLUMN_SIZES,
    VALUE_COUNTS,
    NULL_VALUE_COUNTS,
    NAN_VALUE_COUNTS,
    LOWER_BOUNDS,
    UPPER_BOUNDS
  }

  /** One shared unmodifiable set for each combination of recorded maps, by bit mask. */
  private static final List<Set<Kind>> RECORDED_SETS = recordedSets();

  public static final ColumnMetrics EMPTY =
      new ColumnMetrics(Map.of(), Map.of(), Map.of(), Map.of(), Map.of(), Map.of(), Set.of());

  /** Metrics whose recorded maps are the non-empty ones. */
  public ColumnMetrics(
      Map<Integer, Long> columnSizes,
      Map<Integer, Long> valueCounts,
      Map<Integer, Long> nullValueCounts,
      Map<Integer, Long> nanValueCounts,
      Map<Integer, ByteBuffer> lowerBounds,
      Map<Integer, ByteBuffer> upperBounds) {
    this(
        columnSizes,
        valueCounts,
        nullValueCounts,
        nanValueCounts,
        lowerBounds,
        upperBounds,
        nonEmpty(
            columnSizes, valueCounts, nullValueCounts, nanValueCounts, lowerBounds, upperBounds));
  }

  public ColumnMetrics {
    recorded = shared(recorded);
    columnSizes = Map.copyOf(columnSizes);
    valueCounts = Map.copyOf(valueCounts);
    nullValueCounts = Map.copyOf(nullValueCounts);
    nanValueCounts = Map.copyOf(nanValueCounts);
    lowerBounds = Map.copyOf(lowerBounds);
    upperBounds = Map.copyOf(upperBounds);
  }

  /** Whether the manifest holds this map, be it empty. */
  public boolean isRecorded(Kind kind) {
    return recorded.contains(kind);
  }

  /** These metrics for the columns {@code fieldIds} only; every other column's are dropped. */
  public ColumnMetrics restrictedTo(java.util.Collection<Integer> fieldIds) {
    java.util.Set<Integer> kept = java.util.Set.copyOf(fieldIds);
    return new ColumnMetrics(
        only(columnSizes, kept::contains),
        only(valueCounts, kept::contains),
        only(nullValueCounts, kept::contains),
        only(nanValueCounts, kept::contains),
        only(lowerBounds, kept::contains),
        only(upperBounds, kept::contains),
        recorded);
  }

  /**
   * These metrics as a manifest read asking for {@code columns} decodes them, when they were
   * decoded with metrics that {@linkplain MetricsColumns#covers cover} those: the other columns'
   * values dropped, and column sizes dropped unless asked for, from the maps and from what is
   * recorded.
   */
  public ColumnMetrics narrowedTo(MetricsColumns columns) {
    if (columns.everyColumn()) {
      return this;
    }
    if (columns.isNone() || this == EMPTY) {
      return EMPTY;
    }
    Set<Kind> kept = EnumSet.noneOf(Kind.class);
    kept.addAll(recorded);
    if (!columns.columnSizes()) {
      kept.remove(Kind.COLUMN_SIZES);
    }
    if (kept.isEmpty()) {
      return EMPTY;
    }
    return new ColumnMetrics(
        columns.columnSizes() ? only(columnSizes, columns::keeps) : Map.of(),
        only(valueCounts, columns::keeps),
        only(nullValueCounts, columns::keeps),
        only(nanValueCounts, columns::keeps),
        only(lowerBounds, columns::keeps),
        only(upperBounds, columns::keeps),
        kept);
  }

  private static Set<Kind> nonEmpty(Map<?, ?>... maps) {
    Set<Kind> kinds = EnumSet.noneOf(Kind.class);
    for (Kind kind : Kind.values()) {
      if (!maps[kind.ordinal()].isEmpty()) {
        kinds.add(kind);
      }
    }
    return kinds;
  }

  private static Set<Kind> shared(Set<Kind> kinds) {
    int mask = 0;
    for (Kind kind : kinds) {
      mask |= 1 << kind.ordinal();
    }
    return RECORDED_SETS.get(mask);
  }

  private static List<Set<Kind>> recordedSets() {
    Kind[] kinds = Kind.values();
    List<Set<Kind>> sets = new ArrayList<>();
    for (int mask = 0; mask < 1 << kinds.length; mask++) {
      Set<Kind> set = EnumSet.noneOf(Kind.class);
      for (Kind kind : kinds) {
        if ((mask & (1 << kind.ordinal())) != 0) {
          set.add(kind);
        }
      }
      sets.add(Collections.unmodifiableSet(set));
    }
    return List.copyOf(sets);
  }

  private static <V> Map<Integer, V> only(
      Map<Integer, V> values, java.util.function.IntPredicate kept) {
    Map<Integer, V> restricted = new java.util.HashMap<>();
    values.forEach(
        (fieldId, value) -> {
          if (kept.test(fieldId)) {
            restricted.put(fieldId, value);
          }
        });
    return restricted;
  }
}
