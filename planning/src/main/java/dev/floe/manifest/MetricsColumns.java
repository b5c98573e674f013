package dev.floe.manifest;

import java.util.Collection;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

/**
 * Which columns' metrics a manifest read decodes and keeps in its {@link ColumnMetrics}. Decoding
 * the metrics maps is most of the cost of an entry, so a plan asks only for what it uses: the
 * columns its filter prunes by, the columns its caller wants statistics of. The maps of every other
 * column are skipped unread (a map nothing asks for is left out of the Avro projection).
 *
 * @param fieldIds the columns whose metrics are kept, unless {@code everyColumn}
 * @param everyColumn whether every column's metrics are kept
 * @param columnSizes whether {@code column_sizes} is decoded too: no evaluator reads it, only a
 *     caller that asked for complete statistics
 */
public record MetricsColumns(Set<Integer> fieldIds, boolean everyColumn, boolean columnSizes) {
  /** Every metric of every column, as the manifest records it. */
  public static final MetricsColumns ALL = new MetricsColumns(Set.of(), true, true);

  /** No metrics at all: every file's are {@link ColumnMetrics#EMPTY}. */
  public static final MetricsColumns NONE = new MetricsColumns(Set.of(), false, false);

  public MetricsColumns {
    fieldIds = everyColumn ? Set.of() : Set.copyOf(fieldIds);
    if (everyColumn && !columnSizes) {
      throw new IllegalArgumentException("Metrics of every column include their column sizes");
    }
  }

  /** Every metric of these columns, column sizes included (what a caller asking for stats sees). */
  public static MetricsColumns of(Collection<Integer> fieldIds) {
    return fieldIds.isEmpty() ? NONE : new MetricsColumns(Set.copyOf(fieldIds), false, true);
  }

  /**
   * The counts and bounds of these columns, which is what pruning by metrics reads; their column
   * sizes are skipped.
   */
  public static MetricsColumns forPruning(Collection<Integer> fieldIds) {
    return fieldIds.isEmpty() ? NONE : new MetricsColumns(Set.copyOf(fieldIds), false, false);
  }

  /** What either asks for. */
  public MetricsColumns and(MetricsColumns other) {
    Objects.requireNonNull(other, "other");
    if (everyColumn || other.everyColumn) {
      return ALL;
    }
    if (other.isNone()) {
      return this;
    }
    if (isNone()) {
      return other;
    }
    Set<Integer> union = new HashSet<>(fieldIds);
    union.addAll(other.fieldIds);
    return new MetricsColumns(union, false, columnSizes || other.columnSizes);
  }

  /** Whether no metric at all is decoded. */
  public boolean isNone() {
    return !everyColumn && fieldIds.isEmpty();
  }

  /**
   * Whether a read with these columns' metrics decodes everything {@code other} asks for, so that
   * its result, {@linkplain ColumnMetrics#narrowedTo narrowed}, is what a read with {@code other}
   * returns.
   */
  public boolean covers(MetricsColumns other) {
    Objects.requireNonNull(other, "other");
    if (everyColumn || other.isNone()) {
      return true;
    }
    return !other.everyColumn
        && (columnSizes || !other.columnSizes)
        && !isNone()
        && fieldIds.containsAll(other.fieldIds);
  }

  /** Whether the metrics of this column are kept. */
  public boolean keeps(int fieldId) {
    return everyColumn || fieldIds.contains(fieldId);
  }
}
