package dev.floe.metadata;

import static dev.floe.table.NestedField.optional;
import static dev.floe.table.NestedField.required;

import dev.floe.table.ListType;
import dev.floe.table.MapType;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TableMetadata;
import dev.floe.table.Type;
import dev.floe.table.TypeId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The schemas of the metadata tables, with Apache Iceberg's field ids, names and types, so that a
 * query written against Iceberg's metadata tables reads the same columns from Floe's.
 */
public final class MetadataSchemas {
  /** The field id of the partition tuple in the files and entries tables. */
  static final int PARTITION_ID = 102;

  private static final Type INT = PrimitiveType.of(TypeId.INT);
  private static final Type LONG = PrimitiveType.of(TypeId.LONG);
  private static final Type STRING = PrimitiveType.of(TypeId.STRING);
  private static final Type BOOLEAN = PrimitiveType.of(TypeId.BOOLEAN);
  private static final Type BINARY = PrimitiveType.of(TypeId.BINARY);
  private static final Type TIMESTAMPTZ = PrimitiveType.of(TypeId.TIMESTAMPTZ);

  private MetadataSchemas() {}

  /**
   * The schema of metadata table {@code type} of the table described by {@code metadata}. The files
   * and entries tables end with {@code readable_metrics}, built from the current schema.
   */
  public static Schema of(MetadataTableType type, TableMetadata metadata) {
    switch (type) {
      case SNAPSHOTS:
        return schema(
            required(1, "committed_at", TIMESTAMPTZ),
            required(2, "snapshot_id", LONG),
            optional(3, "parent_id", LONG),
            optional(4, "operation", STRING),
            optional(5, "manifest_list", STRING),
            optional(6, "summary", map(7, 8, STRING, STRING)));
      case HISTORY:
        return schema(
            required(1, "made_current_at", TIMESTAMPTZ),
            required(2, "snapshot_id", LONG),
            optional(3, "parent_id", LONG),
            required(4, "is_current_ancestor", BOOLEAN));
      case REFS:
        return schema(
            required(1, "name", STRING),
            required(2, "type", STRING),
            required(3, "snapshot_id", LONG),
            optional(4, "max_reference_age_in_ms", LONG),
            optional(5, "min_snapshots_to_keep", INT),
            optional(6, "max_snapshot_age_in_ms", LONG));
      case METADATA_LOG_ENTRIES:
        return schema(
            required(1, "timestamp", TIMESTAMPTZ),
            required(2, "file", STRING),
            optional(3, "latest_snapshot_id", LONG),
            optional(4, "latest_schema_id", INT),
            optional(5, "latest_sequence_number", LONG));
      case MANIFESTS:
        return schema(
            required(14, "content", INT),
            required(1, "path", STRING),
            required(2, "length", LONG),
            required(3, "partition_spec_id", INT),
            required(4, "added_snapshot_id", LONG),
            required(5, "added_data_files_count", INT),
            required(6, "existing_data_files_count", INT),
            required(7, "deleted_data_files_count", INT),
            required(15, "added_delete_files_count", INT),
            required(16, "existing_delete_files_count", INT),
            required(17, "deleted_delete_files_count", INT),
            required(
                8,
                "partition_summaries",
                new ListType(
                    required(
                        9,
                        "element",
                        new StructType(
                            List.of(
                                required(10, "contains_null", BOOLEAN),
                                optional(11, "contains_nan", BOOLEAN),
                                optional(12, "lower_bound", STRING),
                                optional(13, "upper_bound", STRING)))))));
      case FILES:
      case DATA_FILES:
      case DELETE_FILES:
        return withReadableMetrics(contentFileFields(partitionType(metadata)), metadata);
      case ENTRIES:
        return withReadableMetrics(
            List.of(
                required(0, "status", INT),
                optional(1, "snapshot_id", LONG),
                optional(3, "sequence_number", LONG),
                optional(4, "file_sequence_number", LONG),
                required(
                    2, "data_file", new StructType(contentFileFields(partitionType(metadata))))),
            metadata);
      case PARTITIONS:
        return partitionsSchema(partitionType(metadata));
    }
    throw new IllegalStateException("Unknown metadata table " + type);
  }

