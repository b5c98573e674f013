package dev.floe.table;

import java.util.Objects;

/** A list; its element is a field with its own id and nullability. */
public record ListType(NestedField element) implements Type {
  public ListType {
    Objects.requireNonNull(element, "element");
  }

  @Override
  public TypeId typeId() {
    return TypeId.LIST;
  }
}
