package dev.floe.spark.read.parquet.variant;

import java.util.List;

/**
 * What a shredded variant's {@code typed_value} holds (Parquet's VariantShredding.md): a primitive
 * of one variant type, an object of named fields, or an array. Where a field or an element has no
 * {@code typed_value}, its shape is null and its values are all in {@code value}.
 */
public sealed interface VariantShape {
  /**
   * A primitive: its variant type id (VariantEncoding.md's primitive types, e.g. 5 for int32, 16
   * for string) and, for decimals, the precision and scale of the Parquet column.
   */
  record Primitive(int typeId, int precision, int scale) implements VariantShape {
    public static Primitive of(int typeId) {
      return new Primitive(typeId, 0, 0);
    }
  }

  /** An object's shredded field: its name and the shape of its {@code typed_value} (or null). */
  record Field(String name, VariantShape typed) {}

  /** A shredded object: its fields, in the order of the Parquet group's children. */
  record ObjectShape(List<Field> fields) implements VariantShape {
    public ObjectShape {
      fields = List.copyOf(fields);
    }
  }

  /** A shredded array: the shape of its elements' {@code typed_value} (or null). */
  record ArrayShape(VariantShape element) implements VariantShape {}
}
