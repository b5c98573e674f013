package dev.floe.table;

import java.util.Objects;

/** A map; key and value are fields with their own ids. Keys are always required. */
public record MapType(NestedField key, NestedField value) implements Type {
  public MapType {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
  }

  @Override
  public TypeId typeId() {
    return TypeId.MAP;
  }
}
