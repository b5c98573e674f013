package dev.floe.spark.read.parquet.values;

/** The non-null values of one data page, in one encoding, read in order. */
public interface ValuesDecoder {
  /** Decodes the next {@code count} values into rows {@code row .. row + count - 1}. */
  void read(int count, ValueSink sink, int row);
}
