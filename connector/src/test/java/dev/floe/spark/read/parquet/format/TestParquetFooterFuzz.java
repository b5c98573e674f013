package dev.floe.spark.read.parquet.format;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.floe.spark.read.parquet.format.ThriftCompactReader.ThriftException;
import java.util.HexFormat;

/**
 * Fuzzes Floe's footer parser: the input is a footer's Thrift bytes. Contract: a footer, or a
 * {@link ThriftException} saying what is wrong (which {@link ParquetFile} turns into a
 * CorruptFileException naming the file); never another exception, and never an allocation the bytes
 * do not back. Seeds and past findings: {@code TestParquetFooterFuzzInputs}.
 */
class TestParquetFooterFuzz {
  @FuzzTest(maxDuration = "10s")
  void anyFooterDecodesOrIsAThriftError(byte[] bytes) {
    try {
      ParquetFooter footer = FooterDecoder.decode(bytes, 0, bytes.length);
      footer.schema().columns().forEach(ParquetColumn::dottedPath);
    } catch (ThriftException expected) {
      if (expected.getMessage() == null || expected.getMessage().isBlank()) {
        throw finding("threw a ThriftException without a message", bytes, expected);
      }
    } catch (RuntimeException | StackOverflowError failure) {
      throw finding("threw " + failure.getClass().getName(), bytes, failure);
    }
  }

  private static AssertionError finding(String problem, byte[] bytes, Throwable cause) {
    return new AssertionError(
        "FooterDecoder "
            + problem
            + " for "
            + bytes.length
            + " bytes: "
            + HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 256)),
        cause);
  }
}
