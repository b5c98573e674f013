package dev.floe.table;

import java.util.Objects;

/**
 * A named, numbered field of a struct, or the element, key or value of a list or map.
 *
 * <p>Defaults are held as Java values in Floe's value representation: Boolean, Integer (int, date),
 * Long (long, time, timestamps), Float, Double, java.math.BigDecimal, String, java.util.UUID,
 * java.nio.ByteBuffer (fixed, binary); null when the field has no default.
 */
public record NestedField(
    int fieldId,
    String name,
    boolean required,
    Type type,
    String doc,
    Object initialDefault,
    Object writeDefault) {

  public NestedField {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
  }

  public static NestedField required(int fieldId, String name, Type type) {
    return new NestedField(fieldId, name, true, type, null, null, null);
  }

  public static NestedField optional(int fieldId, String name, Type type) {
    return new NestedField(fieldId, name, false, type, null, null, null);
  }

  public boolean optional() {
    return !required;
  }
}
