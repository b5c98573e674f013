package dev.floe.spark.read.parquet.values;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzzes the DELTA_BINARY_PACKED decoder: bit 0 of byte 0 picks int32 or int64, bytes 1-2 are the
 * page's value count, the rest the page. Seeds and past findings: {@code
 * TestDeltaBinaryPackedDecoderFuzzInputs}.
 */
class TestDeltaBinaryPackedDecoderFuzz {
  private static final String DECODER = "DeltaBinaryPackedDecoder";

  @FuzzTest(maxDuration = "10s")
  void anyPageDecodesOrIsCorrupt(byte[] bytes) {
    PageFuzzInput input = PageFuzzInput.of(bytes, 3);
    if (input == null) {
      return;
    }
    boolean int32 = (input.parameter(0) & 1) == 1;
    int count = input.count(1);
    input.check(
        DECODER,
        () -> {
          DeltaBinaryPackedDecoder decoder =
              new DeltaBinaryPackedDecoder(
                  int32, input.bytes(), input.pageStart(), input.pageEnd(), count);
          if (decoder.end() < input.pageStart() || decoder.end() > input.pageEnd()) {
            throw input.finding(DECODER, "ends its values at " + decoder.end(), null);
          }
          decoder.read(decoder.valueCount(), input.checkingSink(DECODER, count), 0);
        });
  }
}
