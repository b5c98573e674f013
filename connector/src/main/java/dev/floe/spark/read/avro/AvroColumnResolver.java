package dev.floe.spark.read.avro;

import dev.floe.CorruptTableException;
import dev.floe.spark.read.parquet.format.LogicalType.TimeUnit;
import dev.floe.spark.read.parquet.format.ParquetField;
import dev.floe.spark.read.parquet.format.PhysicalType;
import dev.floe.spark.read.parquet.format.Repetition;
import dev.floe.spark.read.parquet.values.ValueSink;
import dev.floe.spark.read.parquet.values.ValueSinkFactory;
import dev.floe.table.ListType;
import dev.floe.table.MapType;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NameMapping;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.StructType;
import dev.floe.table.TypeId;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/**
 * Finds each projected column in an Iceberg Avro data file, and builds the writers that put its
 * values into vectors. Iceberg writes field ids as properties of the Avro schema: {@code field-id}
 * on record fields, {@code element-id} on arrays, {@code key-id} and {@code value-id} on maps; a
 * map whose keys are not strings is an array of {@code key}/{@code value} records. Files written
 * without ids resolve through the table's name mapping. As for Parquet, a column the file lacks
 * reads as its constant, else its initial default, else null; a required column with none of these
 * makes the file unreadable for the table.
 *
 * <p>Primitive values convert through the same sinks as Parquet columns: the Avro encoding is
 * described as the Parquet type that stores the same values, so promotions and unit conversions
 * follow one set of rules.
 */
final class AvroColumnResolver {
  private static final String FIELD_ID = "field-id";

  private final Map<Integer, Object> constants;
  private final String location;
  private final boolean byName;

  AvroColumnResolver(
      Schema fileSchema, Map<Integer, Object> constants, NameMapping nameMapping, String location) {
    this.constants = constants;
    this.location = location;
    this.byName = nameMapping != null && !hasIds(fileSchema, new IdentityHashMap<>());
  }

  /** How one projected column is produced. */
  sealed interface Column {
    NestedField field();
  }

  /** Read from the top-level record field at {@code position}. */
  record FileColumn(NestedField field, int position, Schema fileSchema, NameMapping mapping)
      implements Column {}

  /** The same value in every row. */
  record ConstantColumn(NestedField field, Object value) implements Column {}

  /** The row's position in the file. */
  record PositionColumn(NestedField field) implements Column {}

  List<Column> columns(dev.floe.table.Schema projection, Schema fileSchema, NameMapping mapping) {
    if (fileSchema.getType() != Schema.Type.RECORD) {
      throw new CorruptTableException(
          "Cannot read Avro data file "
              + location
              + ": its rows are not records but "
              + fileSchema.getType());
    }
    List<Column> columns = new ArrayList<>();
    for (NestedField field : projection.columns()) {
      if (field.fieldId() == MetadataColumns.ROW_POSITION_ID) {
        columns.add(new PositionColumn(field));
      } else if (MetadataColumns.isMetadataColumn(field.fieldId())) {
        columns.add(new ConstantColumn(field, constants.get(field.fieldId())));
      } else {
        Schema.Field fileField = find(fileSchema, field, mapping);
        columns.add(
            fileField == null
                ? new ConstantColumn(field, missingValue(field))
                : new FileColumn(
                    field, fileField.pos(), fileField.schema(), nested(mapping, fileField)));
      }
    }
    return columns;
  }

  /** The value of a column the file lacks. */
  private Object missingValue(NestedField field) {
    if (constants.containsKey(field.fieldId())) {
      return constants.get(field.fieldId());
    }
    if (field.initialDefault() != null) {
      return field.initialDefault();
    }
    if (field.required()) {
      throw new CorruptTableException(
          "Cannot read "
              + location
              + ": required column "
              + field.name()
              + " (id "
              + field.fieldId()
              + ") is missing from the file and has no default");
    }
    return null;
  }

