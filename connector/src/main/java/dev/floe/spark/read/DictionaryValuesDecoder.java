package dev.floe.spark.read;

import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/** RLE_DICTIONARY / PLAIN_DICTIONARY data: a bit width, then ids as an RLE/bit-packed hybrid. */
final class DictionaryValuesDecoder implements ValuesDecoder {
  private final PageDictionary dictionary;
  private final RunLengthBitPackedDecoder ids;
  private int[] buffer = new int[64];

  DictionaryValuesDecoder(PageDictionary dictionary, byte[] data, int offset, int end) {
    this.dictionary = dictionary;
    int bitWidth = offset < end ? data[offset] & 0xFF : 0;
    this.ids = new RunLengthBitPackedDecoder(data, offset + 1, end, bitWidth);
  }

  @Override
  public void read(int count, ValueSink sink, int row) {
    if (buffer.length < count) {
      buffer = new int[count];
    }
    ids.read(buffer, 0, count);
    for (int index = 0; index < count; index++) {
      dictionary.emit(buffer[index], sink, row + index);
    }
  }

  /** Puts the next ids into a vector's dictionary ids, leaving decoding to the vector. */
  void readIds(int count, WritableColumnVector target, int row) {
    if (buffer.length < count) {
      buffer = new int[count];
    }
    ids.read(buffer, 0, count);
    for (int index = 0; index < count; index++) {
      int id = buffer[index];
      if (id < 0 || id >= dictionary.size()) {
        throw new IllegalStateException(
            "Dictionary id " + id + " out of " + dictionary.size() + " entries");
      }
    }
    target.putInts(row, count, buffer, 0);
  }
}
