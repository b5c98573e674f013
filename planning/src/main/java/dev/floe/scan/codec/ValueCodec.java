package dev.floe.scan.codec;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Floe's value representation on a data stream, self-describing (a tag byte, then the value), so
 * partition tuples, constants and defaults travel without their types. Structs are {@code
 * Map<Integer, Object>} by field id, lists {@code List}, maps {@code Map}, as in {@code
 * SingleValueJson}.
 */
public final class ValueCodec {
  private static final int NULL = 0;
  private static final int BOOLEAN = 1;
  private static final int INT = 2;
  private static final int LONG = 3;
  private static final int FLOAT = 4;
  private static final int DOUBLE = 5;
  private static final int STRING = 6;
  private static final int BYTES = 7;
  private static final int DECIMAL = 8;
  private static final int UUID_VALUE = 9;
  private static final int STRUCT = 10;
  private static final int LIST = 11;
  private static final int MAP = 12;

  private ValueCodec() {}

  public static void write(DataOutput out, Object value) throws IOException {
    if (value == null) {
      out.writeByte(NULL);
    } else if (value instanceof Boolean bool) {
      out.writeByte(BOOLEAN);
      out.writeBoolean(bool);
    } else if (value instanceof Integer number) {
      out.writeByte(INT);
      out.writeInt(number);
    } else if (value instanceof Long number) {
      out.writeByte(LONG);
      out.writeLong(number);
    } else if (value instanceof Float number) {
      out.writeByte(FLOAT);
      out.writeFloat(number);
    } else if (value instanceof Double number) {
      out.writeByte(DOUBLE);
      out.writeDouble(number);
    } else if (value instanceof String text) {
      out.writeByte(STRING);
      writeString(out, text);
    } else if (value instanceof ByteBuffer buffer) {
      out.writeByte(BYTES);
      writeBytes(out, buffer);
    } else if (value instanceof BigDecimal decimal) {
      out.writeByte(DECIMAL);
      out.writeInt(decimal.scale());
      writeBytes(out, ByteBuffer.wrap(decimal.unscaledValue().toByteArray()));
    } else if (value instanceof UUID uuid) {
      out.writeByte(UUID_VALUE);
      out.writeLong(uuid.getMostSignificantBits());
      out.writeLong(uuid.getLeastSignificantBits());
    } else if (value instanceof Map<?, ?> map) {
      writeMap(out, map);
    } else if (value instanceof List<?> list) {
      out.writeByte(LIST);
      out.writeInt(list.size());
      for (Object element : list) {
        write(out, element);
      }
    } else {
      throw new IllegalArgumentException(
          "Cannot serialize a " + value.getClass().getName() + " value: " + value);
    }
  }

  private static void writeMap(DataOutput out, Map<?, ?> map) throws IOException {
    boolean struct = map.keySet().stream().allMatch(key -> key instanceof Integer);
    out.writeByte(struct && !map.isEmpty() ? STRUCT : MAP);
    out.writeInt(map.size());
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      if (struct && !map.isEmpty()) {
        out.writeInt((Integer) entry.getKey());
      } else {
        write(out, entry.getKey());
      }
      write(out, entry.getValue());
    }
  }

  public static Object read(DataInput in) throws IOException {
    int tag = in.readByte();
    switch (tag) {
      case NULL:
        return null;
      case BOOLEAN:
        return in.readBoolean();
      case INT:
        return in.readInt();
      case LONG:
        return in.readLong();
      case FLOAT:
        return in.readFloat();
      case DOUBLE:
        return in.readDouble();
      case STRING:
        return readString(in);
      case BYTES:
        return readBytes(in);
      case DECIMAL:
        int scale = in.readInt();
        return new BigDecimal(new BigInteger(readByteArray(in)), scale);
      case UUID_VALUE:
        return new UUID(in.readLong(), in.readLong());
      case STRUCT:
        return readStruct(in);
      case LIST:
        return readList(in);
      case MAP:
        return readMap(in);
      default:
        throw new IOException("Unknown value tag " + tag + " in serialized Floe tasks");
    }
  }

  private static Map<Integer, Object> readStruct(DataInput in) throws IOException {
    int size = in.readInt();
    Map<Integer, Object> struct = new LinkedHashMap<>();
    for (int index = 0; index < size; index++) {
      int fieldId = in.readInt();
      struct.put(fieldId, read(in));
    }
    return Collections.unmodifiableMap(struct);
  }

  private static List<Object> readList(DataInput in) throws IOException {
    int size = in.readInt();
    List<Object> list = new ArrayList<>(size);
    for (int index = 0; index < size; index++) {
      list.add(read(in));
    }
    return Collections.unmodifiableList(list);
  }

  private static Map<Object, Object> readMap(DataInput in) throws IOException {
    int size = in.readInt();
    Map<Object, Object> map = new LinkedHashMap<>();
    for (int index = 0; index < size; index++) {
      Object key = read(in);
      map.put(key, read(in));
    }
    return Collections.unmodifiableMap(map);
  }

  static void writeString(DataOutput out, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  static String readString(DataInput in) throws IOException {
    return new String(readByteArray(in), StandardCharsets.UTF_8);
  }

  static void writeNullableString(DataOutput out, String text) throws IOException {
    out.writeBoolean(text != null);
    if (text != null) {
      writeString(out, text);
    }
  }

  static String readNullableString(DataInput in) throws IOException {
    return in.readBoolean() ? readString(in) : null;
  }

  static void writeNullableLong(DataOutput out, Long value) throws IOException {
    out.writeBoolean(value != null);
    if (value != null) {
      out.writeLong(value);
    }
  }

  static Long readNullableLong(DataInput in) throws IOException {
    return in.readBoolean() ? in.readLong() : null;
  }

  static void writeBytes(DataOutput out, ByteBuffer buffer) throws IOException {
    ByteBuffer copy = buffer.duplicate();
    byte[] bytes = new byte[copy.remaining()];
    copy.get(bytes);
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  static ByteBuffer readBytes(DataInput in) throws IOException {
    return ByteBuffer.wrap(readByteArray(in)).asReadOnlyBuffer();
  }

  private static byte[] readByteArray(DataInput in) throws IOException {
    int length = in.readInt();
    if (length < 0) {
      throw new IOException("Negative length " + length + " in serialized Floe tasks");
    }
    byte[] bytes = new byte[length];
    in.readFully(bytes);
    return bytes;
  }
}