  /** The writer of a field found in the file, into {@code vector}. */
  AvroValueWriter writer(
      NestedField field, Schema fileSchema, WritableColumnVector vector, NameMapping mapping) {
    Schema schema = withoutNull(field, fileSchema);
    if (field.type() instanceof PrimitiveType primitive) {
      ValueSink sink = sink(primitive, schema, vector);
      if (sink == null) {
        throw incompatible(field, schema, "a value that does not convert to " + primitive);
      }
      return new AvroValueWriter.Primitive(vector, sink);
    }
    if (field.type() instanceof StructType struct) {
      if (schema.getType() != Schema.Type.RECORD) {
        throw incompatible(field, schema, "no record where the table has a struct");
      }
      return struct(struct, schema, vector, mapping);
    }
    if (field.type() instanceof ListType list) {
      if (schema.getType() != Schema.Type.ARRAY || isArrayMap(schema)) {
        throw incompatible(field, schema, "no array where the table has a list");
      }
      return new AvroValueWriter.ListWriter(
          vector,
          writer(
              list.element(),
              schema.getElementType(),
              vector.arrayData(),
              mappingOf(mapping, "element")));
    }
    MapType map = (MapType) field.type();
    if (schema.getType() == Schema.Type.MAP) {
      AvroValueWriter key =
          writer(
              map.key(),
              Schema.create(Schema.Type.STRING),
              vector.getChild(0),
              mappingOf(mapping, "key"));
      AvroValueWriter value =
          writer(
              map.value(), schema.getValueType(), vector.getChild(1), mappingOf(mapping, "value"));
      return new AvroValueWriter.MapWriter(vector, key, value, -1, -1);
    }
    if (!isArrayMap(schema)) {
      throw incompatible(field, schema, "neither a map nor an array of key-value records");
    }
    Schema entry = withoutNull(field, schema.getElementType());
    Schema.Field keyField = findEntryField(entry, map.key(), "key");
    if (keyField == null) {
      throw incompatible(field, schema, "map entries without keys");
    }
    Schema.Field valueField = findEntryField(entry, map.value(), "value");
    AvroValueWriter key =
        writer(map.key(), keyField.schema(), vector.getChild(0), mappingOf(mapping, "key"));
    AvroValueWriter value =
        valueField == null
            ? new AvroValueWriter.Constant(
                vector.getChild(1), map.value(), missingValue(map.value()), location)
            : writer(
                map.value(), valueField.schema(), vector.getChild(1), mappingOf(mapping, "value"));
    return new AvroValueWriter.MapWriter(
        vector, key, value, keyField.pos(), valueField == null ? -1 : valueField.pos());
  }

  private AvroValueWriter struct(
      StructType struct, Schema record, WritableColumnVector vector, NameMapping mapping) {
    int[] positions = new int[struct.fields().size()];
    List<AvroValueWriter> writers = new ArrayList<>();
    for (int index = 0; index < positions.length; index++) {
      NestedField child = struct.fields().get(index);
      Schema.Field fileChild = find(record, child, mapping);
      WritableColumnVector childVector = vector.getChild(index);
      if (fileChild == null) {
        positions[index] = -1;
        writers.add(
            new AvroValueWriter.Constant(childVector, child, missingValue(child), location));
      } else {
        positions[index] = fileChild.pos();
        writers.add(writer(child, fileChild.schema(), childVector, nested(mapping, fileChild)));
      }
    }
    return new AvroValueWriter.Struct(vector, positions, writers);
  }

  /** A map entry's key or value: by id, or by its name in files without ids. */
  private Schema.Field findEntryField(Schema entry, NestedField field, String name) {
    if (entry.getType() != Schema.Type.RECORD) {
      return null;
    }
    if (byName) {
      return entry.getField(name);
    }
    for (Schema.Field candidate : entry.getFields()) {
      Integer id = id(candidate.getObjectProp(FIELD_ID));
      if (id != null && id == field.fieldId()) {
        return candidate;
      }
    }
    return null;
  }

