package dev.floe.table;

import java.util.List;

/** A partition spec: how a table's rows were divided into partitions when a file was written. */
public record PartitionSpec(int specId, List<PartitionField> fields) {
  public PartitionSpec {
    fields = List.copyOf(fields);
  }

  public static PartitionSpec unpartitioned(int specId) {
    return new PartitionSpec(specId, List.of());
  }

  public boolean isUnpartitioned() {
    return fields.stream().allMatch(field -> field.transform().equals("void"));
  }

  /**
   * The type of each partition value, in field order, computed from the source column types of
   * {@code schema}: identity, truncate and void keep the source type; bucket, year, month and hour
   * give int; day gives date. A transform Floe does not know, or a source column missing from the
   * schema, gives {@code unknown}.
   */
  public StructType partitionType(Schema schema) {
    return new StructType(
        fields.stream()
            .map(
                field ->
                    NestedField.optional(field.fieldId(), field.name(), resultType(field, schema)))
            .toList());
  }

  private static Type resultType(PartitionField field, Schema schema) {
    NestedField source = schema.findField(field.sourceId());
    // spec names are case-insensitive, as Transform.parse reads them
    String transform = field.transform().strip().toLowerCase(java.util.Locale.ROOT);
    if (transform.startsWith("bucket[")
        || transform.equals("year")
        || transform.equals("month")
        || transform.equals("hour")) {
      return PrimitiveType.of(TypeId.INT);
    }
    if (transform.equals("day")) {
      return PrimitiveType.of(TypeId.DATE);
    }
    if (source != null
        && (transform.equals("identity")
            || transform.equals("void")
            || transform.startsWith("truncate["))) {
      return source.type();
    }
    return PrimitiveType.of(TypeId.UNKNOWN);
  }
}
