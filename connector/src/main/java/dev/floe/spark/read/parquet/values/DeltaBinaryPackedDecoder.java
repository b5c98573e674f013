package dev.floe.spark.read.parquet.values;

/**
 * DELTA_BINARY_PACKED for int32 and int64: a first value, then blocks of deltas (a minimum delta
 * and bit-packed miniblocks). The page is decoded whole when it is opened, which also tells where
 * the encoded values end (DELTA_LENGTH_BYTE_ARRAY and DELTA_BYTE_ARRAY store bytes after them).
 */
public final class DeltaBinaryPackedDecoder implements ValuesDecoder {
  private final boolean int32;
  private final long[] values;
  private final int end;
  private int next;

  /**
   * Decodes the page's values from {@code data[offset .. limit)}.
   *
   * @param maximumValues how many values the page can hold (its entries): a header that declares
   *     more is corrupt, and is refused before anything is allocated for it
   */
  public DeltaBinaryPackedDecoder(
      boolean int32, byte[] data, int offset, int limit, int maximumValues) {
    this.int32 = int32;
    Cursor cursor = new Cursor(data, offset, limit);
    long blockSize = cursor.unsignedVarLong();
    long miniblocks = cursor.unsignedVarLong();
    long declared = cursor.unsignedVarLong();
    long first = cursor.zigZagVarLong();
    // each block after the first value has a bit width byte per miniblock, so the count of
    // miniblocks is bounded by the page's bytes (a page of no or one value has no block)
    if (blockSize <= 0
        || blockSize > Integer.MAX_VALUE
        || miniblocks <= 0
        || (declared > 1 && miniblocks > limit - cursor.position)
        || blockSize % miniblocks != 0) {
      throw new IllegalStateException(
          "Invalid DELTA_BINARY_PACKED header: block size "
              + blockSize
              + ", miniblocks "
              + miniblocks
              + ", values "
              + declared);
    }
    if (declared < 0 || declared > maximumValues) {
      throw new IllegalStateException(
          "DELTA_BINARY_PACKED header declares "
              + Long.toUnsignedString(declared)
              + " values but the page holds at most "
              + maximumValues);
    }
    int total = (int) declared;
    int perMiniblock = (int) (blockSize / miniblocks);
    values = new long[total];
    if (total > 0) {
      values[0] = first;
    }
    int decoded = 1;
    long previous = first;
    int[] widths = new int[total > 1 ? (int) miniblocks : 0];
    while (decoded < total) {
      long minDelta = cursor.zigZagVarLong();
      for (int index = 0; index < miniblocks; index++) {
        widths[index] = cursor.unsignedByte();
      }
      for (int index = 0; index < miniblocks && decoded < total; index++) {
        int width = widths[index];
        if (width > 64) {
          throw new IllegalStateException("Invalid DELTA_BINARY_PACKED bit width " + width);
        }
        // a miniblock past the last value is padding: only the values still due are unpacked
        int wanted = Math.min(perMiniblock, total - decoded);
        long[] deltas = cursor.unpack(perMiniblock, wanted, width);
        for (int value = 0; value < wanted; value++) {
          // deltas wrap around like the writer's arithmetic; int32 values are truncated below
          previous = previous + minDelta + deltas[value];
          values[decoded++] = previous;
        }
      }
    }
    end = cursor.position;
  }

  /** The offset just past the encoded values. */
  int end() {
    return end;
  }

  int valueCount() {
    return values.length;
  }

  /** The next value, for decoders built on this one. */
  long nextValue() {
    if (next >= values.length) {
      throw new IllegalStateException("DELTA_BINARY_PACKED data has only " + values.length);
    }
    return values[next++];
  }

  @Override
  public void read(int count, ValueSink sink, int row) {
    for (int index = 0; index < count; index++) {
      long value = nextValue();
      if (int32) {
        sink.putInt(row + index, (int) value);
      } else {
        sink.putLong(row + index, value);
      }
    }
  }

  private static final class Cursor {
    private final byte[] data;
    private final int limit;
    private int position;

    Cursor(byte[] data, int position, int limit) {
      this.data = data;
      this.position = position;
      this.limit = limit;
    }

    int unsignedByte() {
      if (position >= limit) {
        throw new IllegalStateException("DELTA_BINARY_PACKED data ends early");
      }
      return data[position++] & 0xFF;
    }

    long unsignedVarLong() {
      long value = 0;
      int shift = 0;
      while (true) {
        int next = unsignedByte();
        value |= (long) (next & 0x7F) << shift;
        if ((next & 0x80) == 0) {
          return value;
        }
        shift += 7;
        if (shift > 63) {
          throw new IllegalStateException("Invalid varint in DELTA_BINARY_PACKED data");
        }
      }
    }

    long zigZagVarLong() {
      long raw = unsignedVarLong();
      return (raw >>> 1) ^ -(raw & 1);
    }

    /** Unpacks the first {@code wanted} of a miniblock's {@code count} values; skips the rest. */
    long[] unpack(int count, int wanted, int width) {
      long[] out = new long[wanted];
      if (width == 0) {
        return out;
      }
      long bytes = ((long) count * width + 7) / 8;
      long neededBytes = ((long) wanted * width + 7) / 8;
      if (neededBytes > limit - position) {
        throw new IllegalStateException(
            "DELTA_BINARY_PACKED miniblock needs "
                + neededBytes
                + " bytes for its values but "
                + (limit - position)
                + " remain in the page");
      }
      long bit = 0;
      for (int index = 0; index < wanted; index++) {
        long value = 0;
        for (int taken = 0; taken < width; ) {
          long bytePosition = position + (bit >>> 3);
          int inByte = (int) (bit & 7);
          int chunk = Math.min(8 - inByte, width - taken);
          int current = bytePosition < limit ? data[(int) bytePosition] & 0xFF : 0;
          long bits = (current >>> inByte) & ((1 << chunk) - 1);
          value |= bits << taken;
          taken += chunk;
          bit += chunk;
        }
        out[index] = value;
      }
      // the padding after a page's last value may be cut short by the writer
      position = (int) Math.min(position + bytes, limit);
      return out;
    }
  }
}