  /** The field of a record that holds a table field: by id, or by mapped name. */
  private Schema.Field find(Schema record, NestedField field, NameMapping mapping) {
    for (Schema.Field candidate : record.getFields()) {
      if (byName) {
        NameMapping.MappedField mapped = mapping == null ? null : mapping.find(candidate.name());
        if (mapped != null && mapped.fieldId() != null && mapped.fieldId() == field.fieldId()) {
          return candidate;
        }
      } else {
        Integer id = id(candidate.getObjectProp(FIELD_ID));
        if (id != null && id == field.fieldId()) {
          return candidate;
        }
      }
    }
    return null;
  }

  private static Integer id(Object property) {
    if (property instanceof Number number) {
      return number.intValue();
    }
    if (property instanceof String text) {
      try {
        return Integer.valueOf(text.trim());
      } catch (NumberFormatException notAnId) {
        return null;
      }
    }
    return null;
  }

  /**
   * The schema of a field's values: a union of null and one type is that type (Iceberg's optional
   * fields); any other union is not something Iceberg writes.
   */
  private Schema withoutNull(NestedField field, Schema schema) {
    if (schema.getType() != Schema.Type.UNION) {
      return schema;
    }
    Schema value = null;
    for (Schema branch : schema.getTypes()) {
      if (branch.getType() == Schema.Type.NULL) {
        continue;
      }
      if (value != null) {
        throw incompatible(field, schema, "a union of several types");
      }
      value = branch;
    }
    if (value == null) {
      throw incompatible(field, schema, "a union of null only");
    }
    return value;
  }

  private static boolean isArrayMap(Schema schema) {
    return schema.getType() == Schema.Type.ARRAY && "map".equals(schema.getProp("logicalType"));
  }

  /**
   * The sink for values of Avro type {@code schema} in a column of table type {@code type}, or null
   * when they do not convert.
   */
  private static ValueSink sink(PrimitiveType type, Schema schema, WritableColumnVector vector) {
    if (type.typeId() == TypeId.UUID && schema.getType() == Schema.Type.STRING) {
      // Avro's own uuid logical type is the text form, already what Spark holds
      return ValueSinkFactory.create(
          stored(PhysicalType.BINARY, 0, null), PrimitiveType.of(TypeId.STRING), vector);
    }
    ParquetField.Primitive stored;
    try {
      stored = storedAs(schema);
    } catch (IllegalArgumentException | IllegalStateException invalid) {
      return null;
    }
    return stored == null ? null : ValueSinkFactory.create(stored, type, vector);
  }

  private static ParquetField.Primitive stored(
      PhysicalType physical, int length, dev.floe.spark.read.parquet.format.LogicalType logical) {
    return new ParquetField.Primitive(
        "value", Repetition.REQUIRED, null, logical, physical, length);
  }

  /** The Parquet type that stores the values of an Avro primitive, or null for non-primitives. */
  private static ParquetField.Primitive storedAs(Schema schema) {
    String logical = schema.getProp("logicalType");
    return switch (schema.getType()) {
      case BOOLEAN -> stored(PhysicalType.BOOLEAN, 0, null);
      case INT -> stored(PhysicalType.INT32, 0, intAnnotation(logical));
      case LONG ->
          stored(
              PhysicalType.INT64,
              0,
              longAnnotation(logical, schema.getObjectProp("adjust-to-utc")));
      case FLOAT -> stored(PhysicalType.FLOAT, 0, null);
      case DOUBLE -> stored(PhysicalType.DOUBLE, 0, null);
      case STRING, ENUM ->
          stored(
              PhysicalType.BINARY,
              0,
              new dev.floe.spark.read.parquet.format.LogicalType.StringType());
      case BYTES -> stored(PhysicalType.BINARY, 0, decimalAnnotation(schema));
      case FIXED ->
          stored(
              PhysicalType.FIXED_LEN_BYTE_ARRAY, schema.getFixedSize(), decimalAnnotation(schema));
      case RECORD, ARRAY, MAP, UNION, NULL -> null;
    };
  }

