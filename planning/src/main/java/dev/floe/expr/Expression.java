package dev.floe.expr;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A row filter, immutable. Built unbound, by column name ({@link #equal}, {@link #and}, ...), then
 * {@linkplain Binder bound} to a schema, which resolves field ids and converts literals to the
 * columns' types. Evaluators take bound expressions with {@code not} rewritten away ({@link
 * Binder#bind} does both).
 *
 * <pre>{@code
 * Expression filter = Expression.and(
 *     Expression.greaterThanOrEqual("event_time", "2026-01-01T00:00:00+00:00"),
 *     Expression.in("region", "eu", "us"));
 * }</pre>
 *
 * <p>Planning carries one bound expression per task as its residual: what a reader must still check
 * on each row.
 */
public sealed interface Expression
    permits Expression.Constant, And, Or, Not, UnboundPredicate, BoundPredicate {

  /** The expression that holds exactly where this one does not. */
  Expression negate();

  /**
   * The field ids of the columns a bound expression's predicates read, in the order they first
   * appear (left to right); empty for an unbound expression's unbound predicates.
   */
  default Set<Integer> referencedFieldIds() {
    Set<Integer> fieldIds = new LinkedHashSet<>();
    BoundPredicateVisitor.forEachPredicate(
        this, predicate -> fieldIds.add(predicate.reference().fieldId()));
    return Collections.unmodifiableSet(fieldIds);
  }

  static Expression alwaysTrue() {
    return Constant.TRUE;
  }

  static Expression alwaysFalse() {
    return Constant.FALSE;
  }

  /** {@code left AND right}, simplified when either side is a constant. */
  static Expression and(Expression left, Expression right) {
    if (left == Constant.FALSE || right == Constant.FALSE) {
      return Constant.FALSE;
    }
    if (left == Constant.TRUE) {
      return right;
    }
    if (right == Constant.TRUE) {
      return left;
    }
    return new And(left, right);
  }

  /** The conjunction of all of {@code expressions}; {@code true} when there are none. */
  static Expression and(List<? extends Expression> expressions) {
    Expression result = Constant.TRUE;
    for (Expression expression : expressions) {
      result = and(result, expression);
    }
    return result;
  }

  /** {@code left OR right}, simplified when either side is a constant. */
  static Expression or(Expression left, Expression right) {
    if (left == Constant.TRUE || right == Constant.TRUE) {
      return Constant.TRUE;
    }
    if (left == Constant.FALSE) {
      return right;
    }
    if (right == Constant.FALSE) {
      return left;
    }
    return new Or(left, right);
  }

  /** {@code NOT child}, simplified for constants and double negation. */
  static Expression not(Expression child) {
    if (child instanceof Constant constant) {
      return constant.negate();
    }
    if (child instanceof Not not) {
      return not.child();
    }
    return new Not(child);
  }

  static Expression isNull(String column) {
    return UnboundPredicate.unary(Operation.IS_NULL, column);
  }

  static Expression notNull(String column) {
    return UnboundPredicate.unary(Operation.NOT_NULL, column);
  }

  static Expression isNaN(String column) {
    return UnboundPredicate.unary(Operation.IS_NAN, column);
  }

  static Expression notNaN(String column) {
    return UnboundPredicate.unary(Operation.NOT_NAN, column);
  }

  static Expression lessThan(String column, Object value) {
    return UnboundPredicate.literal(Operation.LT, column, value);
  }

  static Expression lessThanOrEqual(String column, Object value) {
    return UnboundPredicate.literal(Operation.LT_EQ, column, value);
  }

  static Expression greaterThan(String column, Object value) {
    return UnboundPredicate.literal(Operation.GT, column, value);
  }

  static Expression greaterThanOrEqual(String column, Object value) {
    return UnboundPredicate.literal(Operation.GT_EQ, column, value);
  }

  static Expression equal(String column, Object value) {
    return UnboundPredicate.literal(Operation.EQ, column, value);
  }

  static Expression notEqual(String column, Object value) {
    return UnboundPredicate.literal(Operation.NOT_EQ, column, value);
  }

  static Expression startsWith(String column, String prefix) {
    return UnboundPredicate.literal(Operation.STARTS_WITH, column, prefix);
  }

  static Expression notStartsWith(String column, String prefix) {
    return UnboundPredicate.literal(Operation.NOT_STARTS_WITH, column, prefix);
  }

  static Expression in(String column, Object... values) {
    return UnboundPredicate.set(Operation.IN, new NamedReference(column), List.of(values));
  }

  static Expression notIn(String column, Object... values) {
    return UnboundPredicate.set(Operation.NOT_IN, new NamedReference(column), List.of(values));
  }

  /** The two constant expressions. */
  enum Constant implements Expression {
    TRUE,
    FALSE;

    @Override
    public Constant negate() {
      return this == TRUE ? FALSE : TRUE;
    }

    @Override
    public String toString() {
      return this == TRUE ? "true" : "false";
    }
  }
}
