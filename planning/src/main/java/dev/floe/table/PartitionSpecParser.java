package dev.floe.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Reads partition specs and sort orders from their JSON form (the spec's Appendix C). */
final class PartitionSpecParser {
  /** Where v1 writers started partition field ids when they did not write them. */
  static final int FIRST_PARTITION_FIELD_ID = 1000;

  private PartitionSpecParser() {}

  /** A full spec object: {@code spec-id} and {@code fields}. */
  static PartitionSpec parseSpec(JsonObjectReader spec, int formatVersion) {
    return new PartitionSpec(
        spec.requiredInt("spec-id"), parseFields(spec, "fields", formatVersion));
  }

  /**
   * The fields of a spec, from the array in {@code field} of {@code owner}: the fields of a spec
   * object, or the v1 {@code partition-spec} list. v1 writers could omit {@code field-id}; those
   * fields get 1000, 1001, ... by position, as the reference implementation assigned them.
   */
  static List<PartitionField> parseFields(JsonObjectReader owner, String field, int formatVersion) {
    List<PartitionField> fields = new ArrayList<>();
    List<JsonObjectReader> objects = owner.requiredObjects(field);
    for (int position = 0; position < objects.size(); position++) {
      JsonObjectReader partitionField = objects.get(position);
      int fieldId =
          formatVersion == 1 && !partitionField.has("field-id")
              ? FIRST_PARTITION_FIELD_ID + position
              : partitionField.requiredInt("field-id");
      fields.add(
          new PartitionField(
              sourceIds(partitionField),
              fieldId,
              partitionField.requiredString("name"),
              partitionField.requiredString("transform")));
    }
    return fields;
  }

  static SortOrder parseSortOrder(JsonObjectReader order) {
    int orderId = order.requiredInt("order-id");
    List<SortField> fields = new ArrayList<>();
    for (JsonObjectReader field : order.requiredObjects("fields")) {
      fields.add(
          new SortField(
              sourceIds(field),
              field.requiredString("transform"),
              direction(field),
              nullOrder(field)));
    }
    return new SortOrder(orderId, fields);
  }

  /** v3 multi-argument transforms write {@code source-ids}; all others {@code source-id}. */
  private static List<Integer> sourceIds(JsonObjectReader field) {
    if (field.has("source-ids")) {
      List<Integer> sourceIds = field.requiredInts("source-ids");
      if (sourceIds.isEmpty()) {
        throw field.invalid("source-ids", "a transform needs at least one source column", null);
      }
      return sourceIds;
    }
    return List.of(field.requiredInt("source-id"));
  }

  private static SortField.SortDirection direction(JsonObjectReader field) {
    String direction = field.requiredString("direction");
    return switch (direction.toLowerCase(Locale.ROOT)) {
      case "asc" -> SortField.SortDirection.ASC;
      case "desc" -> SortField.SortDirection.DESC;
      default ->
          throw field.invalid(
              "direction", "expected 'asc' or 'desc', not '" + direction + "'", null);
    };
  }

  private static SortField.NullOrder nullOrder(JsonObjectReader field) {
    String nullOrder = field.requiredString("null-order");
    return switch (nullOrder.toLowerCase(Locale.ROOT)) {
      case "nulls-first" -> SortField.NullOrder.NULLS_FIRST;
      case "nulls-last" -> SortField.NullOrder.NULLS_LAST;
      default ->
          throw field.invalid(
              "null-order",
              "expected 'nulls-first' or 'nulls-last', not '" + nullOrder + "'",
              null);
    };
  }
}
