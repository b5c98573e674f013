package dev.floe.spark.read.parquet.values;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.floe.spark.read.parquet.format.PhysicalType;

/**
 * Fuzzes the PLAIN decoder and the dictionary page built on it: byte 0 picks the physical type,
 * byte 1 the fixed length, bytes 2-3 the value count (and the dictionary's size), the rest the
 * page. Values are read in two batches. Seeds and past findings: {@code
 * TestPlainValuesDecoderFuzzInputs}.
 */
class TestPlainValuesDecoderFuzz {
  private static final String DECODER = "PlainValuesDecoder";
  private static final PhysicalType[] TYPES = PhysicalType.values();

  @FuzzTest(maxDuration = "10s")
  void anyPageDecodesOrIsCorrupt(byte[] bytes) {
    PageFuzzInput input = PageFuzzInput.of(bytes, 4);
    if (input == null) {
      return;
    }
    PhysicalType type = TYPES[input.parameter(0) % TYPES.length];
    int fixedLength = input.parameter(1);
    int count = input.count(2);
    input.check(
        DECODER,
        () -> {
          PlainValuesDecoder decoder =
              new PlainValuesDecoder(
                  type, fixedLength, input.bytes(), input.pageStart(), input.pageEnd());
          ValueSink sink = input.checkingSink(DECODER, count);
          int half = count / 2;
          decoder.read(half, sink, 0);
          decoder.read(count - half, sink, half);
        });
    byte[] page = java.util.Arrays.copyOfRange(bytes, input.pageStart(), input.pageEnd());
    input.check(
        "PageDictionary",
        () -> {
          PageDictionary dictionary = new PageDictionary(type, fixedLength, count, page);
          ValueSink sink = input.checkingSink("PageDictionary", 1);
          for (int id = 0; id < dictionary.size(); id++) {
            dictionary.emit(id, sink, 0);
          }
        });
  }
}
