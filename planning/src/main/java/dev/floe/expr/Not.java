package dev.floe.expr;

import java.util.Objects;

/**
 * The child does not hold. Evaluators never see it: {@link Binder#bind} pushes every {@code not}
 * into the predicates below it ({@code not (a < 5)} becomes {@code a >= 5}, De Morgan for {@code
 * and} and {@code or}). That is exact under SQL's three-valued logic, which Spark applies to pushed
 * filters: on a null value a comparison is unknown, and so are its negation and the negated
 * operation, so a row is dropped by both.
 */
public record Not(Expression child) implements Expression {
  public Not {
    Objects.requireNonNull(child, "child");
  }

  @Override
  public Expression negate() {
    return child;
  }

  @Override
  public String toString() {
    return "not(" + child + ")";
  }
}
