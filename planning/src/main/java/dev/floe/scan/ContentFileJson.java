package dev.floe.scan;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.floe.CorruptTableException;
import dev.floe.expr.ValueWidening;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.PartitionValues;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.SingleValueBinary;
import dev.floe.table.SingleValueJson;
import dev.floe.table.TableMetadata;
import dev.floe.table.Type;
import dev.floe.table.TypeId;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Writes one content file in the REST spec's JSON form, typing partition values and bounds with the
 * table's metadata. Partition types are computed once per spec.
 */
final class ContentFileJson {
  private static final PrimitiveType BINARY = PrimitiveType.of(TypeId.BINARY);

  /**
   * Metadata columns the spec reserves that files keep metrics for: a position delete file's {@code
   * file_path} and {@code pos}, and v3 row lineage. No table schema holds them.
   */
  private static final Map<Integer, PrimitiveType> RESERVED_COLUMNS =
      Map.of(
          2147483546, PrimitiveType.of(TypeId.STRING), // file_path
          2147483545, PrimitiveType.of(TypeId.LONG), // pos
          2147483540, PrimitiveType.of(TypeId.LONG), // _row_id
          2147483539, PrimitiveType.of(TypeId.LONG)); // _last_updated_sequence_number

  private final TableMetadata metadata;
  private final List<Schema> schemasNewestFirst;
  private final Map<Integer, List<Type>> partitionTypesBySpecId = new HashMap<>();

  ContentFileJson(TableMetadata metadata) {
    this.metadata = metadata;
    this.schemasNewestFirst = newestFirst(metadata);
  }

  /**
   * The current schema, then the others from the highest id down: a column dropped since a file was
   * written is still found, with its latest type.
   */
  private static List<Schema> newestFirst(TableMetadata metadata) {
    List<Schema> schemas = new ArrayList<>();
    Schema current = metadata.schema();
    if (current != null) {
      schemas.add(current);
    }
    metadata.schemas().stream()
        .filter(schema -> current == null || schema.schemaId() != current.schemaId())
        .sorted(Comparator.comparingInt(Schema::schemaId).reversed())
        .forEach(schemas::add);
    return List.copyOf(schemas);
  }

  void write(ContentFile file, JsonGenerator generator) throws IOException {
    generator.writeStartObject();
    generator.writeStringField("content", contentName(file.content()));
    generator.writeStringField("file-path", file.location());
    generator.writeStringField("file-format", formatName(file.format()));
    generator.writeNumberField("spec-id", file.specId());
    generator.writeFieldName("partition");
    writePartition(file, generator);
    generator.writeNumberField("file-size-in-bytes", file.fileSizeInBytes());
    generator.writeNumberField("record-count", file.recordCount());
    writeMetrics(file, generator);
    if (file.keyMetadata() != null) {
      generator.writeFieldName("key-metadata");
      JsonTreeWriter.write(
          SingleValueJson.toJson(BINARY, file.keyMetadata().duplicate()), generator);
    }
    writeLongs("split-offsets", file.splitOffsets(), generator);
    if (file instanceof DataFile data) {
      writeDataFields(data, generator);
    } else if (file instanceof DeleteFile delete) {
      writeDeleteFields(delete, generator);
    }
    generator.writeNumberField("data-sequence-number", file.dataSequenceNumber());
    if (file.fileSequenceNumber() != null) {
      generator.writeNumberField("file-sequence-number", file.fileSequenceNumber());
    }
    generator.writeEndObject();
  }

  private static void writeDataFields(DataFile data, JsonGenerator generator) throws IOException {
    if (data.sortOrderId() != null) {
      generator.writeNumberField("sort-order-id", data.sortOrderId());
    }
    if (data.firstRowId() != null) {
      generator.writeNumberField("first-row-id", data.firstRowId());
    }
  }

