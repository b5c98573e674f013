package dev.floe.spark.read.parquet.variant;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Writes values in the variant binary encoding (Parquet's VariantEncoding.md): primitives from
 * their Java values, objects and arrays from their elements' encoded bytes. Every method returns a
 * value's complete encoding.
 */
public final class VariantValueWriter {
  private static final byte[] NULL = {0};
  private static final int MAX_SHORT_STRING = 63;

  private VariantValueWriter() {}

  /** The variant null, also what a top-level value both shredding columns leave out reads as. */
  public static byte[] variantNull() {
    return NULL.clone();
  }

  public static byte[] bool(boolean value) {
    return new byte[] {primitiveHeader(value ? 1 : 2)};
  }

  /** An integer of the type {@code typeId} (3 int8, 4 int16, 5 int32, 6 int64). */
  public static byte[] integer(int typeId, long value) {
    int width =
        switch (typeId) {
          case 3 -> 1;
          case 4 -> 2;
          case 5 -> 4;
          case 6 -> 8;
          default -> throw new IllegalArgumentException("not an integer type: " + typeId);
        };
    return fixedWidth(typeId, value, width);
  }

  /**
   * A value stored as little-endian bytes of a fixed width: int32 and date (4 bytes), int64,
   * timestamps and time (8), float and double by their bits.
   */
  public static byte[] fixedWidth(int typeId, long bits, int width) {
    byte[] bytes = new byte[1 + width];
    bytes[0] = primitiveHeader(typeId);
    putLittleEndian(bytes, 1, bits, width);
    return bytes;
  }

  /** A decimal of type {@code typeId} (8, 9 or 10: 4, 8 or 16 bytes of unscaled value). */
  public static byte[] decimal(int typeId, int scale, BigInteger unscaled) {
    int width =
        switch (typeId) {
          case 8 -> 4;
          case 9 -> 8;
          case 10 -> 16;
          default -> throw new IllegalArgumentException("not a decimal type: " + typeId);
        };
    byte[] bigEndian = unscaled.toByteArray();
    if (bigEndian.length > width) {
      throw new MalformedVariantException(
          "a decimal's unscaled value " + unscaled + " does not fit in " + width + " bytes");
    }
    byte[] bytes = new byte[2 + width];
    bytes[0] = primitiveHeader(typeId);
    bytes[1] = (byte) scale;
    byte sign = (byte) (unscaled.signum() < 0 ? 0xFF : 0);
    for (int index = 0; index < width; index++) {
      int source = bigEndian.length - 1 - index;
      bytes[2 + index] = source >= 0 ? bigEndian[source] : sign;
    }
    return bytes;
  }

  /** A string: a short string below 64 bytes of UTF-8, else the string primitive. */
  public static byte[] string(byte[] utf8) {
    if (utf8.length <= MAX_SHORT_STRING) {
      byte[] bytes = new byte[1 + utf8.length];
      bytes[0] = (byte) ((utf8.length << 2) | VariantBytes.SHORT_STRING);
      System.arraycopy(utf8, 0, bytes, 1, utf8.length);
      return bytes;
    }
    return lengthPrefixed(16, utf8);
  }

  public static byte[] string(String value) {
    return string(value.getBytes(StandardCharsets.UTF_8));
  }

  public static byte[] binary(byte[] value) {
    return lengthPrefixed(15, value);
  }

  /** A UUID from its 16 bytes, big-endian as both Parquet and the variant encoding store it. */
  public static byte[] uuid(byte[] bigEndian) {
    if (bigEndian.length != 16) {
      throw new MalformedVariantException("a UUID has " + bigEndian.length + " bytes, not 16");
    }
    byte[] bytes = new byte[17];
    bytes[0] = primitiveHeader(20);
    System.arraycopy(bigEndian, 0, bytes, 1, 16);
    return bytes;
  }

  /** An object from its fields' ids and encoded values, which must be sorted by field name. */
  public static byte[] object(int[] fieldIds, List<byte[]> values) {
    int count = values.size();
    int maxId = 0;
    for (int id : fieldIds) {
      maxId = Math.max(maxId, id);
    }
    int dataSize = totalSize(values);
    int idSize = widthOf(maxId);
    int offsetSize = widthOf(dataSize);
    boolean large = count > 0xFF;
    int countSize = large ? 4 : 1;
    int header =
        VariantBytes.OBJECT
            | ((offsetSize - 1) << 2)
            | ((idSize - 1) << 4)
            | ((large ? 1 : 0) << 6);
    byte[] bytes = new byte[1 + countSize + count * idSize + (count + 1) * offsetSize + dataSize];
    bytes[0] = (byte) header;
    int position = 1;
    putLittleEndian(bytes, position, count, countSize);
    position += countSize;
    for (int index = 0; index < count; index++) {
      putLittleEndian(bytes, position, fieldIds[index], idSize);
      position += idSize;
    }
    return withOffsetsAndData(bytes, position, offsetSize, values);
  }

  /** An array from its elements' encoded values. */
  public static byte[] array(List<byte[]> elements) {
    int count = elements.size();
    int dataSize = totalSize(elements);
    int offsetSize = widthOf(dataSize);
    boolean large = count > 0xFF;
    int countSize = large ? 4 : 1;
    int header = VariantBytes.ARRAY | ((offsetSize - 1) << 2) | ((large ? 1 : 0) << 4);
    byte[] bytes = new byte[1 + countSize + (count + 1) * offsetSize + dataSize];
    bytes[0] = (byte) header;
    putLittleEndian(bytes, 1, count, countSize);
    return withOffsetsAndData(bytes, 1 + countSize, offsetSize, elements);
  }

  /** The bytes of the value that starts at {@code position} of {@code bytes}. */
  public static byte[] valueAt(byte[] bytes, int position) {
    return Arrays.copyOfRange(bytes, position, position + VariantBytes.sizeOf(bytes, position));
  }

  private static byte[] withOffsetsAndData(
      byte[] bytes, int offsetsStart, int offsetSize, List<byte[]> values) {
    int offsetPosition = offsetsStart;
    int dataPosition = offsetsStart + (values.size() + 1) * offsetSize;
    int offset = 0;
    for (byte[] value : values) {
      putLittleEndian(bytes, offsetPosition, offset, offsetSize);
      offsetPosition += offsetSize;
      System.arraycopy(value, 0, bytes, dataPosition + offset, value.length);
      offset += value.length;
    }
    putLittleEndian(bytes, offsetPosition, offset, offsetSize);
    return bytes;
  }

  private static byte[] lengthPrefixed(int typeId, byte[] value) {
    byte[] bytes = new byte[5 + value.length];
    bytes[0] = primitiveHeader(typeId);
    putLittleEndian(bytes, 1, value.length, 4);
    System.arraycopy(value, 0, bytes, 5, value.length);
    return bytes;
  }

  private static int totalSize(List<byte[]> values) {
    long size = 0;
    for (byte[] value : values) {
      size += value.length;
    }
    if (size > Integer.MAX_VALUE - 64) {
      throw new MalformedVariantException("a variant value of " + size + " bytes is too large");
    }
    return (int) size;
  }

  /** The bytes, 1 to 4, an unsigned value needs. */
  private static int widthOf(int value) {
    if (value <= 0xFF) {
      return 1;
    }
    if (value <= 0xFFFF) {
      return 2;
    }
    return value <= 0xFFFFFF ? 3 : 4;
  }

  private static byte primitiveHeader(int typeId) {
    return (byte) ((typeId << 2) | VariantBytes.PRIMITIVE);
  }

  private static void putLittleEndian(byte[] bytes, int position, long value, int width) {
    for (int index = 0; index < width; index++) {
      bytes[position + index] = (byte) (value >>> (8 * index));
    }
  }
}
