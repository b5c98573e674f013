package dev.floe.expr;

import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.util.Objects;

/**
 * A transform this version of Floe does not know (a newer spec's, or an engine's own). Its values
 * cannot be computed, so it never prunes and never settles a residual.
 */
final class UnknownTransform implements Transform {
  private final String text;

  UnknownTransform(String text) {
    this.text = Objects.requireNonNull(text, "text");
  }

  @Override
  public boolean canTransform(PrimitiveType sourceType) {
    return true;
  }

  @Override
  public PrimitiveType resultType(PrimitiveType sourceType) {
    return PrimitiveType.of(TypeId.UNKNOWN);
  }

  @Override
  public Object apply(PrimitiveType sourceType, Object value) {
    throw new UnsupportedOperationException("Cannot apply unknown transform " + text);
  }

  @Override
  public Expression projectInclusive(BoundReference partitionField, BoundPredicate predicate) {
    return Expression.alwaysTrue();
  }

  @Override
  public Expression projectStrict(BoundReference partitionField, BoundPredicate predicate) {
    return Expression.alwaysFalse();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof UnknownTransform that && text.equals(that.text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  @Override
  public String toString() {
    return text;
  }
}
