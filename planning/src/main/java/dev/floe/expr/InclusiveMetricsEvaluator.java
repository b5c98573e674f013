package dev.floe.expr;

import dev.floe.CorruptTableException;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.ContentFile;
import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.util.Objects;

/**
 * Decides from a data file's column metrics whether some of its rows might match a filter. The
 * answer is inclusive: {@link #ROWS_CANNOT_MATCH} only when the metrics prove that no row does, so
 * a file may be skipped exactly when {@link #rowsMightMatch} is false.
 *
 * <p>The filter is bound to the schema of the snapshot being read, so its field ids are the data
 * columns' ids. Evidence is taken where the spec guarantees it and nowhere else:
 *
 * <ul>
 *   <li>A file of zero records matches nothing.
 *   <li>A column absent from a metrics map (metrics mode {@code none} or {@code counts}, a column
 *       added after the file was written) says nothing, so never prunes.
 *   <li>Null, NaN and value counts tell whether a column may hold nulls, NaNs and other values.
 *       Predicates follow SQL: a null satisfies only {@code is-null} and {@code not-nan}, so a
 *       column of nulls cannot match {@code x != 5}, {@code x not in (...)} or {@code x not starts
 *       with 'a'} (Apache Iceberg keeps such files). A NaN is greater than every number, as in
 *       {@link BoundPredicate#test}, so a file that may hold NaN cannot be skipped for {@code x >
 *       5}.
 *   <li>Bounds cover the non-null, non-NaN values. They may be truncated (strings, binary) and are
 *       then still bounds; a NaN bound from an old writer is ignored. Bounds written before a
 *       column was promoted ({@code int} to {@code long}, {@code float} to {@code double}, {@code
 *       date} to {@code timestamp}) are widened when decoded.
 *   <li>UUID bounds were computed by some writers in signed-halves order (Iceberg 1.10) and by
 *       others in unsigned byte order: {@code =} and {@code in} on a uuid column prune only when
 *       both orders agree, and {@code <}, {@code >} never do.
 *   <li>A predicate on a transform of a column, and any predicate on a column without ordered
 *       values (variant, geometry, geography, unknown), might match.
 * </ul>
 *
 * <p>Immutable and thread-safe: one evaluator serves every file of a scan.
 */
public final class InclusiveMetricsEvaluator {
  public static final boolean ROWS_MIGHT_MATCH = true;
  public static final boolean ROWS_CANNOT_MATCH = false;

  private final Expression expression;

  /**
   * @param bound a filter bound to the table schema with {@code not} rewritten ({@link
   *     Binder#bind})
   * @throws IllegalArgumentException when {@code bound} is not bound or still holds a {@code not}
   */
  public InclusiveMetricsEvaluator(Expression bound) {
    this.expression =
        BoundPredicateVisitor.requireBoundWithoutNot(bound, "InclusiveMetricsEvaluator");
  }

  /**
   * Whether {@code file} might hold a row matching the filter.
   *
   * @throws CorruptTableException when a bound the filter needs cannot be decoded as its column's
   *     type
   */
  public boolean rowsMightMatch(ContentFile file) {
    Objects.requireNonNull(file, "file");
    if (file.recordCount() == 0) {
      return ROWS_CANNOT_MATCH;
    }
    if (file.recordCount() < 0) {
      // files imported without counting their rows record -1: no evidence
      return ROWS_MIGHT_MATCH;
    }
    return BoundPredicateVisitor.visit(expression, predicate -> mightMatch(file, predicate));
  }

  private static boolean mightMatch(ContentFile file, BoundPredicate predicate) {
    if (!predicate.isOnReference()) {
      return ROWS_MIGHT_MATCH;
    }
    BoundReference reference = predicate.reference();
    PrimitiveType type = reference.type();
    if (!type.typeId().hasOrderedValues()) {
      return ROWS_MIGHT_MATCH;
    }
    return summarize(file, reference, ValueSummary.usesBounds(predicate.operation()))
        .mightMatch(predicate);
  }

  private static ValueSummary summarize(
      ContentFile file, BoundReference reference, boolean withBounds) {
    ColumnMetrics metrics = file.metrics();
    int fieldId = reference.fieldId();
    PrimitiveType type = reference.type();
    boolean floatingPoint = type.typeId() == TypeId.FLOAT || type.typeId() == TypeId.DOUBLE;
    Long values = metrics.valueCounts().get(fieldId);
    Long nulls = metrics.nullValueCounts().get(fieldId);
    Long nans = floatingPoint ? metrics.nanValueCounts().get(fieldId) : Long.valueOf(0);

    boolean allNull = values != null && nulls != null && nulls >= values;
    boolean allNaN =
        floatingPoint && values != null && nans != null && values > 0 && nans >= values;
    // a required field is never null; is-null on one is already false when bound
    boolean mayHoldNull = reference.optional() && !allNaN && (nulls == null || nulls > 0);
    boolean mayHoldNaN = !allNull && (nans == null || nans > 0);
    boolean onlyNullsAndNaNs =
        allNull
            || allNaN
            || (values != null && nulls != null && nans != null && values - nulls - nans <= 0);
    Object lower = null;
    Object upper = null;
    if (withBounds && !onlyNullsAndNaNs) {
      lower =
          RecordedBound.decode(
              file, fieldId, reference.name(), type, metrics.lowerBounds().get(fieldId), "lower");
      upper =
          RecordedBound.decode(
              file, fieldId, reference.name(), type, metrics.upperBounds().get(fieldId), "upper");
    }
    return new ValueSummary(type, mayHoldNull, mayHoldNaN, !onlyNullsAndNaNs, lower, upper);
  }
}
