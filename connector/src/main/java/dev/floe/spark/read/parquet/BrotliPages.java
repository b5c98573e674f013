package dev.floe.spark.read.parquet;

import java.io.IOException;

/** Placeholder until the relocated Brotli decoder lands. */
final class BrotliPages {
  private BrotliPages() {}

  static void decompress(
      byte[] source, int offset, int length, byte[] target, int targetOffset, int size)
      throws IOException {
    throw new IOException("it is compressed with Brotli, which Floe does not read yet");
  }
}
