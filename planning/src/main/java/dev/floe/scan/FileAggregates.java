package dev.floe.scan;

import dev.floe.CorruptTableException;
import dev.floe.expr.Expression;
import dev.floe.expr.RecordedBound;
import dev.floe.expr.StrictMetricsEvaluator;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Aggregates of one planned data file answered from its manifest entry, only where the entry's
 * evidence is exact. A task must cover its whole file and carry the residual of the scan's filter:
 * a file is answered here only when every one of its rows passes that residual, because the
 * residual is {@code true} or because the file's metrics prove it ({@link StrictMetricsEvaluator}:
 * {@code ts >= '2026-01-01'} on a file whose lower bound of {@code ts} is later).
 *
 * <p>Exactness rules, per aggregate:
 *
 * <ul>
 *   <li>Row count: {@code record_count} when no delete applies; less the deletion vector's
 *       cardinality (the DV's {@code record_count} in its manifest, which the spec requires to be
 *       the number of deleted positions) when a DV is the only delete. Position delete files may
 *       repeat positions or name other files, so they must be read; equality deletes need rows.
 *   <li>Non-null count of a column: {@code value_count - null_value_count}, both recorded, no
 *       delete on the file. A deletion vector says which rows are gone, not which values, so under
 *       one the count is exact only where every row of the file is alike: with no null ({@code
 *       null_value_count} 0 and {@code value_count} equal to {@code record_count}) it is the live
 *       row count, with only nulls it is 0.
 *   <li>Bounds of a column: only for types whose recorded bounds are never truncated ({@link
 *       dev.floe.table.TypeId#hasExactBounds}), with no delete on the file (a deleted row may hold
 *       the bound). Floating-point bounds count only when the file records no NaN and neither bound
 *       is a zero: Spark orders NaN above every number, and a zero bound does not tell {@code -0.0}
 *       from {@code 0.0}.
 * </ul>
 */
public final class FileAggregates {
  private final FileScanTask task;
  private final CountMethod countMethod;

  private FileAggregates(FileScanTask task, CountMethod countMethod) {
    this.task = task;
    this.countMethod = countMethod;
  }

  /**
   * The aggregates of {@code task}'s file, which must be whole; how its rows can be counted is
   * judged here, once (it may evaluate the residual against the file's metrics).
   */
  public static FileAggregates of(FileScanTask task) {
    requireWholeFile(task);
    return new FileAggregates(task, countMethodOf(task));
  }

  /** How the live rows of the file can be counted. */
  public CountMethod countMethod() {
    return countMethod;
  }

  private static CountMethod countMethodOf(FileScanTask task) {
    if (!Expression.alwaysTrue().equals(task.residual())
        && !new StrictMetricsEvaluator(task.residual()).rowsMustMatch(task.file())) {
      return CountMethod.ROWS;
    }
    boolean positionFiles = false;
    for (DeleteFile delete : task.deletes()) {
      if (delete.content() == FileContent.EQUALITY_DELETES) {
        return CountMethod.ROWS;
      }
      positionFiles |= !delete.isDeletionVector();
    }
    return positionFiles ? CountMethod.DELETE_FILES : CountMethod.METADATA;
  }

  /**
   * The live rows of a file whose {@link #countMethod} is {@link CountMethod#METADATA}.
   *
   * @throws CorruptTableException when a deletion vector claims more rows than its data file holds
   */
  public long liveRowCount() {
    if (countMethod != CountMethod.METADATA) {
      throw new IllegalArgumentException(
          "The rows of " + task.file().location() + " cannot be counted from metadata");
    }
    long deleted = 0;
    for (DeleteFile delete : task.deletes()) {
      deleted += delete.recordCount();
    }
    long records = task.file().recordCount();
    if (deleted > records) {
      throw new CorruptTableException(
          "Deletion vectors "
              + task.deletes().stream().map(DeleteFile::location).toList()
              + " delete "
              + deleted
              + " rows of data file "
              + task.file().location()
              + ", which holds "
              + records);
    }
    return records - deleted;
  }

  /**
   * The non-null values of {@code column} in the file's live rows, when the manifest says exactly;
   * empty otherwise. {@code column} is a top-level primitive column of the scan's schema.
   */
  public OptionalLong nonNullCount(NestedField column) {
    if (countMethod != CountMethod.METADATA) {
      return OptionalLong.empty();
    }
    ColumnMetrics metrics = task.file().metrics();
    Long values = metrics.valueCounts().get(column.fieldId());
    Long nulls = metrics.nullValueCounts().get(column.fieldId());
    if (values == null || nulls == null || nulls > values) {
      return OptionalLong.empty();
    }
    if (task.deletes().isEmpty()) {
      return OptionalLong.of(values - nulls);
    }
    // deletion vectors: which rows are gone is known, not which values, unless the values are
    // alike in every row of the file (a value in each, or a null in each)
    if (hasValueInEveryRow(column)) {
      return OptionalLong.of(liveRowCount());
    }
    return values == task.file().recordCount() && nulls.longValue() == values.longValue()
        ? OptionalLong.of(0)
        : OptionalLong.empty();
  }

  /**
   * Whether the manifest proves that every row of the file holds a value of {@code column}, a
   * top-level primitive column: as many values as records, none null. Then any of its rows, once
   * deletes and a filter leave them, count as many values of {@code column} as rows.
   */
  public boolean hasValueInEveryRow(NestedField column) {
    ColumnMetrics metrics = task.file().metrics();
    Long values = metrics.valueCounts().get(column.fieldId());
    Long nulls = metrics.nullValueCounts().get(column.fieldId());
    return values != null && nulls != null && nulls == 0 && values == task.file().recordCount();
  }

  /**
   * The exact smallest and largest value of {@code column} among the file's rows, when the manifest
   * proves them; empty when it does not (then the file must be read to know).
   */
  public Optional<ColumnBounds> bounds(NestedField column) {
    if (!task.deletes().isEmpty()
        || countMethod != CountMethod.METADATA
        || !(column.type() instanceof PrimitiveType type)
        || !type.typeId().hasExactBounds()) {
      return Optional.empty();
    }
    DataFile file = task.file();
    ColumnMetrics metrics = file.metrics();
    int fieldId = column.fieldId();
    Long values = metrics.valueCounts().get(fieldId);
    Long nulls = metrics.nullValueCounts().get(fieldId);
    if (file.recordCount() == 0 || (values != null && nulls != null && nulls >= values)) {
      return Optional.of(ColumnBounds.NO_VALUES);
    }
    ByteBuffer lower = metrics.lowerBounds().get(fieldId);
    ByteBuffer upper = metrics.upperBounds().get(fieldId);
    if (lower == null || upper == null) {
      return Optional.empty();
    }
    Object lowerValue = RecordedBound.decode(file, fieldId, column.name(), type, lower, "lower");
    Object upperValue = RecordedBound.decode(file, fieldId, column.name(), type, upper, "upper");
    if (type.typeId().isFloatingPoint()) {
      Long nans = metrics.nanValueCounts().get(fieldId);
      if (nans == null || nans != 0 || isZero(lowerValue) || isZero(upperValue)) {
        return Optional.empty();
      }
    }
    return Optional.of(ColumnBounds.of(lowerValue, upperValue));
  }

  private static boolean isZero(Object value) {
    return value instanceof Number number && number.doubleValue() == 0.0;
  }

  private static void requireWholeFile(FileScanTask task) {
    if (!task.isWholeFile()) {
      throw new IllegalArgumentException(
          "Aggregates are answered per whole data file, not for a split of "
              + task.file().location());
    }
  }
}
