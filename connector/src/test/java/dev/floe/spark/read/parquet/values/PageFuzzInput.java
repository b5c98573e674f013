package dev.floe.spark.read.parquet.values;

import dev.floe.spark.read.parquet.ColumnChunkReader;
import java.util.HexFormat;

/**
 * A fuzz input for a page decoder: a few leading bytes choose the decoder's parameters (the value
 * count, a type or bit width), the rest is the page's bytes. The contract each target checks: the
 * decoder returns the values, or throws an {@link IllegalStateException} saying what is wrong,
 * which {@link ColumnChunkReader} turns into a CorruptTableException naming the column and the
 * file. Any other exception, an allocation beyond the page's bytes, a value outside its type, or a
 * sink handed bytes outside the page is a finding.
 */
final class PageFuzzInput {
  private static final int SHOWN_BYTES = 256;
  private final byte[] input;
  private final int parameterBytes;

  private PageFuzzInput(byte[] input, int parameterBytes) {
    this.input = input;
    this.parameterBytes = parameterBytes;
  }

  /** An input whose first {@code parameterBytes} bytes are parameters; null if it is shorter. */
  static PageFuzzInput of(byte[] input, int parameterBytes) {
    return input.length < parameterBytes ? null : new PageFuzzInput(input, parameterBytes);
  }

  /** Parameter byte {@code index}, unsigned. */
  int parameter(int index) {
    return input[index] & 0xFF;
  }

  /** Parameter bytes {@code index} and {@code index + 1} as an unsigned little-endian count. */
  int count(int index) {
    return parameter(index) | parameter(index + 1) << 8;
  }

  /** The whole input: the page's bytes are {@code [pageStart(), input.length)}. */
  byte[] bytes() {
    return input;
  }

  int pageStart() {
    return parameterBytes;
  }

  int pageEnd() {
    return input.length;
  }

  /** Runs {@code decode}, failing the test unless it keeps the page decoders' contract. */
  void check(String decoder, Runnable decode) {
    try {
      decode.run();
    } catch (IllegalStateException expected) {
      if (expected.getMessage() == null || expected.getMessage().isBlank()) {
        throw finding(decoder, "threw an IllegalStateException without a message", expected);
      }
    } catch (RuntimeException | StackOverflowError failure) {
      throw finding(decoder, "threw " + failure.getClass().getName(), failure);
    }
  }

  AssertionError finding(String decoder, String problem, Throwable cause) {
    String hex = HexFormat.of().formatHex(input, 0, Math.min(input.length, SHOWN_BYTES));
    return new AssertionError(
        decoder
            + " "
            + problem
            + " for the input of "
            + input.length
            + " bytes: "
            + hex
            + (input.length > SHOWN_BYTES ? "..." : ""),
        cause);
  }

  /**
   * A sink that takes every physical type and checks what it is handed: rows within the batch,
   * bytes within the array.
   */
  ValueSink checkingSink(String decoder, int rows) {
    return new ValueSink() {
      private void row(int row) {
        if (row < 0 || row >= rows) {
          throw finding(decoder, "wrote row " + row + " of a batch of " + rows, null);
        }
      }

      @Override
      public void putBoolean(int row, boolean value) {
        row(row);
      }

      @Override
      public void putInt(int row, int value) {
        row(row);
      }

      @Override
      public void putLong(int row, long value) {
        row(row);
      }

      @Override
      public void putFloat(int row, float value) {
        row(row);
      }

      @Override
      public void putDouble(int row, double value) {
        row(row);
      }

      @Override
      public void putBytes(int row, byte[] bytes, int offset, int length) {
        row(row);
        if (offset < 0 || length < 0 || length > bytes.length - offset) {
          throw finding(
              decoder,
              "handed bytes [" + offset + ", +" + length + ") of an array of " + bytes.length,
              null);
        }
      }
    };
  }
}
