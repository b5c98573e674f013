package dev.floe.spark.read.parquet.format;

import java.util.List;

/**
 * A field of a Parquet file's schema: a group of fields or a primitive column. {@code fieldId} is
 * the writer's field id (Iceberg's), null when it wrote none; {@code logicalType} is null for plain
 * physical values and plain groups.
 */
public sealed interface ParquetField {
  String name();

  Repetition repetition();

  Integer fieldId();

  LogicalType logicalType();

  default boolean isRepeated() {
    return repetition() == Repetition.REPEATED;
  }

  /** Whether this field or any field under it carries a field id. */
  default boolean hasFieldIds() {
    if (fieldId() != null) {
      return true;
    }
    return this instanceof Group group
        && group.fields().stream().anyMatch(ParquetField::hasFieldIds);
  }

  default boolean isOptional() {
    return repetition() == Repetition.OPTIONAL;
  }

  record Group(
      String name,
      Repetition repetition,
      Integer fieldId,
      LogicalType logicalType,
      List<ParquetField> fields)
      implements ParquetField {
    public Group {
      fields = List.copyOf(fields);
    }

    public Group withFields(List<ParquetField> kept) {
      return new Group(name, repetition, fieldId, logicalType, kept);
    }
  }

  /** A column; {@code typeLength} is the width of a fixed-length byte array, else 0. */
  record Primitive(
      String name,
      Repetition repetition,
      Integer fieldId,
      LogicalType logicalType,
      PhysicalType physicalType,
      int typeLength)
      implements ParquetField {

    /** How the column reads in messages: physical type, width, logical type. */
    public String describe() {
      String width =
          physicalType == PhysicalType.FIXED_LEN_BYTE_ARRAY ? "(" + typeLength + ")" : "";
      return repetition.name().toLowerCase(java.util.Locale.ROOT)
          + " "
          + physicalType.name().toLowerCase(java.util.Locale.ROOT)
          + width
          + " "
          + name
          + (logicalType == null ? "" : " (" + logicalType + ")");
    }
  }
}
