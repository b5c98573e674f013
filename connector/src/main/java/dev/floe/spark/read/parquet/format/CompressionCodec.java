package dev.floe.spark.read.parquet.format;

/** The compression codecs of Parquet's format, in the order of their Thrift values. */
public enum CompressionCodec {
  UNCOMPRESSED,
  SNAPPY,
  GZIP,
  LZO,
  BROTLI,
  /** Deprecated: the Hadoop framing of LZ4 blocks (and, from old Arrow writers, a bare block). */
  LZ4,
  ZSTD,
  LZ4_RAW;

  static CompressionCodec ofThrift(int value) {
    CompressionCodec[] codecs = values();
    return value >= 0 && value < codecs.length ? codecs[value] : null;
  }
}
