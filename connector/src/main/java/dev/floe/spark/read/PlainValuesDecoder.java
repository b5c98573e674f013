package dev.floe.spark.read;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/** PLAIN: little-endian fixed-width values, length-prefixed byte arrays, bit-packed booleans. */
final class PlainValuesDecoder implements ValuesDecoder {
  private final PrimitiveTypeName type;
  private final int fixedLength;
  private final byte[] data;
  private final ByteBuffer buffer;
  private int bitIndex;

  PlainValuesDecoder(PrimitiveTypeName type, int fixedLength, byte[] data, int offset, int end) {
    this.type = type;
    this.fixedLength = fixedLength;
    this.data = data;
    this.buffer = ByteBuffer.wrap(data, offset, end - offset).order(ByteOrder.LITTLE_ENDIAN);
  }

  @Override
  public void read(int count, ValueSink sink, int row) {
    int width =
        switch (type) {
          case INT32, FLOAT -> 4;
          case INT64, DOUBLE -> 8;
          case BOOLEAN, INT96, FIXED_LEN_BYTE_ARRAY, BINARY -> 0;
        };
    if (width > 0) {
      int start = buffer.position();
      if (start + count * width > buffer.limit()) {
        throw new IllegalStateException(count + " values past the page end");
      }
      if (sink.putPlain(type, row, count, data, start)) {
        buffer.position(start + count * width);
        return;
      }
    }
    switch (type) {
      case BOOLEAN -> {
        int base = buffer.position();
        for (int index = 0; index < count; index++) {
          int bit = bitIndex++;
          sink.putBoolean(row + index, ((data[base + (bit >>> 3)] >>> (bit & 7)) & 1) != 0);
        }
      }
      case INT32 -> {
        for (int index = 0; index < count; index++) {
          sink.putInt(row + index, buffer.getInt());
        }
      }
      case INT64 -> {
        for (int index = 0; index < count; index++) {
          sink.putLong(row + index, buffer.getLong());
        }
      }
      case FLOAT -> {
        for (int index = 0; index < count; index++) {
          sink.putFloat(row + index, buffer.getFloat());
        }
      }
      case DOUBLE -> {
        for (int index = 0; index < count; index++) {
          sink.putDouble(row + index, buffer.getDouble());
        }
      }
      case INT96 -> readFixed(count, sink, row, 12);
      case FIXED_LEN_BYTE_ARRAY -> readFixed(count, sink, row, fixedLength);
      case BINARY -> {
        for (int index = 0; index < count; index++) {
          int length = buffer.getInt();
          int start = buffer.position();
          if (length < 0 || start + length > buffer.limit()) {
            throw new IllegalStateException("Byte array of " + length + " bytes past the page end");
          }
          sink.putBytes(row + index, data, start, length);
          buffer.position(start + length);
        }
      }
    }
  }

  private void readFixed(int count, ValueSink sink, int row, int width) {
    for (int index = 0; index < count; index++) {
      int start = buffer.position();
      if (start + width > buffer.limit()) {
        throw new IllegalStateException("Fixed value of " + width + " bytes past the page end");
      }
      sink.putBytes(row + index, data, start, width);
      buffer.position(start + width);
    }
  }
}