  private static void writeDeleteFields(DeleteFile delete, JsonGenerator generator)
      throws IOException {
    if (!delete.equalityIds().isEmpty()) {
      generator.writeArrayFieldStart("equality-ids");
      for (int fieldId : delete.equalityIds()) {
        generator.writeNumber(fieldId);
      }
      generator.writeEndArray();
    }
    if (delete.sortOrderId() != null) {
      generator.writeNumberField("sort-order-id", delete.sortOrderId());
    }
    if (delete.referencedDataFile() != null) {
      generator.writeStringField("referenced-data-file", delete.referencedDataFile());
    }
    if (delete.contentOffset() != null) {
      generator.writeNumberField("content-offset", delete.contentOffset());
    }
    if (delete.contentSizeInBytes() != null) {
      generator.writeNumberField("content-size-in-bytes", delete.contentSizeInBytes());
    }
  }

  private static String contentName(FileContent content) {
    return switch (content) {
      case DATA -> "data";
      case POSITION_DELETES -> "position-deletes";
      case EQUALITY_DELETES -> "equality-deletes";
    };
  }

  private static String formatName(FileFormat format) {
    return switch (format) {
      case PARQUET -> "parquet";
      case AVRO -> "avro";
      case ORC -> "orc";
      case PUFFIN -> "puffin";
    };
  }

  private void writePartition(ContentFile file, JsonGenerator generator) throws IOException {
    List<Type> types = partitionTypes(file);
    PartitionValues partition = file.partition();
    if (partition.size() != types.size()) {
      throw new CorruptTableException(
          "Partition of "
              + file.location()
              + " has "
              + partition.size()
              + " values but partition spec "
              + file.specId()
              + " has "
              + types.size()
              + " fields (table metadata "
              + metadata.metadataFileLocation()
              + ")");
    }
    generator.writeStartArray();
    for (int position = 0; position < types.size(); position++) {
      JsonTreeWriter.write(
          partitionValueJson(types.get(position), partition.get(position)), generator);
    }
    generator.writeEndArray();
  }

  private List<Type> partitionTypes(ContentFile file) {
    PartitionSpec spec = metadata.spec(file.specId());
    if (spec == null) {
      throw new CorruptTableException(
          "Content file "
              + file.location()
              + " was written with partition spec "
              + file.specId()
              + ", which table metadata "
              + metadata.metadataFileLocation()
              + " does not define");
    }
    return partitionTypesBySpecId.computeIfAbsent(spec.specId(), id -> partitionTypes(spec));
  }

  private List<Type> partitionTypes(PartitionSpec spec) {
    // Type each field with the newest schema that still has its source column.
    List<Type> types = new ArrayList<>();
    for (PartitionField field : spec.fields()) {
      Schema schema =
          schemasNewestFirst.stream()
              .filter(candidate -> candidate.findField(field.sourceId()) != null)
              .findFirst()
              .orElse(metadata.schema());
      PartitionSpec single = new PartitionSpec(spec.specId(), List.of(field));
      types.add(single.partitionType(schema).fields().get(0).type());
    }
    return List.copyOf(types);
  }

  private static JsonNode partitionValueJson(Type type, Object value) {
    if (value != null && type.typeId() == TypeId.UNKNOWN) {
      // A transform Floe does not know: the value's own Java type is the best evidence left.
      return SingleValueJson.toJson(typeOfValue(value), value);
    }
    // a value written before its column was promoted (int to long, float to double), widened
    return SingleValueJson.toJson(
        type,
        type instanceof PrimitiveType primitive ? ValueWidening.widen(value, primitive) : value);
  }

  private static Type typeOfValue(Object value) {
    if (value instanceof Boolean) {
      return PrimitiveType.of(TypeId.BOOLEAN);
    } else if (value instanceof Integer) {
      return PrimitiveType.of(TypeId.INT);
    } else if (value instanceof Long) {
      return PrimitiveType.of(TypeId.LONG);
    } else if (value instanceof Float) {
      return PrimitiveType.of(TypeId.FLOAT);
    } else if (value instanceof Double) {
      return PrimitiveType.of(TypeId.DOUBLE);
    } else if (value instanceof BigDecimal decimal) {
      return PrimitiveType.decimal(decimal.precision(), decimal.scale());
    } else if (value instanceof UUID) {
      return PrimitiveType.of(TypeId.UUID);
    } else if (value instanceof ByteBuffer) {
      return BINARY;
    }
    return PrimitiveType.of(TypeId.STRING);
  }