  /**
   * The partition tuple of the files, entries and partitions tables: every partition field of every
   * spec whose source column is in the current schema, ordered by field id, each named as the
   * newest spec names it; a field dropped in a v1 table (void) takes the type of its live
   * transform. Empty for an unpartitioned table.
   */
  public static StructType partitionType(TableMetadata metadata) {
    Schema schema = metadata.schema();
    Map<Integer, NestedField> byId = new TreeMap<>();
    Map<Integer, Boolean> isVoid = new HashMap<>();
    List<PartitionSpec> newestFirst = new ArrayList<>(metadata.specs());
    newestFirst.sort(Comparator.comparingInt(PartitionSpec::specId).reversed());
    for (PartitionSpec spec : newestFirst) {
      StructType specType = spec.partitionType(schema);
      for (int position = 0; position < spec.fields().size(); position++) {
        PartitionField field = spec.fields().get(position);
        if (schema.findField(field.sourceId()) == null) {
          continue;
        }
        NestedField typed = specType.fields().get(position);
        boolean voidTransform = isVoidTransform(field);
        NestedField existing = byId.get(field.fieldId());
        if (existing == null) {
          byId.put(field.fieldId(), optional(field.fieldId(), typed.name(), typed.type()));
          isVoid.put(field.fieldId(), voidTransform);
        } else if (isVoid.get(field.fieldId()) && !voidTransform) {
          byId.put(field.fieldId(), optional(field.fieldId(), existing.name(), typed.type()));
          isVoid.put(field.fieldId(), false);
        }
      }
    }
    return new StructType(List.copyOf(byId.values()));
  }

  static boolean isVoidTransform(PartitionField field) {
    return field.transform().strip().equalsIgnoreCase("void");
  }

  private static Schema partitionsSchema(StructType partitionType) {
    List<NestedField> fields = new ArrayList<>();
    if (!partitionType.fields().isEmpty()) {
      fields.add(required(1, "partition", partitionType));
      fields.add(required(4, "spec_id", INT));
    }
    fields.addAll(
        List.of(
            required(2, "record_count", LONG),
            required(3, "file_count", INT),
            required(11, "total_data_file_size_in_bytes", LONG),
            required(5, "position_delete_record_count", LONG),
            required(6, "position_delete_file_count", INT),
            required(7, "equality_delete_record_count", LONG),
            required(8, "equality_delete_file_count", INT),
            optional(9, "last_updated_at", TIMESTAMPTZ),
            optional(10, "last_updated_snapshot_id", LONG)));
    return new Schema(0, fields, Set.of());
  }

  /**
   * The columns of a content file (Iceberg's {@code data_file} struct); the partition tuple is left
   * out when the table has never been partitioned.
   */
  private static List<NestedField> contentFileFields(StructType partitionType) {
    List<NestedField> fields = new ArrayList<>();
    fields.add(optional(134, "content", INT));
    fields.add(required(100, "file_path", STRING));
    fields.add(required(101, "file_format", STRING));
    fields.add(optional(141, "spec_id", INT));
    if (!partitionType.fields().isEmpty()) {
      fields.add(required(PARTITION_ID, "partition", partitionType));
    }
    fields.add(required(103, "record_count", LONG));
    fields.add(required(104, "file_size_in_bytes", LONG));
    fields.add(optional(108, "column_sizes", map(117, 118, INT, LONG)));
    fields.add(optional(109, "value_counts", map(119, 120, INT, LONG)));
    fields.add(optional(110, "null_value_counts", map(121, 122, INT, LONG)));
    fields.add(optional(137, "nan_value_counts", map(138, 139, INT, LONG)));
    fields.add(optional(125, "lower_bounds", map(126, 127, INT, BINARY)));
    fields.add(optional(128, "upper_bounds", map(129, 130, INT, BINARY)));
    fields.add(optional(131, "key_metadata", BINARY));
    fields.add(optional(132, "split_offsets", new ListType(required(133, "element", LONG))));
    fields.add(optional(135, "equality_ids", new ListType(required(136, "element", INT))));
    fields.add(optional(140, "sort_order_id", INT));
    fields.add(optional(142, "first_row_id", LONG));
    fields.add(optional(143, "referenced_data_file", STRING));
    fields.add(optional(144, "content_offset", LONG));
    fields.add(optional(145, "content_size_in_bytes", LONG));
    return fields;
  }

  /** {@code fields}, then {@code readable_metrics} of the table's current schema. */
  private static Schema withReadableMetrics(List<NestedField> fields, TableMetadata metadata) {
    List<NestedField> all = new ArrayList<>(fields);
    all.add(ReadableMetrics.of(metadata.schema(), schema(fields).highestFieldId()).field());
    return schema(all);
  }

  private static MapType map(int keyId, int valueId, Type key, Type value) {
    return new MapType(required(keyId, "key", key), required(valueId, "value", value));
  }

  private static Schema schema(NestedField... fields) {
    return schema(List.of(fields));
  }

  private static Schema schema(List<NestedField> fields) {
    return new Schema(0, fields, Set.of());
  }
}
