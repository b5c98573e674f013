package dev.floe.manifest;

import dev.floe.table.Snapshot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.apache.avro.JsonProperties;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;

/**
 * Writes manifest lists and manifests as Avro files the way Iceberg does: the spec's field tables
 * for v1, v2 and v3, field ids in {@code field-id} properties, optional fields as unions with null,
 * maps as arrays of {@code k<id>_v<id>} records, structs named {@code r<id>}, deflate blocks.
 *
 * <p>Record values are given by field id ({@link #values}) and converted to the Avro shape of the
 * schema they are written with, so one set of values can be written with v1, v2 or v3 schemas (ids
 * a schema lacks are left out) or with renamed and reordered fields.
 */
final class ManifestFixtures {
  /**
   * Snapshot 42 (parent 41, sequence number 7), an append whose manifests are listed at {@code
   * manifestList}: the snapshot the bad-input and fuzz suites read lists as.
   */
  static Snapshot snapshot42(String manifestList) {
    return new Snapshot(
        42L,
        41L,
        7L,
        1_700_000_000_000L,
        manifestList,
        List.of(),
        Map.of("operation", "append"),
        0,
        null,
        null,
        null);
  }

  private static final String FIELD_ID = "field-id";

  private ManifestFixtures() {}

  // ---- Avro types as Iceberg writes them

  static Schema intType() {
    return Schema.create(Schema.Type.INT);
  }

  static Schema longType() {
    return Schema.create(Schema.Type.LONG);
  }

  static Schema stringType() {
    return Schema.create(Schema.Type.STRING);
  }

  static Schema bytesType() {
    return Schema.create(Schema.Type.BYTES);
  }

  static Schema booleanType() {
    return Schema.create(Schema.Type.BOOLEAN);
  }

  static Schema doubleType() {
    return Schema.create(Schema.Type.DOUBLE);
  }

  static Schema dateType() {
    return LogicalTypes.date().addToSchema(intType());
  }

  static Schema timestampType(boolean adjustToUtc) {
    Schema schema = LogicalTypes.timestampMicros().addToSchema(longType());
    schema.addProp("adjust-to-utc", adjustToUtc);
    return schema;
  }

  static Schema decimalType(int precision, int scale, int bytes) {
    return LogicalTypes.decimal(precision, scale)
        .addToSchema(Schema.createFixed("decimal_" + precision + "_" + scale, null, null, bytes));
  }

  /**
   * Iceberg's uuid: a 16-byte fixed with logical type uuid (which Avro 1.11 only keeps as text).
   */
  static Schema uuidType() {
    Schema schema = Schema.createFixed("uuid_fixed", null, null, 16);
    schema.addProp("logicalType", "uuid");
    return schema;
  }

  static Schema fixedType(int length) {
    return Schema.createFixed("fixed_" + length, null, null, length);
  }

  static Schema.Field required(int id, String name, Schema type) {
    Schema.Field field = new Schema.Field(name, type, null, (Object) null);
    field.addProp(FIELD_ID, id);
    return field;
  }

  static Schema.Field optional(int id, String name, Schema type) {
    Schema.Field field =
        new Schema.Field(
            name,
            Schema.createUnion(Schema.create(Schema.Type.NULL), type),
            null,
            JsonProperties.NULL_VALUE);
    field.addProp(FIELD_ID, id);
    return field;
  }

  static Schema record(String name, List<Schema.Field> fields) {
    return Schema.createRecord(name, null, null, false, fields);
  }

  static Schema list(int elementId, Schema element) {
    Schema list = Schema.createArray(element);
    list.addProp("element-id", elementId);
    return list;
  }

  /** A map with int keys: an array of key/value records with logical type {@code map}. */
  static Schema map(int keyId, int valueId, Schema value) {
    Schema entry =
        record(
            "k" + keyId + "_v" + valueId,
            List.of(required(keyId, "key", intType()), required(valueId, "value", value)));
    Schema array = Schema.createArray(entry);
    array.addProp("logicalType", "map");
    return array;
  }

  /** A copy of a record schema with its fields rewritten (renamed, reordered, added, dropped). */
  static Schema rewrite(Schema record, UnaryOperator<List<Schema.Field>> rewrite) {
    List<Schema.Field> copies = new ArrayList<>();
    for (Schema.Field field : record.getFields()) {
      copies.add(new Schema.Field(field, field.schema()));
    }
    return record(record.getName(), rewrite.apply(copies));
  }

