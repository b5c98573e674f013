package dev.floe.manifest;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;

/**
 * One Avro record type of a metadata file, seen through the Iceberg field ids Floe reads. Built
 * once per file from the writer's schema: it checks the declared fields (present when required, of
 * an Avro type the spec allows), builds the reader schema that Avro's resolution decodes into, and
 * maps each field id to its position in that reader schema, so that a record's fields are then
 * found by an array lookup.
 *
 * <p>A projected layout keeps only the declared fields, so Avro skips every other field of the
 * writer (deprecated ones, future ones, stats Floe does not use) without building objects for it.
 */
final class AvroRecordLayout {
  private static final String FIELD_ID_PROPERTY = "field-id";

  private final String recordName;
  private final ReadContext context;
  private final Schema readerSchema;
  private final int[] positionsById;
  private final Map<Integer, Schema> valueSchemasById;

  private AvroRecordLayout(
      String recordName,
      ReadContext context,
      Schema readerSchema,
      int[] positionsById,
      Map<Integer, Schema> valueSchemasById) {
    this.recordName = recordName;
    this.context = context;
    this.readerSchema = readerSchema;
    this.positionsById = positionsById;
    this.valueSchemasById = valueSchemasById;
  }

  /**
   * Keeps only {@code fields} of {@code writerRecord}; a field whose id is a key of {@code nested}
   * holds a record that is replaced by that layout's reader schema.
   *
   * @param recordName the spec's name of the struct ({@code data_file}), for messages
   */
  static AvroRecordLayout project(
      Schema writerRecord,
      String recordName,
      List<AvroField> fields,
      Map<Integer, AvroRecordLayout> nested,
      ReadContext context) {
    return build(writerRecord, recordName, fields, nested, false, context);
  }

  /** Keeps every field of {@code writerRecord}: for small records read whole. */
  static AvroRecordLayout whole(
      Schema writerRecord, String recordName, List<AvroField> fields, ReadContext context) {
    return build(writerRecord, recordName, fields, Map.of(), true, context);
  }

  private static AvroRecordLayout build(
      Schema writerRecord,
      String recordName,
      List<AvroField> fields,
      Map<Integer, AvroRecordLayout> nested,
      boolean keepAll,
      ReadContext context) {
    try {
      return buildValid(writerRecord, recordName, fields, nested, keepAll, context);
    } catch (AvroRuntimeException invalid) {
      // Avro reads a file's schema without checking its names, but refuses them in a new schema
      throw context.corrupt(
          "the Avro schema of " + recordName + " is not valid: " + invalid.getMessage(), invalid);
    }
  }

