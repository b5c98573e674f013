package dev.floe.scan.codec;

import dev.floe.table.ListType;
import dev.floe.table.MapType;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.Type;
import dev.floe.table.TypeId;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Schemas on a data stream, with field ids, nullability, docs and defaults. */
final class SchemaCodec {
  private static final int PRIMITIVE = 0;
  private static final int STRUCT = 1;
  private static final int LIST = 2;
  private static final int MAP = 3;

  private SchemaCodec() {}

  static void write(DataOutput out, Schema schema) throws IOException {
    out.writeInt(schema.schemaId());
    writeFields(out, schema.columns());
    out.writeInt(schema.identifierFieldIds().size());
    for (int fieldId : schema.identifierFieldIds()) {
      out.writeInt(fieldId);
    }
  }

  static Schema read(DataInput in) throws IOException {
    int schemaId = in.readInt();
    List<NestedField> columns = readFields(in);
    int identifierCount = in.readInt();
    Set<Integer> identifiers = new HashSet<>();
    for (int index = 0; index < identifierCount; index++) {
      identifiers.add(in.readInt());
    }
    return new Schema(schemaId, columns, identifiers);
  }

  private static void writeFields(DataOutput out, List<NestedField> fields) throws IOException {
    out.writeInt(fields.size());
    for (NestedField field : fields) {
      writeField(out, field);
    }
  }

  private static List<NestedField> readFields(DataInput in) throws IOException {
    int count = in.readInt();
    List<NestedField> fields = new ArrayList<>(count);
    for (int index = 0; index < count; index++) {
      fields.add(readField(in));
    }
    return fields;
  }

  private static void writeField(DataOutput out, NestedField field) throws IOException {
    out.writeInt(field.fieldId());
    ValueCodec.writeString(out, field.name());
    out.writeBoolean(field.required());
    writeType(out, field.type());
    ValueCodec.writeNullableString(out, field.doc());
    ValueCodec.write(out, field.initialDefault());
    ValueCodec.write(out, field.writeDefault());
  }

  private static NestedField readField(DataInput in) throws IOException {
    int fieldId = in.readInt();
    String name = ValueCodec.readString(in);
    boolean required = in.readBoolean();
    Type type = readType(in);
    String doc = ValueCodec.readNullableString(in);
    Object initialDefault = ValueCodec.read(in);
    Object writeDefault = ValueCodec.read(in);
    return new NestedField(fieldId, name, required, type, doc, initialDefault, writeDefault);
  }

  private static void writeType(DataOutput out, Type type) throws IOException {
    if (type instanceof StructType struct) {
      out.writeByte(STRUCT);
      writeFields(out, struct.fields());
    } else if (type instanceof ListType list) {
      out.writeByte(LIST);
      writeField(out, list.element());
    } else if (type instanceof MapType map) {
      out.writeByte(MAP);
      writeField(out, map.key());
      writeField(out, map.value());
    } else {
      PrimitiveType primitive = (PrimitiveType) type;
      out.writeByte(PRIMITIVE);
      ValueCodec.writeString(out, primitive.typeId().name());
      out.writeInt(primitive.precision());
      out.writeInt(primitive.scale());
      out.writeInt(primitive.length());
      ValueCodec.writeNullableString(out, primitive.crs());
      ValueCodec.writeNullableString(out, primitive.algorithm());
    }
  }

  private static Type readType(DataInput in) throws IOException {
    int kind = in.readByte();
    switch (kind) {
      case STRUCT:
        return new StructType(readFields(in));
      case LIST:
        return new ListType(readField(in));
      case MAP:
        NestedField key = readField(in);
        return new MapType(key, readField(in));
      case PRIMITIVE:
        TypeId typeId = TypeId.valueOf(ValueCodec.readString(in));
        int precision = in.readInt();
        int scale = in.readInt();
        int length = in.readInt();
        String crs = ValueCodec.readNullableString(in);
        String algorithm = ValueCodec.readNullableString(in);
        return new PrimitiveType(typeId, precision, scale, length, crs, algorithm);
      default:
        throw new IOException("Unknown type tag " + kind + " in a serialized Floe schema");
    }
  }
}
