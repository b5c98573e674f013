package dev.floe.spark.read.parquet.values;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzzes the RLE boolean decoder of version 2 pages: bytes 0-1 are the value count, the rest the
 * page. Seeds and past findings: {@code TestRunLengthBooleanDecoderFuzzInputs}.
 */
class TestRunLengthBooleanDecoderFuzz {
  private static final String DECODER = "RunLengthBooleanDecoder";

  @FuzzTest(maxDuration = "10s")
  void anyPageDecodesOrIsCorrupt(byte[] bytes) {
    PageFuzzInput input = PageFuzzInput.of(bytes, 2);
    if (input == null) {
      return;
    }
    int count = input.count(0);
    input.check(
        DECODER,
        () ->
            new RunLengthBooleanDecoder(input.bytes(), input.pageStart(), input.pageEnd())
                .read(count, input.checkingSink(DECODER, count), 0));
  }
}
