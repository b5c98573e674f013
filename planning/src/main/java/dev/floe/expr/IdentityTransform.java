package dev.floe.expr;

import dev.floe.table.PrimitiveType;

/** The source value itself. */
final class IdentityTransform implements Transform {
  static final IdentityTransform INSTANCE = new IdentityTransform();

  private IdentityTransform() {}

  @Override
  public boolean canTransform(PrimitiveType sourceType) {
    return sourceType.typeId().hasOrderedValues();
  }

  @Override
  public PrimitiveType resultType(PrimitiveType sourceType) {
    return sourceType;
  }

  @Override
  public Object apply(PrimitiveType sourceType, Object value) {
    return value;
  }

  @Override
  public Expression projectInclusive(BoundReference partitionField, BoundPredicate predicate) {
    if (!predicate.isOnReference()) {
      return Expression.alwaysTrue();
    }
    return new BoundPredicate(predicate.operation(), partitionField, predicate.values());
  }

  @Override
  public Expression projectStrict(BoundReference partitionField, BoundPredicate predicate) {
    if (!predicate.isOnReference()) {
      return Expression.alwaysFalse();
    }
    return new BoundPredicate(predicate.operation(), partitionField, predicate.values());
  }

  @Override
  public String toString() {
    return "identity";
  }
}
