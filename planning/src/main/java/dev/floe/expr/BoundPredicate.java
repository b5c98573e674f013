package dev.floe.expr;

import dev.floe.table.SingleValueBinary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A predicate on a bound term, its values converted to the term's type (Floe's value
 * representation, see {@link SingleValueBinary}). A set predicate's values are distinct and sorted
 * in the type's order, so equal predicates print and compare the same.
 *
 * <p>On a null value every comparison, {@code in}, {@code not-in}, {@code starts-with} and {@code
 * not-starts-with} is false (SQL's unknown, which drops the row, as does its negation); {@code
 * is-nan} is false and {@code not-nan} true. This is stricter than Apache Iceberg, whose evaluators
 * let {@code !=}, {@code not-in} and {@code not-starts-with} match nulls, and it is what Spark does
 * with the filters it pushes.
 */
public record BoundPredicate(Operation operation, BoundTerm term, List<Object> values)
    implements Expression {
  public BoundPredicate {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(term, "term");
    values = List.copyOf(values);
    int count = values.size();
    boolean valid =
        switch (operation.arity()) {
          case UNARY -> count == 0;
          case LITERAL -> count == 1;
          case SET -> count > 0;
        };
    if (!valid) {
      throw new IllegalArgumentException(
          operation.jsonName() + " on " + term + " cannot take " + count + " values");
    }
    if (operation.arity() == Operation.Arity.SET) {
      values = sortedDistinct(values, ValueComparators.forType(term.type()));
    }
  }

  public static BoundPredicate unary(Operation operation, BoundTerm term) {
    return new BoundPredicate(operation, term, List.of());
  }

  public static BoundPredicate literal(Operation operation, BoundTerm term, Object value) {
    return new BoundPredicate(operation, term, List.of(value));
  }

  private static List<Object> sortedDistinct(List<Object> values, Comparator<Object> order) {
    List<Object> sorted = new ArrayList<>(values);
    sorted.sort(order);
    List<Object> distinct = new ArrayList<>(sorted.size());
    for (Object value : sorted) {
      if (distinct.isEmpty() || order.compare(distinct.get(distinct.size() - 1), value) != 0) {
        distinct.add(value);
      }
    }
    return List.copyOf(distinct);
  }

  /** The one value of a comparison or starts-with. */
  public Object value() {
    if (operation.arity() != Operation.Arity.LITERAL) {
      throw new IllegalStateException(operation.jsonName() + " has no single value");
    }
    return values.get(0);
  }

  /** The field the predicate reads. */
  public BoundReference reference() {
    return term.reference();
  }

  /** Whether the term is the field itself rather than a transform of it. */
  public boolean isOnReference() {
    return term instanceof BoundReference;
  }

  @Override
  public Expression negate() {
    return new BoundPredicate(operation.negate(), term, values);
  }

  /**
   * Whether a field value satisfies the predicate, with the null semantics in the class comment.
   */
  public boolean test(Object fieldValue) {
    Object value = term.apply(fieldValue);
    Boolean unary =
        switch (operation) {
          case IS_NULL -> value == null;
          case NOT_NULL -> value != null;
          case IS_NAN -> isNaN(value);
          case NOT_NAN -> !isNaN(value);
          case LT, LT_EQ, GT, GT_EQ, EQ, NOT_EQ, IN, NOT_IN, STARTS_WITH, NOT_STARTS_WITH -> null;
        };
    if (unary != null) {
      return unary;
    }
    if (value == null) {
      return false;
    }
    Comparator<Object> order = ValueComparators.forType(term.type());
    return switch (operation) {
      case LT -> order.compare(value, value()) < 0;
      case LT_EQ -> order.compare(value, value()) <= 0;
      case GT -> order.compare(value, value()) > 0;
      case GT_EQ -> order.compare(value, value()) >= 0;
      case EQ -> order.compare(value, value()) == 0;
      case NOT_EQ -> order.compare(value, value()) != 0;
      case IN -> contains(order, value);
      case NOT_IN -> !contains(order, value);
      case STARTS_WITH -> ((String) value).startsWith((String) value());
      case NOT_STARTS_WITH -> !((String) value).startsWith((String) value());
      case IS_NULL, NOT_NULL, IS_NAN, NOT_NAN -> throw new IllegalStateException("handled above");
    };
  }

  private boolean contains(Comparator<Object> order, Object value) {
    for (Object candidate : values) {
      if (order.compare(candidate, value) == 0) {
        return true;
      }
    }
    return false;
  }

  private static boolean isNaN(Object value) {
    return (value instanceof Double d && d.isNaN()) || (value instanceof Float f && f.isNaN());
  }

  @Override
  public String toString() {
    return PredicateText.of(operation, term, values);
  }
}
