package dev.floe.spark.read.parquet.format;

/** The encodings of Parquet's format that a page may use for its values or levels. */
public enum Encoding {
  PLAIN,
  PLAIN_DICTIONARY,
  RLE,
  BIT_PACKED,
  DELTA_BINARY_PACKED,
  DELTA_LENGTH_BYTE_ARRAY,
  DELTA_BYTE_ARRAY,
  RLE_DICTIONARY,
  BYTE_STREAM_SPLIT;

  /** The encoding of a Thrift value, or null when unknown (1, GROUP_VAR_INT, was never used). */
  static Encoding ofThrift(int value) {
    return switch (value) {
      case 0 -> PLAIN;
      case 2 -> PLAIN_DICTIONARY;
      case 3 -> RLE;
      case 4 -> BIT_PACKED;
      case 5 -> DELTA_BINARY_PACKED;
      case 6 -> DELTA_LENGTH_BYTE_ARRAY;
      case 7 -> DELTA_BYTE_ARRAY;
      case 8 -> RLE_DICTIONARY;
      case 9 -> BYTE_STREAM_SPLIT;
      default -> null;
    };
  }

  boolean isDictionary() {
    return this == PLAIN_DICTIONARY || this == RLE_DICTIONARY;
  }
}
