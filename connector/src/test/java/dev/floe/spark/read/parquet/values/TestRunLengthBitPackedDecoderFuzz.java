package dev.floe.spark.read.parquet.values;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzzes the RLE/bit-packed hybrid decoder, which reads repetition and definition levels and
 * dictionary ids: byte 0 is the bit width (mod 33), bytes 1-2 the value count, the rest the data.
 * Every value decoded must fit the bit width. Seeds and past findings: {@code
 * TestRunLengthBitPackedDecoderFuzzInputs}.
 */
class TestRunLengthBitPackedDecoderFuzz {
  private static final String DECODER = "RunLengthBitPackedDecoder";

  @FuzzTest(maxDuration = "10s")
  void anyPageDecodesOrIsCorrupt(byte[] bytes) {
    PageFuzzInput input = PageFuzzInput.of(bytes, 3);
    if (input == null) {
      return;
    }
    int bitWidth = input.parameter(0) % 33;
    int count = input.count(1);
    input.check(
        DECODER,
        () -> {
          RunLengthBitPackedDecoder decoder =
              new RunLengthBitPackedDecoder(
                  input.bytes(), input.pageStart(), input.pageEnd(), bitWidth);
          int[] values = new int[count];
          int half = count / 2;
          decoder.read(values, 0, half);
          for (int index = half; index < count; index++) {
            values[index] = decoder.next();
          }
          for (int value : values) {
            if (bitWidth < 32 && value >>> bitWidth != 0) {
              throw input.finding(DECODER, "decoded " + value + " at bit width " + bitWidth, null);
            }
          }
        });
  }
}
