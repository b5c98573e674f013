package dev.floe.spark.read.parquet.values;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzzes the DELTA_BYTE_ARRAY decoder: bytes 0-1 are the page's value count, the rest the page.
 * Seeds and past findings: {@code TestDeltaByteArrayDecoderFuzzInputs}.
 */
class TestDeltaByteArrayDecoderFuzz {
  private static final String DECODER = "DeltaByteArrayDecoder";

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
            new DeltaByteArrayDecoder(input.bytes(), input.pageStart(), input.pageEnd(), count)
                .read(count, input.checkingSink(DECODER, count), 0));
  }
}
