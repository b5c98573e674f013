package dev.floe.table;

import java.util.List;

/** A struct: an ordered list of named fields. */
public record StructType(List<NestedField> fields) implements Type {
  public StructType {
    fields = List.copyOf(fields);
  }

  @Override
  public TypeId typeId() {
    return TypeId.STRUCT;
  }

  /** The field with this id among the direct children, or null. */
  public NestedField field(int fieldId) {
    for (NestedField field : fields) {
      if (field.fieldId() == fieldId) {
        return field;
      }
    }
    return null;
  }
}
