package dev.floe.manifest;

import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;

/**
 * Turns the Avro {@code partition} struct of a manifest's entries into {@link PartitionValues}: one
 * value per field of the manifest's partition spec, in the spec's order, matched by partition field
 * id, in Floe's value representation (see {@link dev.floe.table.NestedField}). How each value is
 * converted is decided once per file from the writer's schema. One decoder reads one manifest on
 * one thread: consecutive entries with equal values share one tuple.
 */
final class PartitionDecoder {
  private static final String LOGICAL_TYPE = "logicalType";
  private static final String ICEBERG_FIELD_NAME = "iceberg-field-name";
  private static final int UUID_BYTES = 16;

  /** How one partition value is turned from Avro's into Floe's representation. */
  private enum Conversion {
    ALWAYS_NULL,
    AS_IS,
    STRING,
    UUID_FROM_STRING,
    UUID_FROM_FIXED,
    DECIMAL_FROM_FIXED,
    DECIMAL_FROM_BYTES,
    BINARY_FROM_FIXED,
    BINARY_FROM_BYTES,
    FIXED_FROM_BYTES
  }

  private final ReadContext context;
  private final String[] names;
  private final int[] positions;
  private final Conversion[] conversions;
  private final int[] scales;
  private final int[] fixedSizes;

  /** The values of the last entry, decoded in place; and its tuple, which the next may share. */
  private Object[] decoded;

  private PartitionValues previous;

  private PartitionDecoder(
      ReadContext context,
      String[] names,
      int[] positions,
      Conversion[] conversions,
      int[] scales,
      int[] fixedSizes) {
    this.context = context;
    this.names = names;
    this.positions = positions;
    this.conversions = conversions;
    this.scales = scales;
    this.fixedSizes = fixedSizes;
  }

  /**
   * @param partitionRecord the writer's schema of the {@code partition} struct, or null when the
   *     file has none (allowed only for an unpartitioned spec)
   */
  static PartitionDecoder create(Schema partitionRecord, PartitionSpec spec, ReadContext context) {
    List<PartitionField> specFields = spec.fields();
    int size = specFields.size();
    String[] names = new String[size];
    int[] positions = new int[size];
    Conversion[] conversions = new Conversion[size];
    int[] scales = new int[size];
    int[] fixedSizes = new int[size];
    if (size > 0 && partitionRecord == null) {
      throw context.corrupt(
          "required field partition (102) of data_file is missing from the file's Avro schema,"
              + " but partition spec "
              + spec.specId()
              + " has "
              + size
              + " fields");
    }
    for (int index = 0; index < size; index++) {
      PartitionField specField = specFields.get(index);
      Schema.Field avroField = find(partitionRecord, specField);
      if (avroField == null) {
        throw context.corrupt(
            "partition field "
                + specField.name()
                + " ("
                + specField.fieldId()
                + ") of partition spec "
                + spec.specId()
                + " is not in the manifest's partition struct "
                + partitionFieldLabels(partitionRecord)
                + "; the manifest was written with another partition spec");
      }
      Schema valueSchema = AvroRecordLayout.nonNullBranch(avroField.schema());
      names[index] = specField.name();
      positions[index] = avroField.pos();
      conversions[index] = conversion(valueSchema, specField, context);
      scales[index] = scale(valueSchema);
      fixedSizes[index] = IcebergFixedEncoding.declaredFixedSize(valueSchema);
    }
    return new PartitionDecoder(context, names, positions, conversions, scales, fixedSizes);
  }

  /** By partition field id; by name only for a writer that put no ids on the struct's fields. */
  private static Schema.Field find(Schema partitionRecord, PartitionField specField) {
    Schema.Field byId = AvroRecordLayout.findField(partitionRecord, specField.fieldId());
    if (byId != null) {
      return byId;
    }
    for (Schema.Field field : partitionRecord.getFields()) {
      if (AvroRecordLayout.fieldId(field) == null
          && (specField.name().equals(field.name())
              || specField.name().equals(field.getProp(ICEBERG_FIELD_NAME)))) {
        return field;
      }
    }
    return null;
  }

  private static String partitionFieldLabels(Schema partitionRecord) {
    List<String> labels = new ArrayList<>();
    for (Schema.Field field : partitionRecord.getFields()) {
      labels.add(field.name() + " (" + AvroRecordLayout.fieldId(field) + ")");
    }
    return labels.toString();
  }

