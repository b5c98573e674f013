package dev.floe.spark.read.parquet.variant;

/**
 * Reading the variant binary encoding (Parquet's VariantEncoding.md): little-endian unsigned
 * integers of 1 to 4 bytes, and the size of an encoded value from its header, every read checked
 * against the bytes there.
 */
public final class VariantBytes {
  /** Basic types: the two low bits of a value's first byte. */
  public static final int PRIMITIVE = 0;

  public static final int SHORT_STRING = 1;
  public static final int OBJECT = 2;
  public static final int ARRAY = 3;

  private VariantBytes() {}

  public static int basicType(byte header) {
    return header & 0x03;
  }

  /** An unsigned little-endian integer of {@code size} bytes at {@code position}. */
  static long unsigned(byte[] bytes, int position, int size, String what) {
    if (position < 0 || position + size > bytes.length) {
      throw new MalformedVariantException(
          what + " at byte " + position + " lies past the end of the " + bytes.length + " bytes");
    }
    long value = 0;
    for (int index = 0; index < size; index++) {
      value |= (bytes[position + index] & 0xFFL) << (8 * index);
    }
    return value;
  }

  /** The number of bytes of the value that starts at {@code position}. */
  public static int sizeOf(byte[] bytes, int position) {
    if (position < 0 || position >= bytes.length) {
      throw new MalformedVariantException(
          "a value at byte " + position + " lies past the end of the " + bytes.length + " bytes");
    }
    int header = bytes[position] & 0xFF;
    int valueHeader = header >> 2;
    long size =
        switch (basicType(bytes[position])) {
          case PRIMITIVE -> primitiveSize(bytes, position, valueHeader);
          case SHORT_STRING -> 1L + valueHeader;
          case OBJECT -> {
            Container object = Container.object(bytes, position);
            yield object.valuesStart() - position + object.lastOffset();
          }
          default -> {
            Container array = Container.array(bytes, position);
            yield array.valuesStart() - position + array.lastOffset();
          }
        };
    if (position + size > bytes.length) {
      throw new MalformedVariantException(
          "a value of "
              + size
              + " bytes at byte "
              + position
              + " lies past the end of the "
              + bytes.length
              + " bytes");
    }
    return (int) size;
  }

  private static long primitiveSize(byte[] bytes, int position, int type) {
    return switch (type) {
      case 0, 1, 2 -> 1; // null, true, false
      case 3 -> 2; // int8
      case 4 -> 3; // int16
      case 5, 11, 14 -> 5; // int32, date, float
      case 6, 7, 12, 13, 17, 18, 19 -> 9; // int64, double, timestamps, time
      case 8 -> 6; // decimal4: scale and 4 bytes
      case 9 -> 10; // decimal8
      case 10 -> 18; // decimal16
      case 15, 16 -> 5 + unsigned(bytes, position + 1, 4, "a binary or string length");
      case 20 -> 17; // uuid
      default -> throw new MalformedVariantException("a value has unknown primitive type " + type);
    };
  }

  /**
   * The layout of an object or array value: its element count, where its field ids (objects) and
   * offsets start, each {@code idSize} and {@code offsetSize} bytes wide, and where its values do.
   */
  record Container(
      byte[] bytes,
      int count,
      int idsStart,
      int idSize,
      int offsetsStart,
      int offsetSize,
      int valuesStart) {

    static Container object(byte[] bytes, int position) {
      int valueHeader = (bytes[position] & 0xFF) >> 2;
      int offsetSize = (valueHeader & 0x03) + 1;
      int idSize = ((valueHeader >> 2) & 0x03) + 1;
      boolean large = ((valueHeader >> 4) & 0x01) == 1;
      return layout(bytes, position, large, idSize, offsetSize);
    }

    static Container array(byte[] bytes, int position) {
      int valueHeader = (bytes[position] & 0xFF) >> 2;
      int offsetSize = (valueHeader & 0x03) + 1;
      boolean large = ((valueHeader >> 2) & 0x01) == 1;
      return layout(bytes, position, large, 0, offsetSize);
    }

    private static Container layout(
        byte[] bytes, int position, boolean large, int idSize, int offsetSize) {
      int countSize = large ? 4 : 1;
      long count = unsigned(bytes, position + 1, countSize, "an element count");
      long idsStart = position + 1L + countSize;
      long offsetsStart = idsStart + count * idSize;
      long valuesStart = offsetsStart + (count + 1) * offsetSize;
      if (valuesStart > bytes.length) {
        throw new MalformedVariantException(
            "an object or array of "
                + count
                + " elements at byte "
                + position
                + " does not fit in the "
                + bytes.length
                + " bytes");
      }
      return new Container(
          bytes,
          (int) count,
          (int) idsStart,
          idSize,
          (int) offsetsStart,
          offsetSize,
          (int) valuesStart);
    }

    int fieldId(int index) {
      return (int) unsigned(bytes, idsStart + index * idSize, idSize, "a field id");
    }

    long offset(int index) {
      return unsigned(bytes, offsetsStart + index * offsetSize, offsetSize, "an offset");
    }

    long lastOffset() {
      return offset(count);
    }

    /** Where element {@code index}'s value starts. */
    int valueStart(int index) {
      long start = valuesStart + offset(index);
      if (start >= bytes.length) {
        throw new MalformedVariantException(
            "element " + index + " starts past the end of the " + bytes.length + " bytes");
      }
      return (int) start;
    }
  }
}