  private static AvroRecordLayout buildValid(
      Schema writerRecord,
      String recordName,
      List<AvroField> fields,
      Map<Integer, AvroRecordLayout> nested,
      boolean keepAll,
      ReadContext context) {
    if (writerRecord.getType() != Schema.Type.RECORD) {
      throw context.corrupt(
          recordName + " is stored as Avro " + typeName(writerRecord) + ", not as a record");
    }
    Map<Integer, AvroField> declared = new HashMap<>();
    for (AvroField field : fields) {
      declared.put(field.id(), field);
    }
    List<Schema.Field> readerFields = new ArrayList<>();
    Map<Integer, Schema> valueSchemas = new HashMap<>();
    Map<Integer, Integer> positions = new HashMap<>();
    for (Schema.Field writerField : writerRecord.getFields()) {
      Integer id = fieldId(writerField);
      AvroField field = id == null ? null : declared.get(id);
      boolean firstWithId = field != null && !positions.containsKey(id);
      if (!firstWithId && !keepAll) {
        continue;
      }
      Schema readerFieldSchema = writerField.schema();
      if (firstWithId) {
        Schema valueSchema = checkType(writerField, field, recordName, context);
        AvroRecordLayout nestedLayout = nested.get(id);
        if (nestedLayout != null) {
          readerFieldSchema = replaceRecord(writerField.schema(), nestedLayout.readerSchema);
          valueSchema = nestedLayout.readerSchema;
        }
        positions.put(id, readerFields.size());
        valueSchemas.put(id, valueSchema);
      }
      readerFields.add(new Schema.Field(writerField, readerFieldSchema));
    }
    for (AvroField field : fields) {
      if (field.required() && !positions.containsKey(field.id())) {
        throw context.corrupt(
            "required field "
                + field.label()
                + " of "
                + recordName
                + " is missing from the file's Avro schema");
      }
    }
    Schema readerSchema =
        keepAll
            ? writerRecord
            : Schema.createRecord(
                writerRecord.getName(),
                writerRecord.getDoc(),
                writerRecord.getNamespace(),
                writerRecord.isError(),
                readerFields);
    int highestId = positions.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1);
    int[] positionsById = new int[highestId + 1];
    Arrays.fill(positionsById, -1);
    positions.forEach((id, position) -> positionsById[id] = position);
    return new AvroRecordLayout(
        recordName, context, readerSchema, positionsById, Map.copyOf(valueSchemas));
  }

  private static Schema checkType(
      Schema.Field writerField, AvroField field, String recordName, ReadContext context) {
    Schema valueSchema = nonNullBranch(writerField.schema());
    if (valueSchema == null || !field.types().contains(valueSchema.getType())) {
      throw context.corrupt(
          "field "
              + field.label()
              + " of "
              + recordName
              + " is stored as Avro "
              + typeName(writerField.schema())
              + ", but the spec stores it as "
              + typeName(field.types()));
    }
    return valueSchema;
  }

  private static Schema replaceRecord(Schema writerFieldSchema, Schema readerRecord) {
    if (writerFieldSchema.getType() != Schema.Type.UNION) {
      return readerRecord;
    }
    List<Schema> branches = new ArrayList<>();
    for (Schema branch : writerFieldSchema.getTypes()) {
      branches.add(branch.getType() == Schema.Type.RECORD ? readerRecord : branch);
    }
    return Schema.createUnion(branches);
  }

  /** The first field of an Avro record that carries this Iceberg field id, or null. */
  static Schema.Field findField(Schema record, int fieldId) {
    for (Schema.Field field : record.getFields()) {
      Integer id = fieldId(field);
      if (id != null && id == fieldId) {
        return field;
      }
    }
    return null;
  }

  /** The Iceberg field id an Avro field carries in its {@code field-id} property, or null. */
  static Integer fieldId(Schema.Field field) {
    Object id = field.getObjectProp(FIELD_ID_PROPERTY);
    if (id instanceof Number number) {
      return number.intValue();
    }
    if (id instanceof String text) {
      try {
        return Integer.valueOf(text.trim());
      } catch (NumberFormatException notANumber) {
        return null;
      }
    }
    return null;
  }

  /**
   * The type of the values of a field: the schema itself, or the one non-null branch of an optional
   * union; null for a union that the spec never writes (two non-null branches).
   */
  static Schema nonNullBranch(Schema schema) {
    if (schema.getType() != Schema.Type.UNION) {
      return schema;
    }
    Schema value = null;
    for (Schema branch : schema.getTypes()) {
      if (branch.getType() != Schema.Type.NULL) {
        if (value != null) {
          return null;
        }
        value = branch;
      }
    }
    return value == null ? Schema.create(Schema.Type.NULL) : value;
  }

  private static String typeName(Schema schema) {
    if (schema.getType() != Schema.Type.UNION) {
      return schema.getType().getName();
    }
    return schema.getTypes().stream().map(branch -> branch.getType().getName()).toList().toString();
  }

  private static String typeName(List<Schema.Type> types) {
    return types.size() == 1
        ? types.get(0).getName()
        : types.stream().map(Schema.Type::getName).toList().toString();
  }

  Schema readerSchema() {
    return readerSchema;
  }

  boolean has(AvroField field) {
    return position(field) >= 0;
  }

  /** The writer's type of the field's values (unwrapped from its optional union), or null. */
  Schema valueSchema(AvroField field) {
    return valueSchemasById.get(field.id());
  }

  /** The field's value in a record decoded with {@link #readerSchema()}; null when absent. */
  Object get(GenericRecord record, AvroField field) {
    int position = position(field);
    return position < 0 ? null : record.get(position);
  }

  /**
   * The field's value, which must be present.
   *
   * @param entry the position of the file's top-level record (from 0), for the message
   */
  Object required(GenericRecord record, AvroField field, long entry) {
    Object value = get(record, field);
    if (value == null) {
      throw context.corrupt(
          "required field " + field.label() + " of " + recordName + " is null in entry " + entry);
    }
    return value;
  }

  Long longValue(GenericRecord record, AvroField field) {
    Object value = get(record, field);
    if (value instanceof Long boxed) {
      return boxed; // Avro boxed it already: no second box per entry
    }
    return value == null ? null : ((Number) value).longValue();
  }

  long requiredLong(GenericRecord record, AvroField field, long entry) {
    return ((Number) required(record, field, entry)).longValue();
  }

  Integer intValue(GenericRecord record, AvroField field) {
    Object value = get(record, field);
    if (value instanceof Integer boxed) {
      return boxed;
    }
    return value == null ? null : ((Number) value).intValue();
  }

  int requiredInt(GenericRecord record, AvroField field, long entry) {
    return ((Number) required(record, field, entry)).intValue();
  }

  Boolean booleanValue(GenericRecord record, AvroField field) {
    return (Boolean) get(record, field);
  }

  String stringValue(GenericRecord record, AvroField field) {
    Object value = get(record, field);
    return value == null ? null : value.toString();
  }

  String requiredString(GenericRecord record, AvroField field, long entry) {
    return required(record, field, entry).toString();
  }

  /** A read-only copy of a binary field, or null: Avro reuses the buffers of reused records. */
  ByteBuffer bytesValue(GenericRecord record, AvroField field) {
    Object value = get(record, field);
    return value == null ? null : copyOf((ByteBuffer) value);
  }

  /** A read-only copy of the remaining bytes of {@code buffer}, which is left untouched. */
  static ByteBuffer copyOf(ByteBuffer buffer) {
    ByteBuffer copy = ByteBuffer.allocate(buffer.remaining());
    copy.put(buffer.duplicate());
    copy.flip();
    return copy.asReadOnlyBuffer();
  }

  private int position(AvroField field) {
    int id = field.id();
    return id < positionsById.length ? positionsById[id] : -1;
  }
}
