package dev.floe.expr;

import dev.floe.table.PrimitiveType;
import java.util.Objects;

/** A transform of a bound field; its values are of {@code transform.resultType(field type)}. */
public record BoundTransform(BoundReference reference, Transform transform) implements BoundTerm {
  public BoundTransform {
    Objects.requireNonNull(reference, "reference");
    Objects.requireNonNull(transform, "transform");
    if (!transform.canTransform(reference.type())) {
      throw new IllegalArgumentException(
          "Cannot apply " + transform + " to " + reference.name() + " of type " + reference.type());
    }
  }

  @Override
  public PrimitiveType type() {
    return transform.resultType(reference.type());
  }

  @Override
  public Object apply(Object fieldValue) {
    return transform.apply(reference.type(), fieldValue);
  }

  @Override
  public String toString() {
    return transform + "(" + reference + ")";
  }
}