  static Schema.Field renamed(Schema.Field field, String name) {
    Schema.Field copy = new Schema.Field(name, field.schema(), field.doc(), field.defaultVal());
    field.getObjectProps().forEach(copy::addProp);
    return copy;
  }

  // ---- manifest list schemas (the spec's manifest_file table)

  static Schema fieldSummarySchema() {
    return record(
        "r508",
        List.of(
            required(509, "contains_null", booleanType()),
            optional(518, "contains_nan", booleanType()),
            optional(510, "lower_bound", bytesType()),
            optional(511, "upper_bound", bytesType())));
  }

  static Schema manifestListSchema(int formatVersion) {
    List<Schema.Field> fields = new ArrayList<>();
    fields.add(required(500, "manifest_path", stringType()));
    fields.add(required(501, "manifest_length", longType()));
    fields.add(required(502, "partition_spec_id", intType()));
    if (formatVersion == 1) {
      fields.add(required(503, "added_snapshot_id", longType()));
      fields.add(optional(504, "added_data_files_count", intType()));
      fields.add(optional(505, "existing_data_files_count", intType()));
      fields.add(optional(506, "deleted_data_files_count", intType()));
      fields.add(optional(507, "partitions", list(508, fieldSummarySchema())));
      fields.add(optional(512, "added_rows_count", longType()));
      fields.add(optional(513, "existing_rows_count", longType()));
      fields.add(optional(514, "deleted_rows_count", longType()));
    } else {
      fields.add(required(517, "content", intType()));
      fields.add(required(515, "sequence_number", longType()));
      fields.add(required(516, "min_sequence_number", longType()));
      fields.add(required(503, "added_snapshot_id", longType()));
      fields.add(required(504, "added_files_count", intType()));
      fields.add(required(505, "existing_files_count", intType()));
      fields.add(required(506, "deleted_files_count", intType()));
      fields.add(required(512, "added_rows_count", longType()));
      fields.add(required(513, "existing_rows_count", longType()));
      fields.add(required(514, "deleted_rows_count", longType()));
      fields.add(optional(507, "partitions", list(508, fieldSummarySchema())));
    }
    fields.add(optional(519, "key_metadata", bytesType()));
    if (formatVersion >= 3) {
      fields.add(optional(520, "first_row_id", longType()));
    }
    return record("manifest_file", fields);
  }

  // ---- manifest schemas (the spec's manifest_entry and data_file tables)

  static Schema partitionStruct(Schema.Field... fields) {
    return record("r102", List.of(fields));
  }

  static Schema dataFileSchema(int formatVersion, Schema partitionStruct) {
    List<Schema.Field> fields = new ArrayList<>();
    if (formatVersion >= 2) {
      fields.add(required(134, "content", intType()));
    }
    fields.add(required(100, "file_path", stringType()));
    fields.add(required(101, "file_format", stringType()));
    fields.add(required(102, "partition", partitionStruct));
    fields.add(required(103, "record_count", longType()));
    fields.add(required(104, "file_size_in_bytes", longType()));
    if (formatVersion == 1) {
      fields.add(required(105, "block_size_in_bytes", longType()));
    }
    fields.add(optional(108, "column_sizes", map(117, 118, longType())));
    fields.add(optional(109, "value_counts", map(119, 120, longType())));
    fields.add(optional(110, "null_value_counts", map(121, 122, longType())));
    fields.add(optional(137, "nan_value_counts", map(138, 139, longType())));
    fields.add(optional(125, "lower_bounds", map(126, 127, bytesType())));
    fields.add(optional(128, "upper_bounds", map(129, 130, bytesType())));
    fields.add(optional(131, "key_metadata", bytesType()));
    fields.add(optional(132, "split_offsets", list(133, longType())));
    if (formatVersion >= 2) {
      fields.add(optional(135, "equality_ids", list(136, intType())));
    }
    fields.add(optional(140, "sort_order_id", intType()));
    if (formatVersion >= 3) {
      fields.add(optional(142, "first_row_id", longType()));
    }
    if (formatVersion >= 2) {
      fields.add(optional(143, "referenced_data_file", stringType()));
    }
    if (formatVersion >= 3) {
      fields.add(optional(144, "content_offset", longType()));
      fields.add(optional(145, "content_size_in_bytes", longType()));
    }
    return record("r2", fields);
  }

