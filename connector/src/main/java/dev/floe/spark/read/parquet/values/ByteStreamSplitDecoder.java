package dev.floe.spark.read.parquet.values;

import dev.floe.spark.read.parquet.format.PhysicalType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * BYTE_STREAM_SPLIT: byte {@code k} of every value is stored in stream {@code k}; the streams are
 * concatenated. Values are reassembled little-endian for floats, doubles, int32 and int64, and in
 * order for fixed-length byte arrays.
 */
public final class ByteStreamSplitDecoder implements ValuesDecoder {
  private final PhysicalType type;
  private final byte[] data;
  private final int offset;
  private final int width;
  private final int valueCount;
  private final byte[] value;
  private final ByteBuffer valueBuffer;
  private int next;

  public ByteStreamSplitDecoder(PhysicalType type, int width, byte[] data, int offset, int end) {
    this.type = type;
    this.width = width;
    this.data = data;
    this.offset = offset;
    if (width <= 0 || (end - offset) % width != 0) {
      throw new IllegalStateException(
          "BYTE_STREAM_SPLIT data of " + (end - offset) + " bytes is not a multiple of " + width);
    }
    this.valueCount = (end - offset) / width;
    this.value = new byte[width];
    this.valueBuffer = ByteBuffer.wrap(value).order(ByteOrder.LITTLE_ENDIAN);
  }

  @Override
  public void read(int count, ValueSink sink, int row) {
    for (int index = 0; index < count; index++) {
      if (next >= valueCount) {
        throw new IllegalStateException("BYTE_STREAM_SPLIT data has only " + valueCount);
      }
      for (int stream = 0; stream < width; stream++) {
        value[stream] = data[offset + stream * valueCount + next];
      }
      next++;
      switch (type) {
        case FLOAT -> sink.putFloat(row + index, valueBuffer.getFloat(0));
        case DOUBLE -> sink.putDouble(row + index, valueBuffer.getDouble(0));
        case INT32 -> sink.putInt(row + index, valueBuffer.getInt(0));
        case INT64 -> sink.putLong(row + index, valueBuffer.getLong(0));
        case FIXED_LEN_BYTE_ARRAY -> sink.putBytes(row + index, value, 0, width);
        case BOOLEAN, INT96, BINARY ->
            throw new IllegalStateException("BYTE_STREAM_SPLIT cannot encode " + type);
      }
    }
  }
}