  private static Conversion conversion(
      Schema valueSchema, PartitionField specField, ReadContext context) {
    if (valueSchema == null) {
      throw unsupported(specField, "union", context);
    }
    String logicalType = valueSchema.getProp(LOGICAL_TYPE);
    return switch (valueSchema.getType()) {
      case NULL -> Conversion.ALWAYS_NULL;
      case BOOLEAN, INT, LONG, FLOAT, DOUBLE -> Conversion.AS_IS;
      case STRING -> "uuid".equals(logicalType) ? Conversion.UUID_FROM_STRING : Conversion.STRING;
      case FIXED -> {
        if ("uuid".equals(logicalType) && valueSchema.getFixedSize() == UUID_BYTES) {
          yield Conversion.UUID_FROM_FIXED;
        }
        yield "decimal".equals(logicalType)
            ? Conversion.DECIMAL_FROM_FIXED
            : Conversion.BINARY_FROM_FIXED;
      }
      case BYTES -> {
        if (IcebergFixedEncoding.declaredFixedSize(valueSchema) > 0) {
          yield Conversion.FIXED_FROM_BYTES;
        }
        yield "decimal".equals(logicalType)
            ? Conversion.DECIMAL_FROM_BYTES
            : Conversion.BINARY_FROM_BYTES;
      }
      case RECORD, ENUM, ARRAY, MAP, UNION ->
          throw unsupported(specField, valueSchema.getType().getName(), context);
    };
  }

  private static RuntimeException unsupported(
      PartitionField specField, String avroType, ReadContext context) {
    return context.corrupt(
        "partition field "
            + specField.name()
            + " ("
            + specField.fieldId()
            + ") is stored as Avro "
            + avroType
            + ", which no Iceberg partition type uses");
  }

  private static int scale(Schema decimalSchema) {
    Object scale = decimalSchema.getObjectProp("scale");
    return scale instanceof Number number ? number.intValue() : 0;
  }

  /**
   * The partition tuple of one entry.
   *
   * @param partition the decoded {@code partition} struct, or null when the file has none
   */
  PartitionValues decode(GenericRecord partition) {
    if (positions.length == 0) {
      return PartitionValues.EMPTY;
    }
    Object[] values = decoded == null ? new Object[positions.length] : decoded;
    decoded = values;
    for (int index = 0; index < positions.length; index++) {
      Object value = partition.get(positions[index]);
      values[index] = value == null ? null : convert(value, index);
    }
    // files of one manifest mostly share a partition: they share its tuple too
    if (previous == null || !previous.holds(values)) {
      previous = PartitionValues.owning(values.clone());
    }
    return previous;
  }

  private Object convert(Object value, int index) {
    return switch (conversions[index]) {
      case ALWAYS_NULL -> null;
      case AS_IS -> value;
      case STRING -> value.toString();
      case UUID_FROM_STRING -> uuidFromString(value.toString(), index);
      case UUID_FROM_FIXED -> {
        ByteBuffer uuid = ByteBuffer.wrap(((GenericFixed) value).bytes());
        yield new UUID(uuid.getLong(), uuid.getLong());
      }
      case DECIMAL_FROM_FIXED ->
          new BigDecimal(new BigInteger(((GenericFixed) value).bytes()), scales[index]);
      case DECIMAL_FROM_BYTES ->
          new BigDecimal(new BigInteger(remainingBytes((ByteBuffer) value)), scales[index]);
      case BINARY_FROM_FIXED ->
          ByteBuffer.wrap(((GenericFixed) value).bytes().clone()).asReadOnlyBuffer();
      case BINARY_FROM_BYTES -> AvroRecordLayout.copyOf((ByteBuffer) value);
      case FIXED_FROM_BYTES -> fixedFromBytes((ByteBuffer) value, index);
    };
  }

  private ByteBuffer fixedFromBytes(ByteBuffer value, int index) {
    if (value.remaining() != fixedSizes[index]) {
      throw context.corrupt(
          "partition field "
              + names[index]
              + " is fixed["
              + fixedSizes[index]
              + "] but its value has "
              + value.remaining()
              + " bytes; the manifest's fixed values are not encoded as Iceberg writes them");
    }
    return AvroRecordLayout.copyOf(value);
  }

  private UUID uuidFromString(String text, int index) {
    try {
      return UUID.fromString(text);
    } catch (IllegalArgumentException notAUuid) {
      throw context.corrupt(
          "partition field " + names[index] + " holds '" + text + "', which is not a UUID",
          notAUuid);
    }
  }

  private static byte[] remainingBytes(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.duplicate().get(bytes);
    return bytes;
  }
}
