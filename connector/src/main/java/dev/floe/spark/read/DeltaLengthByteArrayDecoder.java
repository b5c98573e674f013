package dev.floe.spark.read;

/** DELTA_LENGTH_BYTE_ARRAY: every length (DELTA_BINARY_PACKED), then every value's bytes. */
final class DeltaLengthByteArrayDecoder implements ValuesDecoder {
  private final DeltaBinaryPackedDecoder lengths;
  private final byte[] data;
  private final int limit;
  private int position;

  DeltaLengthByteArrayDecoder(byte[] data, int offset, int limit) {
    this.lengths = new DeltaBinaryPackedDecoder(true, data, offset, limit);
    this.data = data;
    this.limit = limit;
    this.position = lengths.end();
  }

  int valueCount() {
    return lengths.valueCount();
  }

  @Override
  public void read(int count, ValueSink sink, int row) {
    for (int index = 0; index < count; index++) {
      int length = (int) lengths.nextValue();
      if (length < 0 || position + length > limit) {
        throw new IllegalStateException("Byte array of " + length + " bytes past the page end");
      }
      sink.putBytes(row + index, data, position, length);
      position += length;
    }
  }
}