  static Schema manifestEntrySchema(int formatVersion, Schema partitionStruct) {
    return entrySchemaAround(formatVersion, dataFileSchema(formatVersion, partitionStruct));
  }

  /** A manifest_entry schema holding a given (perhaps rewritten) data_file schema. */
  static Schema entrySchemaAround(int formatVersion, Schema dataFileSchema) {
    List<Schema.Field> fields = new ArrayList<>();
    fields.add(required(0, "status", intType()));
    fields.add(optional(1, "snapshot_id", longType()));
    if (formatVersion >= 2) {
      fields.add(optional(3, "sequence_number", longType()));
      fields.add(optional(4, "file_sequence_number", longType()));
    }
    fields.add(required(2, "data_file", dataFileSchema));
    return record("manifest_entry", fields);
  }

  /** The key-value metadata Iceberg puts in a manifest's header. */
  static Map<String, String> manifestMetadata(
      int formatVersion, int specId, ManifestContent content) {
    Map<String, String> metadata = new LinkedHashMap<>();
    metadata.put("schema", "{\"type\":\"struct\",\"schema-id\":0,\"fields\":[]}");
    metadata.put("schema-id", "0");
    metadata.put("partition-spec", "[]");
    metadata.put("partition-spec-id", Integer.toString(specId));
    metadata.put("format-version", Integer.toString(formatVersion));
    if (formatVersion >= 2) {
      metadata.put("content", content == ManifestContent.DATA ? "data" : "deletes");
    }
    return metadata;
  }

  // ---- values by field id

  /** A record's values by field id, from pairs {@code id, value, id, value, ...}; nulls allowed. */
  static Map<Integer, Object> values(Object... idValuePairs) {
    if (idValuePairs.length % 2 != 0) {
      throw new IllegalArgumentException("values takes id/value pairs");
    }
    Map<Integer, Object> values = new LinkedHashMap<>();
    for (int index = 0; index < idValuePairs.length; index += 2) {
      values.put((Integer) idValuePairs[index], idValuePairs[index + 1]);
    }
    return values;
  }

  /** A copy of {@code values} with more pairs put in (replacing those with the same ids). */
  static Map<Integer, Object> with(Map<Integer, Object> values, Object... idValuePairs) {
    Map<Integer, Object> copy = new LinkedHashMap<>(values);
    copy.putAll(values(idValuePairs));
    return copy;
  }

  /** A data file's values: a Parquet file of 1 KiB, unpartitioned, no metrics. */
  static Map<Integer, Object> dataFile(String path, long recordCount) {
    return values(
        134,
        0,
        100,
        path,
        101,
        "PARQUET",
        102,
        values(),
        103,
        recordCount,
        104,
        1024L,
        105,
        64L << 20);
  }

  static Map<Integer, Object> entry(
      EntryStatus status,
      Long snapshotId,
      Long sequenceNumber,
      Long fileSequenceNumber,
      Map<Integer, Object> dataFile) {
    return values(
        0, status.id(), 1, snapshotId, 3, sequenceNumber, 4, fileSequenceNumber, 2, dataFile);
  }

  static ByteBuffer bytes(String text) {
    return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
  }

  // ---- writing Avro files

  static byte[] write(
      Schema schema, Map<String, String> metadata, List<Map<Integer, Object>> records) {
    return write(schema, metadata, records, 16 * 1024);
  }

  /** Writes with small blocks when {@code syncInterval} is small, for multi-block files. */
  static byte[] write(
      Schema schema,
      Map<String, String> metadata,
      List<Map<Integer, Object>> records,
      int syncInterval) {
    return write(new IcebergStyleDatumWriter(schema), schema, metadata, records, syncInterval);
  }

  /** Writes every value as the schema declares it, fixed included (not as Iceberg 1.10 does). */
  static byte[] writeAsDeclared(
      Schema schema, Map<String, String> metadata, List<Map<Integer, Object>> records) {
    return write(new GenericDatumWriter<>(schema), schema, metadata, records, 16 * 1024);
  }

