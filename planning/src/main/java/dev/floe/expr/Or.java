package dev.floe.expr;

import java.util.Objects;

/** Either side holds. Build with {@link Expression#or}, which folds constants. */
public record Or(Expression left, Expression right) implements Expression {
  public Or {
    Objects.requireNonNull(left, "left");
    Objects.requireNonNull(right, "right");
  }

  @Override
  public Expression negate() {
    return Expression.and(left.negate(), right.negate());
  }

  @Override
  public String toString() {
    return "(" + left + " or " + right + ")";
  }
}
