package dev.floe.spark.read.parquet.values;

/**
 * Parquet's RLE/bit-packed hybrid: runs of one repeated value, or groups of eight values packed
 * least significant bit first. It carries repetition and definition levels, dictionary ids and (in
 * version 2 pages) booleans.
 */
public final class RunLengthBitPackedDecoder {
  private final byte[] data;
  private final int end;
  private final int bitWidth;
  private final int bytesPerRunValue;
  private int position;

  private boolean repeating;
  private int repeatedValue;
  private int remaining;
  private int[] packed = new int[8];
  private int packedIndex;

  public RunLengthBitPackedDecoder(byte[] data, int offset, int end, int bitWidth) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new IllegalStateException("Invalid bit width " + bitWidth);
    }
    this.data = data;
    this.position = offset;
    this.end = end;
    this.bitWidth = bitWidth;
    this.bytesPerRunValue = (bitWidth + 7) / 8;
  }

  int next() {
    if (remaining == 0) {
      readRunHeader();
    }
    remaining--;
    return repeating ? repeatedValue : packed[packedIndex++];
  }

  /** Reads {@code count} values into {@code target} from {@code offset}. */
  public void read(int[] target, int offset, int count) {
    int done = 0;
    while (done < count) {
      if (remaining == 0) {
        readRunHeader();
      }
      int chunk = Math.min(remaining, count - done);
      if (repeating) {
        java.util.Arrays.fill(target, offset + done, offset + done + chunk, repeatedValue);
      } else {
        System.arraycopy(packed, packedIndex, target, offset + done, chunk);
        packedIndex += chunk;
      }
      remaining -= chunk;
      done += chunk;
    }
  }

  private void readRunHeader() {
    if (bitWidth == 0) {
      // a zero-width stream holds only zeros, however its runs are written
      repeating = true;
      repeatedValue = 0;
      remaining = Integer.MAX_VALUE;
      return;
    }
    // runs of no values are skipped in a loop: a page of them must not exhaust the stack
    do {
      readOneRunHeader();
    } while (remaining == 0);
  }

  private void readOneRunHeader() {
    if (position >= end) {
      throw new IllegalStateException("RLE/bit-packed data ends before its values");
    }
    int header = readUnsignedVarInt();
    if ((header & 1) == 0) {
      repeating = true;
      remaining = header >>> 1;
      int value = 0;
      for (int index = 0; index < bytesPerRunValue; index++) {
        value |= (byteAt(position++) & 0xFF) << (8 * index);
      }
      if (bitWidth < 32 && value >>> bitWidth != 0) {
        throw new IllegalStateException(
            "RLE run value " + value + " does not fit in the bit width " + bitWidth);
      }
      repeatedValue = value;
    } else {
      repeating = false;
      int groups = header >>> 1;
      // a final group may be cut short by the writer, but no more: the groups must be in the data
      if ((long) (groups - 1) * bitWidth > end - position) {
        throw new IllegalStateException(
            "RLE/bit-packed run of "
                + groups
                + " groups of 8 values needs "
                + (long) groups * bitWidth
                + " bytes but "
                + (end - position)
                + " remain");
      }
      int count = groups * 8;
      if (packed.length < count) {
        packed = new int[count];
      }
      unpack(count);
      packedIndex = 0;
      remaining = count;
    }
  }

  /**
   * Unpacks {@code count} values (whole groups of eight) into {@link #packed}. A group of eight
   * values takes {@code bitWidth} bytes, so any value of it lies in the eight bytes from the byte
   * its first bit is in (at most 7 + 32 bits): while those bytes are in the data, each value is one
   * little-endian load, a shift and a mask. The groups near the end, where a writer may have cut
   * the last one short, are read a byte at a time.
   */
  private void unpack(int count) {
    long mask = bitWidth == 32 ? 0xFFFFFFFFL : (1L << bitWidth) - 1;
    int index = 0;
    while (index < count && end - position >= bitWidth + Long.BYTES) {
      for (int value = 0; value < 8; value++) {
        int bit = value * bitWidth;
        long window = (long) LittleEndian.LONG.get(data, position + (bit >>> 3));
        packed[index + value] = (int) ((window >>> (bit & 7)) & mask);
      }
      index += 8;
      position += bitWidth;
    }
    unpackNearEnd(index, count, mask);
  }

  private void unpackNearEnd(int from, int count, long mask) {
    long buffer = 0;
    int bitsInBuffer = 0;
    for (int index = from; index < count; index++) {
      while (bitsInBuffer < bitWidth) {
        // a final group may be cut short by the writer; missing bytes read as zero
        buffer |= (long) (byteAt(position++) & 0xFF) << bitsInBuffer;
        bitsInBuffer += 8;
      }
      packed[index] = (int) (buffer & mask);
      buffer >>>= bitWidth;
      bitsInBuffer -= bitWidth;
    }
  }

  private byte byteAt(int index) {
    return index < end ? data[index] : 0;
  }

  private int readUnsignedVarInt() {
    int value = 0;
    int shift = 0;
    while (true) {
      int next = byteAt(position++) & 0xFF;
      value |= (next & 0x7F) << shift;
      if ((next & 0x80) == 0) {
        return value;
      }
      shift += 7;
      if (shift > 28) {
        throw new IllegalStateException("Invalid varint in RLE/bit-packed data");
      }
    }
  }

  /** The number of bits needed for values up to {@code maximum}. */
  public static int bitWidth(int maximum) {
    return 32 - Integer.numberOfLeadingZeros(maximum);
  }
}
