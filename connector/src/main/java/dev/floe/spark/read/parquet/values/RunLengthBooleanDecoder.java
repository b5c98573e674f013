package dev.floe.spark.read.parquet.values;

/** RLE booleans (version 2 pages): a 4-byte length, then a bit width 1 RLE/bit-packed hybrid. */
public final class RunLengthBooleanDecoder implements ValuesDecoder {
  private final RunLengthBitPackedDecoder bits;

  public RunLengthBooleanDecoder(byte[] data, int offset, int end) {
    if (end - offset < 4) {
      throw new IllegalStateException(
          "RLE boolean data of " + (end - offset) + " bytes has no room for its 4-byte length");
    }
    int length =
        (data[offset] & 0xFF)
            | (data[offset + 1] & 0xFF) << 8
            | (data[offset + 2] & 0xFF) << 16
            | (data[offset + 3] & 0xFF) << 24;
    if (length < 0 || length > end - offset - 4) {
      throw new IllegalStateException(
          "RLE boolean data declares "
              + Integer.toUnsignedString(length)
              + " bytes but the page has "
              + (end - offset - 4)
              + " after the length");
    }
    this.bits = new RunLengthBitPackedDecoder(data, offset + 4, offset + 4 + length, 1);
  }

  @Override
  public void read(int count, ValueSink sink, int row) {
    for (int index = 0; index < count; index++) {
      sink.putBoolean(row + index, bits.next() != 0);
    }
  }
}
