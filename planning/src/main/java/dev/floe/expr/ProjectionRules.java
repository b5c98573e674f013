package dev.floe.expr;

import dev.floe.table.PrimitiveType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Projection rules shared by the transforms that keep the order of their source values ({@code
 * truncate}, {@code year}, {@code month}, {@code day}, {@code hour}): for such a transform {@code
 * t}, {@code x <= v} implies {@code t(x) <= t(v)}, and {@code t(x) < t(v)} implies {@code x < v}.
 *
 * <p>For a source type whose values have neighbours (int, long, decimal at its scale, dates and
 * timestamps) an open bound is first closed on the neighbour, which projects tighter: {@code x <
 * 10} is {@code x <= 9}, so on {@code truncate[10]} it projects to {@code p <= 0}, where {@code p
 * <= truncate(10) = 10} would keep a partition that holds no match.
 */
final class ProjectionRules {
  private ProjectionRules() {}

  /**
   * The projection of a predicate whose term is a transform of the source column: the same
   * predicate on the partition field when it is this transform, or nothing to say otherwise.
   */
  static Expression sameTransform(
      Transform transform,
      BoundReference partitionField,
      BoundPredicate predicate,
      boolean inclusive) {
    if (predicate.term() instanceof BoundTransform term && term.transform().equals(transform)) {
      return new BoundPredicate(predicate.operation(), partitionField, predicate.values());
    }
    return inclusive ? Expression.alwaysTrue() : Expression.alwaysFalse();
  }

  /**
   * The inclusive projection of a comparison, equality or {@code in} on an order-keeping transform;
   * {@code true} for the operations it cannot project.
   */
  static Expression orderedInclusive(
      BoundReference partitionField, BoundPredicate predicate, UnaryOperator<Object> transform) {
    PrimitiveType sourceType = predicate.reference().type();
    Operation operation = predicate.operation();
    return switch (operation) {
      case IS_NULL, NOT_NULL -> BoundPredicate.unary(operation, partitionField);
      case LT -> {
        Object previous = neighbour(sourceType, predicate.value(), -1);
        Object bound = previous == null ? predicate.value() : previous;
        yield BoundPredicate.literal(Operation.LT_EQ, partitionField, transform.apply(bound));
      }
      case LT_EQ, EQ ->
          BoundPredicate.literal(operation, partitionField, transform.apply(predicate.value()));
      case GT -> {
        Object next = neighbour(sourceType, predicate.value(), 1);
        Object bound = next == null ? predicate.value() : next;
        yield BoundPredicate.literal(Operation.GT_EQ, partitionField, transform.apply(bound));
      }
      case GT_EQ ->
          BoundPredicate.literal(
              Operation.GT_EQ, partitionField, transform.apply(predicate.value()));
      case IN -> new BoundPredicate(operation, partitionField, each(predicate.values(), transform));
      case IS_NAN, NOT_NAN, NOT_EQ, NOT_IN, STARTS_WITH, NOT_STARTS_WITH -> Expression.alwaysTrue();
    };
  }

  /**
   * The strict projection of a comparison, inequality or {@code not in} on an order-keeping
   * transform; {@code false} for the operations it cannot project ({@code =} and {@code in}: a
   * partition holds more than one source value).
   */
  static Expression orderedStrict(
      BoundReference partitionField, BoundPredicate predicate, UnaryOperator<Object> transform) {
    PrimitiveType sourceType = predicate.reference().type();
    Operation operation = predicate.operation();
    return switch (operation) {
      case IS_NULL, NOT_NULL -> BoundPredicate.unary(operation, partitionField);
      case LT ->
          BoundPredicate.literal(Operation.LT, partitionField, transform.apply(predicate.value()));
      case LT_EQ -> {
        Object next = neighbour(sourceType, predicate.value(), 1);
        Object bound = next == null ? predicate.value() : next;
        yield BoundPredicate.literal(Operation.LT, partitionField, transform.apply(bound));
      }
      case GT ->
          BoundPredicate.literal(Operation.GT, partitionField, transform.apply(predicate.value()));
      case GT_EQ -> {
        Object previous = neighbour(sourceType, predicate.value(), -1);
        Object bound = previous == null ? predicate.value() : previous;
        yield BoundPredicate.literal(Operation.GT, partitionField, transform.apply(bound));
      }
      case NOT_EQ ->
          BoundPredicate.literal(operation, partitionField, transform.apply(predicate.value()));
      case NOT_IN ->
          new BoundPredicate(operation, partitionField, each(predicate.values(), transform));
      case IS_NAN, NOT_NAN, EQ, IN, STARTS_WITH, NOT_STARTS_WITH -> Expression.alwaysFalse();
    };
  }

  /**
   * The value next to {@code value} in {@code direction} (+1 or -1) among the values of {@code
   * type}, or null when the type's values have no neighbours (strings, binary) or the value is at
   * the end of the range. Without a neighbour the rules fall back to the open bound itself, which
   * is still sound, only looser.
   */
  static Object neighbour(PrimitiveType type, Object value, int direction) {
    return switch (type.typeId()) {
      case INT, DATE -> {
        int current = (Integer) value;
        boolean atEnd = direction > 0 ? current == Integer.MAX_VALUE : current == Integer.MIN_VALUE;
        yield atEnd ? null : current + direction;
      }
      case LONG, TIME, TIMESTAMP, TIMESTAMPTZ, TIMESTAMP_NS, TIMESTAMPTZ_NS -> {
        long current = (Long) value;
        boolean atEnd = direction > 0 ? current == Long.MAX_VALUE : current == Long.MIN_VALUE;
        yield atEnd ? null : current + direction;
      }
      case DECIMAL -> {
        BigDecimal decimal = (BigDecimal) value;
        yield new BigDecimal(
            decimal.unscaledValue().add(BigInteger.valueOf(direction)), decimal.scale());
      }
      case BOOLEAN,
          FLOAT,
          DOUBLE,
          STRING,
          UUID,
          FIXED,
          BINARY,
          UNKNOWN,
          VARIANT,
          GEOMETRY,
          GEOGRAPHY,
          STRUCT,
          LIST,
          MAP ->
          null;
    };
  }

  static List<Object> each(List<Object> values, UnaryOperator<Object> transform) {
    return values.stream().map(transform).toList();
  }
}
