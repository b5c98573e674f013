package dev.floe.spark.read;

/** The non-null values of one data page, in one encoding, read in order. */
interface ValuesDecoder {
  /** Decodes the next {@code count} values into rows {@code row .. row + count - 1}. */
  void read(int count, ValueSink sink, int row);
}
