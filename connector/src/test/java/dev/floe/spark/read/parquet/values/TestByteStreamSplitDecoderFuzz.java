package dev.floe.spark.read.parquet.values;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.floe.spark.read.parquet.format.PhysicalType;

/**
 * Fuzzes the BYTE_STREAM_SPLIT decoder: byte 0 picks the type (float, double, int32, int64 or a
 * fixed-length byte array of byte 1's width), bytes 2-3 are the value count, the rest the page.
 * Seeds and past findings: {@code TestByteStreamSplitDecoderFuzzInputs}.
 */
class TestByteStreamSplitDecoderFuzz {
  private static final String DECODER = "ByteStreamSplitDecoder";
  private static final PhysicalType[] TYPES = {
    PhysicalType.FLOAT,
    PhysicalType.DOUBLE,
    PhysicalType.INT32,
    PhysicalType.INT64,
    PhysicalType.FIXED_LEN_BYTE_ARRAY
  };

  @FuzzTest(maxDuration = "10s")
  void anyPageDecodesOrIsCorrupt(byte[] bytes) {
    PageFuzzInput input = PageFuzzInput.of(bytes, 4);
    if (input == null) {
      return;
    }
    PhysicalType type = TYPES[input.parameter(0) % TYPES.length];
    int width =
        switch (type) {
          case FLOAT, INT32 -> 4;
          case DOUBLE, INT64 -> 8;
          case FIXED_LEN_BYTE_ARRAY -> input.parameter(1);
          case BOOLEAN, INT96, BINARY -> throw new AssertionError("not a BYTE_STREAM_SPLIT type");
        };
    int count = input.count(2);
    input.check(
        DECODER,
        () ->
            new ByteStreamSplitDecoder(
                    type, width, input.bytes(), input.pageStart(), input.pageEnd())
                .read(count, input.checkingSink(DECODER, count), 0));
  }
}
