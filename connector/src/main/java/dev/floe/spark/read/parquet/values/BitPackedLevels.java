package dev.floe.spark.read.parquet.values;

/**
 * The deprecated BIT_PACKED encoding of old writers' version 1 levels: no length prefix, each level
 * in the bit width of the column's maximum, packed from the most significant bit of each byte.
 */
public final class BitPackedLevels {
  private BitPackedLevels() {}

  /**
   * Reads {@code entries} levels up to {@code maximum} from {@code data[offset]} into {@code
   * target}; returns the offset after them.
   */
  public static int read(byte[] data, int offset, int maximum, int[] target, int entries) {
    int width = RunLengthBitPackedDecoder.bitWidth(maximum);
    long bit = (long) offset * 8;
    for (int index = 0; index < entries; index++) {
      int value = 0;
      for (int taken = 0; taken < width; taken++, bit++) {
        int current = data[(int) (bit >>> 3)] & 0xFF;
        value = (value << 1) | ((current >>> (7 - (int) (bit & 7))) & 1);
      }
      target[index] = value;
    }
    return offset + (int) (((long) entries * width + 7) / 8);
  }
}
