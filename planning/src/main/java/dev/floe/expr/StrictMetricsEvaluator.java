package dev.floe.expr;

import dev.floe.CorruptTableException;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.ContentFile;
import dev.floe.table.TypeId;
import java.nio.ByteBuffer;
import java.util.Comparator;
import java.util.Objects;

/**
 * Decides from a data file's column metrics whether every one of its rows matches a filter. The
 * answer is strict: {@link #ROWS_MUST_MATCH} only when the metrics prove it, so a count or a bound
 * of the file's rows may stand for the filtered rows exactly when {@link #rowsMustMatch} is true.
 *
 * <p>Only evidence that is never approximate is used: value and null counts, and the bounds of
 * types whose bounds are exact values (booleans, integers, decimals, dates, timestamps in
 * microseconds). String and binary bounds may be truncated and floating-point columns may hold NaN
 * outside their bounds, so predicates on them never prove anything here; neither do predicates on
 * transforms. A comparison with a column needs the file to record that the column holds no null,
 * since a null satisfies no comparison. A file of zero rows matches vacuously.
 *
 * <p>Immutable and thread-safe.
 */
public final class StrictMetricsEvaluator {
  public static final boolean ROWS_MUST_MATCH = true;
  public static final boolean ROWS_MIGHT_NOT_MATCH = false;

  private final Expression expression;

  /**
   * @param bound a filter bound to the table schema with {@code not} rewritten ({@link
   *     Binder#bind})
   * @throws IllegalArgumentException when {@code bound} is not bound or still holds a {@code not}
   */
  public StrictMetricsEvaluator(Expression bound) {
    this.expression = BoundPredicateVisitor.requireBoundWithoutNot(bound, "StrictMetricsEvaluator");
  }

  /**
   * Whether every row of {@code file} matches the filter.
   *
   * @throws CorruptTableException when a bound the filter needs cannot be decoded as its column's
   *     type
   */
  public boolean rowsMustMatch(ContentFile file) {
    Objects.requireNonNull(file, "file");
    if (file.recordCount() == 0) {
      return ROWS_MUST_MATCH;
    }
    if (file.recordCount() < 0) {
      return ROWS_MIGHT_NOT_MATCH;
    }
    return BoundPredicateVisitor.visit(expression, predicate -> mustMatch(file, predicate));
  }

  private static boolean mustMatch(ContentFile file, BoundPredicate predicate) {
    TypeId type = predicate.isOnReference() ? predicate.reference().type().typeId() : null;
    if (type == null || !type.hasExactBounds() || type.isFloatingPoint()) {
      return ROWS_MIGHT_NOT_MATCH;
    }
    BoundReference reference = predicate.reference();
    ColumnMetrics metrics = file.metrics();
    Long values = metrics.valueCounts().get(reference.fieldId());
    Long nulls = metrics.nullValueCounts().get(reference.fieldId());
    boolean noNulls = nulls != null && nulls == 0;
    switch (predicate.operation()) {
      case IS_NULL:
        return values != null && nulls != null && nulls >= values;
      case NOT_NULL:
        return noNulls;
      case IS_NAN, NOT_NAN, STARTS_WITH, NOT_STARTS_WITH:
        return ROWS_MIGHT_NOT_MATCH;
      case LT, LT_EQ, GT, GT_EQ, EQ, NOT_EQ, IN, NOT_IN:
        break;
    }
    if (!noNulls) {
      return ROWS_MIGHT_NOT_MATCH;
    }
    Object lower = bound(file, reference, metrics.lowerBounds(), "lower");
    Object upper = bound(file, reference, metrics.upperBounds(), "upper");
    if (lower == null || upper == null) {
      return ROWS_MIGHT_NOT_MATCH;
    }
    Comparator<Object> order = ValueComparators.forType(reference.type());
    return switch (predicate.operation()) {
      case LT -> order.compare(upper, predicate.value()) < 0;
      case LT_EQ -> order.compare(upper, predicate.value()) <= 0;
      case GT -> order.compare(lower, predicate.value()) > 0;
      case GT_EQ -> order.compare(lower, predicate.value()) >= 0;
      case EQ ->
          order.compare(lower, predicate.value()) == 0
              && order.compare(upper, predicate.value()) == 0;
      case NOT_EQ -> outside(order, predicate.value(), lower, upper);
      case IN ->
          order.compare(lower, upper) == 0
              && predicate.values().stream().anyMatch(value -> order.compare(value, lower) == 0);
      case NOT_IN ->
          predicate.values().stream().allMatch(value -> outside(order, value, lower, upper));
      case IS_NULL, NOT_NULL, IS_NAN, NOT_NAN, STARTS_WITH, NOT_STARTS_WITH ->
          throw new IllegalStateException("handled above: " + predicate.operation());
    };
  }

  private static boolean outside(
      Comparator<Object> order, Object value, Object lower, Object upper) {
    return order.compare(value, lower) < 0 || order.compare(value, upper) > 0;
  }

  private static Object bound(
      ContentFile file,
      BoundReference reference,
      java.util.Map<Integer, ByteBuffer> bounds,
      String which) {
    return RecordedBound.decode(
        file,
        reference.fieldId(),
        reference.name(),
        reference.type(),
        bounds.get(reference.fieldId()),
        which);
  }
}
