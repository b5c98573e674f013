package dev.floe.spark.read.parquet.values;

/**
 * Where a decoder puts the values of one column, by the Parquet physical type it decodes; an
 * implementation converts them to the Spark representation of the column's Iceberg type. A decoder
 * only calls the methods of its column's physical type.
 */
public interface ValueSink {
  default void putBoolean(int row, boolean value) {
    throw unexpected("boolean");
  }

  default void putInt(int row, int value) {
    throw unexpected("int32");
  }

  default void putLong(int row, long value) {
    throw unexpected("int64");
  }

  default void putFloat(int row, float value) {
    throw unexpected("float");
  }

  default void putDouble(int row, double value) {
    throw unexpected("double");
  }

  /** A byte array, fixed-length byte array or int96 value; the bytes may be reused afterwards. */
  default void putBytes(int row, byte[] bytes, int offset, int length) {
    throw unexpected("binary");
  }

  /**
   * Writes {@code count} PLAIN (little-endian) int32, int64, float or double values into the vector
   * in one call (a bulk copy when no conversion is needed, else one loop); returns false, having
   * done nothing, when the sink does not take them in bulk.
   */
  default boolean putPlain(
      dev.floe.spark.read.parquet.format.PhysicalType physical,
      int row,
      int count,
      byte[] data,
      int offset) {
    return false;
  }

  /**
   * Copies {@code count} PLAIN booleans, bit-packed least significant bit first from bit {@code
   * firstBit} of {@code data[offset]}, straight into the vector; returns false, having done
   * nothing, when the sink does not take booleans in bulk.
   */
  default boolean putPackedBooleans(int row, int count, byte[] data, int offset, int firstBit) {
    return false;
  }

  /**
   * Takes {@code count} PLAIN byte arrays in one call: each a 4-byte little-endian length and its
   * bytes, one after the other from {@code data[start]} to {@code data[end]}, lengths already
   * checked to stay within that span. Returns false, having done nothing, when the sink does not
   * take them in bulk.
   */
  default boolean putLengthPrefixed(int row, int count, byte[] data, int start, int end) {
    return false;
  }

  /**
   * Whether byte-array values land in the vector exactly as given, unconverted (strings, binary,
   * fixed): a dictionary of them then serves its entries as they are.
   */
  default boolean storesBytesUnchanged() {
    return false;
  }

  private IllegalStateException unexpected(String physical) {
    return new IllegalStateException(
        getClass().getSimpleName() + " does not take " + physical + " values");
  }
}