  private static byte[] write(
      GenericDatumWriter<GenericRecord> datumWriter,
      Schema schema,
      Map<String, String> metadata,
      List<Map<Integer, Object>> records,
      int syncInterval) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DataFileWriter<GenericRecord> writer = new DataFileWriter<>(datumWriter)) {
      writer.setCodec(CodecFactory.deflateCodec(6));
      writer.setSyncInterval(syncInterval);
      metadata.forEach(writer::setMeta);
      writer.create(schema, out);
      for (Map<Integer, Object> values : records) {
        writer.append(toRecord(schema, values));
      }
    } catch (IOException failure) {
      throw new UncheckedIOException(failure);
    }
    return out.toByteArray();
  }

  static GenericRecord toRecord(Schema record, Map<Integer, Object> valuesById) {
    GenericData.Record result = new GenericData.Record(record);
    for (Schema.Field field : record.getFields()) {
      Object id = field.getObjectProp(FIELD_ID);
      if (id != null && valuesById.containsKey(id)) {
        result.put(field.pos(), toAvro(field.schema(), valuesById.get(id)));
      }
    }
    return result;
  }

  @SuppressWarnings("unchecked")
  static Object toAvro(Schema schema, Object value) {
    if (value == null) {
      return null;
    }
    Schema type = nonNull(schema);
    Schema.Type kind = type.getType();
    if (kind == Schema.Type.RECORD) {
      return toRecord(type, (Map<Integer, Object>) value);
    }
    if (kind == Schema.Type.ARRAY) {
      List<Object> elements = new ArrayList<>();
      if (value instanceof Map<?, ?> map) {
        Schema entry = type.getElementType();
        for (Map.Entry<?, ?> pair : map.entrySet()) {
          GenericData.Record keyValue = new GenericData.Record(entry);
          keyValue.put(0, pair.getKey());
          keyValue.put(1, toAvro(entry.getFields().get(1).schema(), pair.getValue()));
          elements.add(keyValue);
        }
      } else {
        for (Object element : (List<Object>) value) {
          elements.add(toAvro(type.getElementType(), element));
        }
      }
      return new GenericData.Array<>(type, elements);
    }
    if (kind == Schema.Type.FIXED) {
      return new GenericData.Fixed(type, fixedBytes(type, value));
    }
    if (kind == Schema.Type.BYTES) {
      if (value instanceof BigDecimal decimal) {
        return ByteBuffer.wrap(decimal.unscaledValue().toByteArray());
      }
      return value instanceof byte[] array ? ByteBuffer.wrap(array) : value;
    }
    return kind == Schema.Type.STRING ? value.toString() : value;
  }

  /**
   * Writes as Iceberg 1.10's manifest writer does: a plain {@code fixed} value (no logical type) as
   * Avro {@code bytes}, with a length, although the schema declares {@code fixed}.
   */
  private static final class IcebergStyleDatumWriter extends GenericDatumWriter<GenericRecord> {
    IcebergStyleDatumWriter(Schema schema) {
      super(schema);
    }

    @Override
    protected void writeFixed(Schema schema, Object datum, org.apache.avro.io.Encoder out)
        throws IOException {
      if (schema.getLogicalType() == null && schema.getProp("logicalType") == null) {
        out.writeBytes(((org.apache.avro.generic.GenericFixed) datum).bytes());
      } else {
        super.writeFixed(schema, datum, out);
      }
    }
  }

  private static byte[] fixedBytes(Schema fixed, Object value) {
    if (value instanceof UUID uuid) {
      return ByteBuffer.allocate(16)
          .putLong(uuid.getMostSignificantBits())
          .putLong(uuid.getLeastSignificantBits())
          .array();
    }
    if (value instanceof BigDecimal decimal) {
      byte[] unscaled = decimal.unscaledValue().toByteArray();
      byte[] padded = new byte[fixed.getFixedSize()];
      Arrays.fill(padded, (byte) (decimal.signum() < 0 ? 0xff : 0));
      System.arraycopy(unscaled, 0, padded, padded.length - unscaled.length, unscaled.length);
      return padded;
    }
    return (byte[]) value;
  }

  private static Schema nonNull(Schema schema) {
    if (schema.getType() != Schema.Type.UNION) {
      return schema;
    }
    return schema.getTypes().stream()
        .filter(branch -> branch.getType() != Schema.Type.NULL)
        .findFirst()
        .orElseThrow();
  }

  /** Avro's metadata map of a manifest list is empty but for what Iceberg puts in it. */
  static Map<String, String> manifestListMetadata(long snapshotId, int formatVersion) {
    Map<String, String> metadata = new HashMap<>();
    metadata.put("snapshot-id", Long.toString(snapshotId));
    metadata.put("format-version", Integer.toString(formatVersion));
    return metadata;
  }
}
