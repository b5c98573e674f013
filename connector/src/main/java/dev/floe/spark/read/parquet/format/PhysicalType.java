package dev.floe.spark.read.parquet.format;

/** The physical types of Parquet's format, in the order of their Thrift values. */
public enum PhysicalType {
  BOOLEAN,
  INT32,
  INT64,
  INT96,
  FLOAT,
  DOUBLE,
  BINARY,
  FIXED_LEN_BYTE_ARRAY;

  /** The type of a Thrift value, or null when this reader does not know it. */
  static PhysicalType ofThrift(int value) {
    PhysicalType[] types = values();
    return value >= 0 && value < types.length ? types[value] : null;
  }
}