  private void writeMetrics(ContentFile file, JsonGenerator generator) throws IOException {
    ColumnMetrics metrics = file.metrics();
    writeCounts("column-sizes", metrics.columnSizes(), generator);
    writeCounts("value-counts", metrics.valueCounts(), generator);
    writeCounts("null-value-counts", metrics.nullValueCounts(), generator);
    writeCounts("nan-value-counts", metrics.nanValueCounts(), generator);
    writeBounds("lower-bounds", file, metrics.lowerBounds(), generator);
    writeBounds("upper-bounds", file, metrics.upperBounds(), generator);
  }

  private static void writeCounts(String name, Map<Integer, Long> counts, JsonGenerator generator)
      throws IOException {
    if (counts.isEmpty()) {
      return;
    }
    Map<Integer, Long> sorted = new TreeMap<>(counts);
    generator.writeObjectFieldStart(name);
    generator.writeArrayFieldStart("keys");
    for (int fieldId : sorted.keySet()) {
      generator.writeNumber(fieldId);
    }
    generator.writeEndArray();
    generator.writeArrayFieldStart("values");
    for (long count : sorted.values()) {
      generator.writeNumber(count);
    }
    generator.writeEndArray();
    generator.writeEndObject();
  }

  private void writeBounds(
      String name, ContentFile file, Map<Integer, ByteBuffer> bounds, JsonGenerator generator)
      throws IOException {
    Map<Integer, PrimitiveType> types = new TreeMap<>();
    for (int fieldId : bounds.keySet()) {
      PrimitiveType type = boundType(fieldId);
      if (type != null) {
        types.put(fieldId, type);
      }
    }
    if (types.isEmpty()) {
      return;
    }
    generator.writeObjectFieldStart(name);
    generator.writeArrayFieldStart("keys");
    for (int fieldId : types.keySet()) {
      generator.writeNumber(fieldId);
    }
    generator.writeEndArray();
    generator.writeArrayFieldStart("values");
    for (Map.Entry<Integer, PrimitiveType> entry : types.entrySet()) {
      Object value = decodeBound(name, file, entry.getKey(), entry.getValue(), bounds);
      JsonTreeWriter.write(SingleValueJson.toJson(entry.getValue(), value), generator);
    }
    generator.writeEndArray();
    generator.writeEndObject();
  }

  private static Object decodeBound(
      String name,
      ContentFile file,
      int fieldId,
      PrimitiveType type,
      Map<Integer, ByteBuffer> bounds) {
    try {
      return SingleValueBinary.fromBytes(type, bounds.get(fieldId).duplicate());
    } catch (RuntimeException e) {
      throw new CorruptTableException(
          "Cannot decode "
              + name
              + " of field "
              + fieldId
              + " ("
              + type
              + ") in the metrics of "
              + file.location()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /**
   * The type to decode a bound of this field with, or null to leave the bound out: the field is
   * neither in a schema of the table nor a reserved metadata column, or its type has no JSON single
   * value.
   */
  private PrimitiveType boundType(int fieldId) {
    for (Schema schema : schemasNewestFirst) {
      NestedField field = schema.findField(fieldId);
      if (field != null) {
        return field.type() instanceof PrimitiveType primitive
                && primitive.typeId().hasOrderedValues()
            ? primitive
            : null;
      }
    }
    return RESERVED_COLUMNS.get(fieldId);
  }

  private static void writeLongs(String name, List<Long> values, JsonGenerator generator)
      throws IOException {
    if (values.isEmpty()) {
      return;
    }
    generator.writeArrayFieldStart(name);
    for (long value : values) {
      generator.writeNumber(value);
    }
    generator.writeEndArray();
  }
}