  private static dev.floe.spark.read.parquet.format.LogicalType intAnnotation(String logical) {
    if ("date".equals(logical)) {
      return new dev.floe.spark.read.parquet.format.LogicalType.DateType();
    }
    if ("time-millis".equals(logical)) {
      return new dev.floe.spark.read.parquet.format.LogicalType.TimeType(false, TimeUnit.MILLIS);
    }
    return null;
  }

  private static dev.floe.spark.read.parquet.format.LogicalType longAnnotation(
      String logical, Object adjustToUtc) {
    if (logical == null) {
      return null;
    }
    boolean utc = !Boolean.FALSE.equals(adjustToUtc);
    return switch (logical) {
      case "time-micros" ->
          new dev.floe.spark.read.parquet.format.LogicalType.TimeType(false, TimeUnit.MICROS);
      case "timestamp-millis" -> timestamp(utc, TimeUnit.MILLIS);
      case "timestamp-micros" -> timestamp(utc, TimeUnit.MICROS);
      case "timestamp-nanos" -> timestamp(utc, TimeUnit.NANOS);
      case "local-timestamp-millis" -> timestamp(false, TimeUnit.MILLIS);
      case "local-timestamp-micros" -> timestamp(false, TimeUnit.MICROS);
      case "local-timestamp-nanos" -> timestamp(false, TimeUnit.NANOS);
      default -> null;
    };
  }

  private static dev.floe.spark.read.parquet.format.LogicalType timestamp(
      boolean utc, TimeUnit unit) {
    return new dev.floe.spark.read.parquet.format.LogicalType.TimestampType(utc, unit);
  }

  private static dev.floe.spark.read.parquet.format.LogicalType decimalAnnotation(Schema schema) {
    LogicalType logical = LogicalTypes.fromSchemaIgnoreInvalid(schema);
    if (logical instanceof LogicalTypes.Decimal decimal) {
      return new dev.floe.spark.read.parquet.format.LogicalType.DecimalType(
          decimal.getScale(), decimal.getPrecision());
    }
    return null;
  }

  private static NameMapping nested(NameMapping mapping, Schema.Field fileField) {
    if (mapping == null) {
      return null;
    }
    NameMapping.MappedField mapped = mapping.find(fileField.name());
    return mapped == null ? null : mapped.nested();
  }

  private static NameMapping mappingOf(NameMapping mapping, String name) {
    if (mapping == null) {
      return null;
    }
    NameMapping.MappedField mapped = mapping.find(name);
    return mapped == null ? null : mapped.nested();
  }

  /** Whether any record field of the schema carries a field id. */
  private static boolean hasIds(Schema schema, Map<Schema, Boolean> visited) {
    if (visited.put(schema, Boolean.TRUE) != null) {
      return false;
    }
    return switch (schema.getType()) {
      case RECORD ->
          schema.getFields().stream()
              .anyMatch(
                  field ->
                      field.getObjectProp(FIELD_ID) != null || hasIds(field.schema(), visited));
      case ARRAY -> hasIds(schema.getElementType(), visited);
      case MAP -> hasIds(schema.getValueType(), visited);
      case UNION -> schema.getTypes().stream().anyMatch(branch -> hasIds(branch, visited));
      case ENUM, FIXED, STRING, BYTES, INT, LONG, FLOAT, DOUBLE, BOOLEAN, NULL -> false;
    };
  }

  private CorruptTableException incompatible(NestedField field, Schema fileSchema, String problem) {
    return new CorruptTableException(
        "Cannot read column "
            + field.name()
            + " (id "
            + field.fieldId()
            + ", "
            + field.type()
            + ") of "
            + location
            + ": the file has "
            + problem
            + ": "
            + fileSchema);
  }
}
