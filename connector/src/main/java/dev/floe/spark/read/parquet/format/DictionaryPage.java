package dev.floe.spark.read.parquet.format;

/** A column chunk's dictionary page, decompressed: {@code entryCount} PLAIN values. */
public record DictionaryPage(
    int entryCount, Encoding encoding, byte[] data, int start, int end, long fileOffset) {
  /** The page's bytes, copied. */
  public byte[] bytes() {
    return java.util.Arrays.copyOfRange(data, start, end);
  }
}
