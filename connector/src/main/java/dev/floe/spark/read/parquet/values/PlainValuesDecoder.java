package dev.floe.spark.read.parquet.values;

import dev.floe.spark.read.parquet.format.PhysicalType;

/**
 * PLAIN: little-endian fixed-width values, length-prefixed byte arrays, bit-packed booleans. Values
 * are read in place from the page's bytes; fixed-width ones and booleans go to the sink in bulk.
 */
public final class PlainValuesDecoder implements ValuesDecoder {

  private final PhysicalType type;
  private final int fixedLength;
  private final byte[] data;
  private final int start;
  private final int end;
  private int position;
  private int bitIndex;

  public PlainValuesDecoder(PhysicalType type, int fixedLength, byte[] data, int offset, int end) {
    this.type = type;
    this.fixedLength = fixedLength;
    this.data = data;
    this.start = offset;
    this.end = end;
    this.position = offset;
  }

  @Override
  public void read(int count, ValueSink sink, int row) {
    switch (type) {
      case BOOLEAN -> readBooleans(count, sink, row);
      case INT32 -> {
        int offset = take(count, 4);
        if (!sink.putPlain(type, row, count, data, offset)) {
          for (int index = 0; index < count; index++) {
            sink.putInt(row + index, (int) LittleEndian.INT.get(data, offset + 4 * index));
          }
        }
      }
      case INT64 -> {
        int offset = take(count, 8);
        if (!sink.putPlain(type, row, count, data, offset)) {
          for (int index = 0; index < count; index++) {
            sink.putLong(row + index, (long) LittleEndian.LONG.get(data, offset + 8 * index));
          }
        }
      }
      case FLOAT -> {
        int offset = take(count, 4);
        if (!sink.putPlain(type, row, count, data, offset)) {
          for (int index = 0; index < count; index++) {
            sink.putFloat(row + index, (float) LittleEndian.FLOAT.get(data, offset + 4 * index));
          }
        }
      }
      case DOUBLE -> {
        int offset = take(count, 8);
        if (!sink.putPlain(type, row, count, data, offset)) {
          for (int index = 0; index < count; index++) {
            sink.putDouble(row + index, (double) LittleEndian.DOUBLE.get(data, offset + 8 * index));
          }
        }
      }
      case INT96 -> readFixed(count, sink, row, 12);
      case FIXED_LEN_BYTE_ARRAY -> readFixed(count, sink, row, fixedLength);
      case BINARY -> readByteArrays(count, sink, row);
    }
  }

  /** Claims {@code count} values of {@code width} bytes; returns the offset of the first. */
  private int take(int count, int width) {
    int offset = position;
    if ((long) count * width > end - offset) {
      throw new IllegalStateException(count + " values past the page end");
    }
    position = offset + count * width;
    return offset;
  }

  private void readBooleans(int count, ValueSink sink, int row) {
    if (bitIndex + (long) count > 8L * (end - start)) {
      throw new IllegalStateException(count + " booleans past the page end");
    }
    if (!sink.putPackedBooleans(row, count, data, start, bitIndex)) {
      for (int index = 0; index < count; index++) {
        int bit = bitIndex + index;
        sink.putBoolean(row + index, ((data[start + (bit >>> 3)] >>> (bit & 7)) & 1) != 0);
      }
    }
    bitIndex += count;
  }

  /**
   * Checks that {@code count} length-prefixed values lie within the page, then hands them to the
   * sink in one call where it takes them so, else one by one.
   */
  private void readByteArrays(int count, ValueSink sink, int row) {
    int first = position;
    int offset = first;
    for (int index = 0; index < count; index++) {
      if (end - offset < 4) {
        throw new IllegalStateException("Byte array length past the page end");
      }
      int length = (int) LittleEndian.INT.get(data, offset);
      offset += 4;
      if (length < 0 || length > end - offset) {
        throw new IllegalStateException("Byte array of " + length + " bytes past the page end");
      }
      offset += length;
    }
    position = offset;
    if (sink.putLengthPrefixed(row, count, data, first, offset)) {
      return;
    }
    offset = first;
    for (int index = 0; index < count; index++) {
      int length = (int) LittleEndian.INT.get(data, offset);
      sink.putBytes(row + index, data, offset + 4, length);
      offset += 4 + length;
    }
  }

  private void readFixed(int count, ValueSink sink, int row, int width) {
    for (int index = 0; index < count; index++) {
      if (end - position < width) {
        throw new IllegalStateException("Fixed value of " + width + " bytes past the page end");
      }
      sink.putBytes(row + index, data, position, width);
      position += width;
    }
  }
}
