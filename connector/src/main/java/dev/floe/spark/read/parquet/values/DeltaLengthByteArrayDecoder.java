package dev.floe.spark.read.parquet.values;

/** DELTA_LENGTH_BYTE_ARRAY: every length (DELTA_BINARY_PACKED), then every value's bytes. */
public final class DeltaLengthByteArrayDecoder implements ValuesDecoder {
  private final DeltaBinaryPackedDecoder lengths;
  private final byte[] data;
  private final int limit;
  private int position;

  /** See {@link DeltaBinaryPackedDecoder} for {@code maximumValues}. */
  public DeltaLengthByteArrayDecoder(byte[] data, int offset, int limit, int maximumValues) {
    this.lengths = new DeltaBinaryPackedDecoder(true, data, offset, limit, maximumValues);
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
      if (length < 0 || length > limit - position) {
        throw new IllegalStateException("Byte array of " + length + " bytes past the page end");
      }
      sink.putBytes(row + index, data, position, length);
      position += length;
    }
  }
}
