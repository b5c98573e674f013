package dev.floe.spark.read.parquet.format;

/**
 * One column's chunk in one row group, as the footer describes it. {@code dictionaryPageOffset} is
 * -1 without a dictionary page; {@code dictionaryEncodedOnly} is whether every data page is
 * dictionary encoded, by the page encoding statistics, or null when the writer recorded none.
 * {@code codec} is null for a codec this reader does not know (the read then fails on it).
 */
public record ColumnChunk(
    ParquetColumn column,
    CompressionCodec codec,
    int codecThriftValue,
    long valueCount,
    long compressedSize,
    long dataPageOffset,
    long dictionaryPageOffset,
    ColumnStatistics statistics,
    Boolean dictionaryEncodedOnly) {

  /**
   * The chunk's first byte: its dictionary page when it has one before the data pages (some writers
   * record offset 0 for "none"), else its first data page.
   */
  public long startingPosition() {
    return hasDictionaryPage() ? dictionaryPageOffset : dataPageOffset;
  }

  public boolean hasDictionaryPage() {
    return dictionaryPageOffset > 0 && dictionaryPageOffset < dataPageOffset;
  }
}
