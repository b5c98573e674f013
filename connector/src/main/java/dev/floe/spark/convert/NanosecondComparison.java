package dev.floe.spark.convert;

import dev.floe.expr.Expression;
import java.util.List;
import java.util.Optional;

/**
 * Comparisons of a nanosecond timestamp column with a Spark timestamp literal (microseconds), for
 * pruning. Spark reads such a column in microseconds, each value floored to its microsecond ({@code
 * SparkSchemas}), and compares the floored value: {@code ts_ns = TIMESTAMP'… 00.123456'} holds for
 * every nanosecond value from {@code …00.123456000} to {@code …00.123456999}. Each comparison
 * becomes the range of nanosecond values whose floored microsecond satisfies it, exactly, so that
 * the negation of the range is the negation of the comparison. Comparing with the literal's first
 * nanosecond alone would prune the files and row groups holding {@code …00.123456789}, a value
 * Spark finds equal.
 */
final class NanosecondComparison {
  private static final long NANOS_PER_MICRO = 1_000L;

  private NanosecondComparison() {}

  /**
   * The nanosecond values of {@code name} whose microsecond compares with {@code micros} as {@code
   * operator} says, or empty when the range does not fit a long (Spark keeps the predicate).
   */
  static Optional<Expression> pruning(ComparisonOperator operator, String name, Object micros) {
    if (!(micros instanceof Long value) || value == Long.MAX_VALUE) {
      return Optional.empty();
    }
    long from;
    long to;
    try {
      from = Math.multiplyExact(value, NANOS_PER_MICRO);
      to = Math.multiplyExact(value + 1, NANOS_PER_MICRO);
    } catch (ArithmeticException outOfRange) {
      return Optional.empty();
    }
    return Optional.of(
        switch (operator) {
          case EQUAL, NULL_SAFE_EQUAL ->
              Expression.and(
                  Expression.greaterThanOrEqual(name, from), Expression.lessThan(name, to));
          case NOT_EQUAL ->
              Expression.or(
                  Expression.lessThan(name, from), Expression.greaterThanOrEqual(name, to));
          case LESS_THAN -> Expression.lessThan(name, from);
          case LESS_THAN_OR_EQUAL -> Expression.lessThan(name, to);
          case GREATER_THAN -> Expression.greaterThanOrEqual(name, to);
          case GREATER_THAN_OR_EQUAL -> Expression.greaterThanOrEqual(name, from);
        });
  }

  /** {@code name IN (micros...)}: the union of the values' ranges, or empty. */
  static Optional<Expression> in(String name, List<Object> micros) {
    Expression union = Expression.alwaysFalse();
    for (Object value : micros) {
      Optional<Expression> range = pruning(ComparisonOperator.EQUAL, name, value);
      if (range.isEmpty()) {
        return Optional.empty();
      }
      union = Expression.or(union, range.get());
    }
    return Optional.of(union);
  }
}
