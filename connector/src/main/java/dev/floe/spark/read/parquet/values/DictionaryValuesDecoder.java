package dev.floe.spark.read.parquet.values;

import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/**
 * RLE_DICTIONARY / PLAIN_DICTIONARY data: a bit width, then ids as an RLE/bit-packed hybrid. Values
 * go straight into the column's vector from the converted dictionary, never through the sink.
 */
public final class DictionaryValuesDecoder implements ValuesDecoder {
  private final VectorDictionary dictionary;
  private final WritableColumnVector target;
  private final RunLengthBitPackedDecoder ids;
  private int[] buffer;

  /**
   * @param buffer a scratch array the decoder may use (and replace when too small); see {@link
   *     #buffer()}
   */
  public DictionaryValuesDecoder(
      VectorDictionary dictionary,
      WritableColumnVector target,
      byte[] data,
      int offset,
      int end,
      int[] buffer) {
    this.dictionary = dictionary;
    this.target = target;
    int bitWidth = offset < end ? data[offset] & 0xFF : 0;
    this.ids = new RunLengthBitPackedDecoder(data, offset + 1, end, bitWidth);
    this.buffer = buffer;
  }

  /** The scratch array, possibly grown, for the next page's decoder. */
  public int[] buffer() {
    return buffer;
  }

  /** Decodes the next {@code count} values into the column's vector; the sink is not used. */
  @Override
  public void read(int count, ValueSink sink, int row) {
    int[] decoded = readIdsIntoBuffer(count);
    dictionary.copy(decoded, count, target, row);
  }

  /** Puts the next ids into a vector's dictionary ids, leaving decoding to the vector. */
  public void readIds(int count, WritableColumnVector dictionaryIds, int row) {
    int[] decoded = readIdsIntoBuffer(count);
    dictionary.checkIds(decoded, count);
    dictionaryIds.putInts(row, count, decoded, 0);
  }

  private int[] readIdsIntoBuffer(int count) {
    if (buffer.length < count) {
      buffer = new int[Math.max(count, buffer.length * 2)];
    }
    ids.read(buffer, 0, count);
    return buffer;
  }
}
