package dev.floe.expr;

import java.util.Objects;

/** Both sides hold. Build with {@link Expression#and}, which folds constants. */
public record And(Expression left, Expression right) implements Expression {
  public And {
    Objects.requireNonNull(left, "left");
    Objects.requireNonNull(right, "right");
  }

  @Override
  public Expression negate() {
    return Expression.or(left.negate(), right.negate());
  }

  @Override
  public String toString() {
    return "(" + left + " and " + right + ")";
  }
}
