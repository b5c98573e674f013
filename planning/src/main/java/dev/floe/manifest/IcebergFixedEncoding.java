package dev.floe.manifest;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.avro.Schema;

/**
 * How Apache Iceberg's Java writer really encodes {@code fixed[L]} partition values in manifests.
 *
 * <p>Its schema declares an Avro {@code fixed} of L bytes, but Iceberg 1.10 writes these values as
 * Avro {@code bytes} (a length, then the bytes), and its own reader reads them back that way. Read
 * as the schema declares, every later field of the entry is misaligned. So, like Iceberg's reader,
 * Floe decodes plain {@code fixed} fields of the {@code partition} struct as {@code bytes} and then
 * requires exactly L of them: a file that used the declared encoding fails that check (or the
 * decoding) loudly instead of yielding shifted values. Fixed types with a logical type (decimal,
 * uuid) are written as declared and are left alone.
 */
final class IcebergFixedEncoding {
  /** Marks a {@code bytes} schema that stands for a declared {@code fixed} of this size. */
  private static final String DECLARED_FIXED_SIZE = "floe.declared-fixed-size";

  private static final int DATA_FILE_FIELD_ID = 2;
  private static final int PARTITION_FIELD_ID = 102;

  private IcebergFixedEncoding() {}

  /**
   * The schema the entries were actually written with: {@code manifestEntry} with the partition
   * struct's plain fixed fields as bytes; {@code manifestEntry} itself when it has none.
   */
  static Schema asWritten(Schema manifestEntry) {
    Schema.Field dataFile = AvroRecordLayout.findField(manifestEntry, DATA_FILE_FIELD_ID);
    if (dataFile == null || dataFile.schema().getType() != Schema.Type.RECORD) {
      return manifestEntry;
    }
    Schema.Field partition = AvroRecordLayout.findField(dataFile.schema(), PARTITION_FIELD_ID);
    if (partition == null
        || partition.schema().getType() != Schema.Type.RECORD
        || !hasPlainFixed(partition.schema())) {
      return manifestEntry;
    }
    Schema partitionAsWritten = replaceFields(partition.schema(), IcebergFixedEncoding::asBytes);
    Schema dataFileAsWritten =
        replaceField(dataFile.schema(), partition.name(), partitionAsWritten);
    return replaceField(manifestEntry, dataFile.name(), dataFileAsWritten);
  }

  /** The declared fixed size of a schema {@link #asWritten} turned into bytes, else 0. */
  static int declaredFixedSize(Schema schema) {
    Object size = schema.getObjectProp(DECLARED_FIXED_SIZE);
    return size instanceof Integer declared ? declared : 0;
  }

  private static boolean hasPlainFixed(Schema partitionRecord) {
    for (Schema.Field field : partitionRecord.getFields()) {
      if (asBytes(field.schema()) != field.schema()) {
        return true;
      }
    }
    return false;
  }

  /** A plain fixed (or an optional one) as marked bytes; any other schema unchanged. */
  private static Schema asBytes(Schema schema) {
    if (schema.getType() == Schema.Type.FIXED
        && schema.getLogicalType() == null
        && schema.getProp("logicalType") == null) {
      Schema bytes = Schema.create(Schema.Type.BYTES);
      bytes.addProp(DECLARED_FIXED_SIZE, schema.getFixedSize());
      return bytes;
    }
    if (schema.getType() == Schema.Type.UNION) {
      List<Schema> branches = new ArrayList<>();
      boolean changed = false;
      for (Schema branch : schema.getTypes()) {
        Schema replaced = asBytes(branch);
        changed |= replaced != branch;
        branches.add(replaced);
      }
      return changed ? Schema.createUnion(branches) : schema;
    }
    return schema;
  }

  private static Schema replaceFields(Schema record, UnaryOperator<Schema> change) {
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field field : record.getFields()) {
      fields.add(new Schema.Field(field, change.apply(field.schema())));
    }
    return copyRecord(record, fields);
  }

  private static Schema replaceField(Schema record, String name, Schema replacement) {
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field field : record.getFields()) {
      fields.add(new Schema.Field(field, field.name().equals(name) ? replacement : field.schema()));
    }
    return copyRecord(record, fields);
  }

  private static Schema copyRecord(Schema record, List<Schema.Field> fields) {
    Schema copy =
        Schema.createRecord(
            record.getName(), record.getDoc(), record.getNamespace(), record.isError(), fields);
    record.getObjectProps().forEach(copy::addProp);
    return copy;
  }
}
