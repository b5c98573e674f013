package dev.floe.scan.task;

import dev.floe.expr.ValueWidening;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.FileContent;
import dev.floe.scan.FileScanTask;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TableMetadata;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The values a reader produces without reading them, per data file: for each identity partition
 * field of the file's spec whose source column is projected, the partition value (widened to the
 * column's current type: an int partition of a column since promoted to long is read as a long),
 * and the projected metadata columns {@code _file}, {@code _spec_id}, {@code _partition}.
 */
public final class TaskConstants {
  private final TableMetadata metadata;
  private final Schema projection;
  private final StructType partitionType;

  public TaskConstants(TableMetadata metadata, Schema projection) {
    this.metadata = metadata;
    this.projection = projection;
    NestedField partition = projection.findField(MetadataColumns.PARTITION_ID);
    this.partitionType = partition == null ? null : (StructType) partition.type();
  }

  public Map<Integer, Object> of(DataFile file) {
    return of(file, null);
  }

  /**
   * The constants of a task. A task with equality deletes may decode top-level columns of {@code
   * readSchema} that the scan does not project (the delete stage compares them), so their identity
   * partition values are included too, for files written without those columns.
   */
  public Map<Integer, Object> of(FileScanTask task, Schema readSchema) {
    boolean equalityDeletes =
        task.deletes().stream()
            .anyMatch(delete -> delete.content() == FileContent.EQUALITY_DELETES);
    return of(task.file(), equalityDeletes ? readSchema : null);
  }

  private Map<Integer, Object> of(DataFile file, Schema helperColumns) {
    Map<Integer, Object> constants = new HashMap<>();
    PartitionSpec spec = metadata.spec(file.specId());
    List<PartitionField> fields = spec == null ? List.of() : spec.fields();
    for (int position = 0; position < fields.size(); position++) {
      PartitionField field = fields.get(position);
      NestedField source = projection.findField(field.sourceId());
      if (source == null && helperColumns != null) {
        source = helperColumns.column(field.sourceId());
      }
      if (field.transform().equals("identity")
          && source != null
          && source.type() instanceof PrimitiveType type) {
        constants.put(source.fieldId(), ValueWidening.widen(file.partition().get(position), type));
      }
    }
    if (projection.findField(MetadataColumns.FILE_PATH_ID) != null) {
      constants.put(MetadataColumns.FILE_PATH_ID, file.location());
    }
    if (projection.findField(MetadataColumns.SPEC_ID_ID) != null) {
      constants.put(MetadataColumns.SPEC_ID_ID, file.specId());
    }
    if (partitionType != null) {
      constants.put(MetadataColumns.PARTITION_ID, partitionStruct(fields, file));
    }
    return constants;
  }

  /**
   * The {@code _partition} struct, as the reader takes a struct constant: its values in the order
   * of the table's partition type, the file's values where its spec has the field, null elsewhere.
   */
  private List<Object> partitionStruct(List<PartitionField> fields, DataFile file) {
    Map<Integer, Object> byFieldId = new HashMap<>();
    for (int position = 0; position < fields.size(); position++) {
      byFieldId.put(fields.get(position).fieldId(), file.partition().get(position));
    }
    List<Object> struct = new ArrayList<>(partitionType.fields().size());
    for (NestedField tableField : partitionType.fields()) {
      Object value = byFieldId.get(tableField.fieldId());
      struct.add(
          tableField.type() instanceof PrimitiveType type
              ? ValueWidening.widen(value, type)
              : value);
    }
    return struct;
  }

  /**
   * The type of {@code _partition}: every partition field of every spec, by field id, typed from
   * the current schema, optional since a file's spec may lack some.
   */
  public static StructType partitionType(TableMetadata metadata) {
    Map<Integer, NestedField> byId = new TreeMap<>();
    for (PartitionSpec spec : metadata.specs()) {
      for (NestedField field : spec.partitionType(metadata.schema()).fields()) {
        byId.putIfAbsent(field.fieldId(), field);
      }
    }
    return new StructType(
        byId.values().stream()
            .sorted(Comparator.comparingInt(NestedField::fieldId))
            .collect(Collectors.toList()));
  }
}
