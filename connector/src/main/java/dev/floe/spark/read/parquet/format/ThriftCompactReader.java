package dev.floe.spark.read.parquet.format;

import java.nio.charset.StandardCharsets;

/**
 * Reads Thrift's compact protocol, the encoding of every Parquet footer and page header, from a
 * byte array: field headers, integers, strings and lists, and skips fields it is not asked for.
 * Every read is bounds-checked; malformed input raises {@link ThriftException} instead of reading
 * past the end or allocating what a corrupt length claims.
 *
 * <p>Floe parses footers itself rather than with the parquet-java copy a Spark distribution ships,
 * so that a field or union member newer than that copy (a new logical type) is skipped as the
 * protocol intends instead of breaking the read.
 */
final class ThriftCompactReader {
  static final int STOP = 0;
  static final int TRUE = 1;
  static final int FALSE = 2;
  static final int BYTE = 3;
  static final int I16 = 4;
  static final int I32 = 5;
  static final int I64 = 6;
  static final int DOUBLE = 7;
  static final int BINARY = 8;
  static final int LIST = 9;
  static final int SET = 10;
  static final int MAP = 11;
  static final int STRUCT = 12;

  /** Deeper nesting than any Parquet structure has is corrupt input, not a reason to recurse. */
  private static final int MAX_DEPTH = 64;

  private final byte[] data;
  private final int end;
  private int position;
  private final int[] lastFieldIds = new int[MAX_DEPTH + 1];
  private int depth;
  private int fieldType;

  ThriftCompactReader(byte[] data, int offset, int end) {
    this.data = data;
    this.position = offset;
    this.end = end;
  }

  /** The position of the next unread byte. */
  int position() {
    return position;
  }

  /** Enters a struct: its field ids are deltas from 0 again. */
  void beginStruct() {
    if (depth == MAX_DEPTH) {
      throw new ThriftException("structures nest deeper than " + MAX_DEPTH + " levels");
    }
    depth++;
    lastFieldIds[depth] = 0;
  }

  void endStruct() {
    depth--;
  }

  /**
   * The id of the next field of the current struct, or {@link #STOP} at its end; {@link
   * #fieldType()} is then the field's wire type.
   */
  int nextField() {
    int header = readByte() & 0xFF;
    if (header == STOP) {
      fieldType = STOP;
      return STOP;
    }
    fieldType = header & 0x0F;
    int delta = header >>> 4;
    int id = delta == 0 ? (short) zigzagToInt(readVarint32()) : lastFieldIds[depth] + delta;
    lastFieldIds[depth] = id;
    return id;
  }

  int fieldType() {
    return fieldType;
  }

  /** A boolean field's value, which the compact protocol keeps in its field header. */
  boolean fieldBoolean() {
    return switch (fieldType) {
      case TRUE -> true;
      case FALSE -> false;
      default -> throw new ThriftException("a boolean field has wire type " + fieldType);
    };
  }

  int readI32() {
    return zigzagToInt(readVarint32());
  }

  long readI64() {
    long raw = readVarint64();
    return (raw >>> 1) ^ -(raw & 1);
  }

  byte readByte() {
    if (position >= end) {
      throw new ThriftException("it ends in the middle of a value");
    }
    return data[position++];
  }

  /** A binary field's bytes, copied. */
  byte[] readBinary() {
    int length = readLength();
    byte[] bytes = new byte[length];
    System.arraycopy(data, position, bytes, 0, length);
    position += length;
    return bytes;
  }

  String readString() {
    int length = readLength();
    String text = new String(data, position, length, StandardCharsets.UTF_8);
    position += length;
    return text;
  }

  /** Starts a list or set: returns its size; {@link #fieldType()} becomes the element type. */
  int readListBegin() {
    int header = readByte() & 0xFF;
    int size = header >>> 4;
    if (size == 15) {
      size = readVarint32();
    }
    fieldType = header & 0x0F;
    // every element takes a byte at least (booleans and empty structs included)
    if (size < 0 || size > end - position) {
      throw new ThriftException("a list declares " + Integer.toUnsignedString(size) + " elements");
    }
    return size;
  }

  /** Skips a value of the given wire type, with everything nested in it. */
  void skip(int type) {
    switch (type) {
      case TRUE, FALSE -> {}
      case BYTE -> readByte();
      case I16, I32 -> readVarint32();
      case I64 -> readVarint64();
      case DOUBLE -> advance(8);
      case BINARY -> advance(readLength());
      case LIST, SET -> {
        int size = readListBegin();
        int elementType = fieldType;
        for (int index = 0; index < size; index++) {
          skip(elementType == TRUE || elementType == FALSE ? BYTE : elementType);
        }
      }
      case MAP -> {
        int size = readVarint32();
        if (size < 0 || size > end - position) {
          throw new ThriftException(
              "a map declares " + Integer.toUnsignedString(size) + " entries");
        }
        if (size > 0) {
          int types = readByte() & 0xFF;
          for (int index = 0; index < size; index++) {
            skipElement(types >>> 4);
            skipElement(types & 0x0F);
          }
        }
      }
      case STRUCT -> {
        beginStruct();
        while (nextField() != STOP) {
          skip(fieldType);
        }
        endStruct();
      }
      default -> throw new ThriftException("unknown wire type " + type);
    }
  }

  /** Skips the field just announced by {@link #nextField()}. */
  void skipField() {
    skip(fieldType);
  }

  private void skipElement(int type) {
    skip(type == TRUE || type == FALSE ? BYTE : type);
  }

  private void advance(int count) {
    if (count < 0 || count > end - position) {
      throw new ThriftException("it ends in the middle of a value");
    }
    position += count;
  }

  private int readLength() {
    int length = readVarint32();
    if (length < 0 || length > end - position) {
      throw new ThriftException(
          "a value declares "
              + Integer.toUnsignedString(length)
              + " bytes where "
              + (end - position)
              + " remain");
    }
    return length;
  }

  private int readVarint32() {
    int result = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      int current = readByte();
      result |= (current & 0x7F) << shift;
      if ((current & 0x80) == 0) {
        return result;
      }
    }
    throw new ThriftException("a 32-bit varint runs past 5 bytes");
  }

  private long readVarint64() {
    long result = 0;
    for (int shift = 0; shift < 70; shift += 7) {
      int current = readByte();
      result |= (long) (current & 0x7F) << shift;
      if ((current & 0x80) == 0) {
        return result;
      }
    }
    throw new ThriftException("a 64-bit varint runs past 10 bytes");
  }

  private static int zigzagToInt(int raw) {
    return (raw >>> 1) ^ -(raw & 1);
  }

  /** Malformed Thrift: the caller names the file and structure. */
  static final class ThriftException extends RuntimeException {
    ThriftException(String message) {
      super(message);
    }
  }
}
