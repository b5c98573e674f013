package dev.floe.spark.read.parquet.format;

/**
 * A data page, decompressed: {@code data[start .. end)} holds, for a version 1 page, its levels
 * (each with the encoding's own framing) and then its values; for a version 2 page, {@code
 * repetitionLength} bytes of repetition levels, {@code definitionLength} bytes of definition
 * levels, then its values. The bytes may be the column chunk's own or a reused buffer: valid until
 * the next page is read.
 *
 * @param fileOffset where the page's header starts in the file, as errors name the page
 */
public record DataPage(
    boolean version2,
    int valueCount,
    int nullCount,
    Encoding valueEncoding,
    Encoding definitionEncoding,
    Encoding repetitionEncoding,
    byte[] data,
    int start,
    int end,
    int repetitionLength,
    int definitionLength,
    long fileOffset) {

  /** The first byte of a version 2 page's values. */
  public int valuesStart() {
    return start + repetitionLength + definitionLength;
  }
}
