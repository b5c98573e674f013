package dev.floe.expr;

import dev.floe.table.PrimitiveType;

/** Always null: a partition field dropped from a v1 spec. */
final class VoidTransform implements Transform {
  static final VoidTransform INSTANCE = new VoidTransform();

  private VoidTransform() {}

  @Override
  public boolean canTransform(PrimitiveType sourceType) {
    return true;
  }

  @Override
  public PrimitiveType resultType(PrimitiveType sourceType) {
    return sourceType;
  }

  @Override
  public Object apply(PrimitiveType sourceType, Object value) {
    return null;
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
  public String toString() {
    return "void";
  }
}
