package dev.floe.expr;

import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * What statistics say about the values of one field over many rows (a column of a data file, or a
 * partition field over a manifest): whether nulls, NaNs and ordered values (neither null nor NaN)
 * may be among them, and bounds of the ordered values, null when unknown. Bounds may be loose:
 * truncated strings and binary stay bounds, so they are only ever compared, never taken as values.
 *
 * <p>A predicate might match when it holds for null and nulls may be there, when it holds for NaN
 * and NaNs may be there, or when the bounds leave room for an ordered value that satisfies it.
 * Asking {@link BoundPredicate#test} about null and NaN keeps pruning exactly as strict as row
 * evaluation: {@code x != 5} cannot match a file of nulls, and {@code x > 5} can match a NaN, which
 * sorts above every number.
 *
 * <p>UUID bounds were computed by some writers in signed-halves order (Iceberg 1.10, {@link
 * ValueComparators}) and by others in unsigned byte order, the spec's. Equality and {@code in}
 * prune only when every value lies outside the bounds in both orders. Order comparisons on uuids
 * never prune: bounds in one order do not locate values in the other, and engines that see uuids as
 * strings (Spark) compare them in the unsigned order anyway.
 */
record ValueSummary(
    PrimitiveType type,
    boolean mayHoldNull,
    boolean mayHoldNaN,
    boolean mayHoldOrderedValues,
    Object lower,
    Object upper) {

  ValueSummary {
    Objects.requireNonNull(type, "type");
    mayHoldNaN = mayHoldNaN && isFloatingPoint(type);
    // a NaN bound comes from writers that let NaN into min/max (ORC): it bounds nothing
    lower = isNaN(lower) ? null : loosenZero(lower, true);
    upper = isNaN(upper) ? null : loosenZero(upper, false);
  }

  /**
   * Whether {@code operation} on ordered values is decided with bounds, so they are worth decoding.
   */
  static boolean usesBounds(Operation operation) {
    return switch (operation) {
      case LT, LT_EQ, GT, GT_EQ, EQ, IN, STARTS_WITH, NOT_STARTS_WITH -> true;
      case IS_NULL, NOT_NULL, IS_NAN, NOT_NAN, NOT_EQ, NOT_IN -> false;
    };
  }

  /**
   * Whether some row might satisfy {@code predicate}, a predicate on a reference of this summary's
   * type.
   */
  boolean mightMatch(BoundPredicate predicate) {
    if (mayHoldNull && predicate.test(null)) {
      return true;
    }
    if (mayHoldNaN && predicate.test(nan(type))) {
      return true;
    }
    return mayHoldOrderedValues && orderedValueMightMatch(predicate);
  }

  private boolean orderedValueMightMatch(BoundPredicate predicate) {
    return switch (predicate.operation()) {
      case IS_NULL, IS_NAN -> false;
      // bounds need not be values of the field, so they cannot show that every value is excluded
      case NOT_NULL, NOT_NAN, NOT_EQ, NOT_IN -> true;
      case STARTS_WITH -> prefixMightMatch((String) predicate.value());
      case NOT_STARTS_WITH -> !everyValueStartsWith((String) predicate.value());
      case LT, LT_EQ, GT, GT_EQ -> type.typeId() == TypeId.UUID || rangeMightMatch(predicate);
      case EQ, IN -> {
        if (rangeMightMatch(predicate)) {
          yield true;
        }
        // a value inside the bounds in the writer's order, whichever it was, might be there
        yield type.typeId() == TypeId.UUID
            && (predicate.operation() == Operation.EQ
                ? withinBounds(ValueComparators.unsignedUuids(), predicate.value())
                : predicate.values().stream()
                    .anyMatch(value -> withinBounds(ValueComparators.unsignedUuids(), value)));
      }
    };
  }

  private boolean rangeMightMatch(BoundPredicate predicate) {
    Comparator<Object> order = ValueComparators.forType(type);
    return switch (predicate.operation()) {
      case LT -> lower == null || order.compare(lower, predicate.value()) < 0;
      case LT_EQ -> lower == null || order.compare(lower, predicate.value()) <= 0;
      case GT -> upper == null || order.compare(upper, predicate.value()) > 0;
      case GT_EQ -> upper == null || order.compare(upper, predicate.value()) >= 0;
      case EQ -> withinBounds(order, predicate.value());
      case IN -> anyWithinBounds(order, predicate.values());
      case IS_NULL, NOT_NULL, IS_NAN, NOT_NAN, NOT_EQ, NOT_IN, STARTS_WITH, NOT_STARTS_WITH ->
          throw new IllegalStateException(predicate.operation() + " is not a range operation");
    };
  }

  private boolean withinBounds(Comparator<Object> order, Object value) {
    return (lower == null || order.compare(lower, value) <= 0)
        && (upper == null || order.compare(upper, value) >= 0);
  }

  /** Whether one of {@code values}, sorted in {@code order}, lies within the bounds. */
  private boolean anyWithinBounds(Comparator<Object> order, List<Object> values) {
    if (lower == null) {
      return withinBounds(order, values.get(0));
    }
    // the smallest value not below the lower bound is the only candidate that needs checking
    int found = Collections.binarySearch(values, lower, order);
    int first = found >= 0 ? found : -found - 1;
    return first < values.size() && withinBounds(order, values.get(first));
  }

  private boolean prefixMightMatch(String prefix) {
    Comparator<Object> order = ValueComparators.forType(type);
    // every string starting with the prefix lies between the prefix and the prefix followed by
    // the largest code points, so compare the bounds cut to the prefix's length
    if (lower != null && order.compare(leadingCodePoints((String) lower, prefix), prefix) > 0) {
      return false;
    }
    return upper == null || order.compare(leadingCodePoints((String) upper, prefix), prefix) >= 0;
  }

  private boolean everyValueStartsWith(String prefix) {
    // strings with a prefix are contiguous in code point order: both bounds inside means all are
    return lower != null
        && upper != null
        && ((String) lower).startsWith(prefix)
        && ((String) upper).startsWith(prefix);
  }

  /** {@code text} cut to at most as many code points as {@code prefix} has. */
  private static String leadingCodePoints(String text, String prefix) {
    int codePoints = prefix.codePointCount(0, prefix.length());
    if (text.codePointCount(0, text.length()) <= codePoints) {
      return text;
    }
    return text.substring(0, text.offsetByCodePoints(0, codePoints));
  }

  /**
   * Treats a lower bound of +0.0 as -0.0 and an upper bound of -0.0 as +0.0: writers that compared
   * with {@code <} could record 0.0 for a column holding -0.0, and the two are equal in SQL.
   */
  private static Object loosenZero(Object bound, boolean isLower) {
    if (bound instanceof Double number && number == 0.0) {
      return isLower ? -0.0d : 0.0d;
    }
    if (bound instanceof Float number && number == 0.0f) {
      return isLower ? -0.0f : 0.0f;
    }
    return bound;
  }

  private static boolean isFloatingPoint(PrimitiveType type) {
    return type.typeId() == TypeId.FLOAT || type.typeId() == TypeId.DOUBLE;
  }

  private static Object nan(PrimitiveType type) {
    return type.typeId() == TypeId.FLOAT ? (Object) Float.NaN : (Object) Double.NaN;
  }

  private static boolean isNaN(Object value) {
    return (value instanceof Double doubleValue && doubleValue.isNaN())
        || (value instanceof Float floatValue && floatValue.isNaN());
  }
}
