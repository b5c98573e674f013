package dev.floe.spark.read.parquet.values;

/**
 * DELTA_BYTE_ARRAY (incremental encoding): each value is a prefix of the previous value, by length
 * (DELTA_BINARY_PACKED), followed by a suffix (DELTA_LENGTH_BYTE_ARRAY).
 */
public final class DeltaByteArrayDecoder implements ValuesDecoder {
  private final DeltaBinaryPackedDecoder prefixLengths;
  private final DeltaLengthByteArrayDecoder suffixes;
  private byte[] previous = new byte[0];
  private int previousLength;

  /** See {@link DeltaBinaryPackedDecoder} for {@code maximumValues}. */
  public DeltaByteArrayDecoder(byte[] data, int offset, int limit, int maximumValues) {
    this.prefixLengths = new DeltaBinaryPackedDecoder(true, data, offset, limit, maximumValues);
    this.suffixes =
        new DeltaLengthByteArrayDecoder(data, prefixLengths.end(), limit, maximumValues);
  }

  @Override
  public void read(int count, ValueSink sink, int row) {
    for (int index = 0; index < count; index++) {
      int prefix = (int) prefixLengths.nextValue();
      if (prefix < 0 || prefix > previousLength) {
        throw new IllegalStateException(
            "DELTA_BYTE_ARRAY prefix of "
                + prefix
                + " bytes, previous value has "
                + previousLength);
      }
      suffixes.read(1, new SuffixSink(prefix), 0);
      sink.putBytes(row + index, previous, 0, previousLength);
    }
  }

  /** Appends the suffix to the kept prefix, making the new previous value. */
  private final class SuffixSink implements ValueSink {
    private final int prefix;

    SuffixSink(int prefix) {
      this.prefix = prefix;
    }

    @Override
    public void putBytes(int row, byte[] bytes, int offset, int length) {
      int total = prefix + length;
      if (previous.length < total) {
        previous = java.util.Arrays.copyOf(previous, Math.max(total, previous.length * 2));
      }
      System.arraycopy(bytes, offset, previous, prefix, length);
      previousLength = total;
    }
  }
}
