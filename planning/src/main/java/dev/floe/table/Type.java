package dev.floe.table;

/** An Iceberg type: a primitive, or a struct, list or map of nested fields. */
public sealed interface Type permits PrimitiveType, StructType, ListType, MapType {
  TypeId typeId();

  default boolean isPrimitive() {
    return this instanceof PrimitiveType;
  }

  default boolean isNested() {
    return !isPrimitive();
  }
}
