package dev.floe.expr;

import dev.floe.table.PrimitiveType;
import java.util.Objects;

/**
 * A primitive field resolved by id. {@code name} is the full dotted name in the schema it was bound
 * to, kept for messages and for writing the expression back as JSON. {@code optional} says whether
 * the value can be null: the field is optional, or a struct that holds it is.
 */
public record BoundReference(int fieldId, String name, PrimitiveType type, boolean optional)
    implements BoundTerm {
  public BoundReference {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
  }

  @Override
  public BoundReference reference() {
    return this;
  }

  @Override
  public Object apply(Object fieldValue) {
    return fieldValue;
  }

  @Override
  public String toString() {
    return name;
  }
}
