package dev.floe.spark.read.parquet.format;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.floe.CorruptFileException;
import dev.floe.InvalidRequestException;
import java.util.HexFormat;
import java.util.List;

/**
 * Fuzzes the page layer: byte 0 chooses the codec, bytes 1-2 the chunk's value count, the rest are
 * the column chunk's bytes (page headers and pages), read with checksums verified or not (byte 0's
 * top bit). Contract: pages, or a {@link CorruptFileException} (or, for a page past Floe's size
 * limit, an {@link InvalidRequestException}) naming the column and file; never another exception.
 * Seeds and past findings: {@code TestColumnChunkPagesFuzzInputs}.
 */
class TestColumnChunkPagesFuzz {
  private static final ParquetColumn COLUMN =
      new ParquetColumn(
          List.of("c"),
          new ParquetField.Primitive("c", Repetition.OPTIONAL, 1, null, PhysicalType.INT64, 0),
          1,
          0,
          0,
          true);

  @FuzzTest(maxDuration = "10s")
  void anyChunkReadsOrIsCorrupt(byte[] bytes) {
    if (bytes.length < 3) {
      return;
    }
    CompressionCodec[] codecs = CompressionCodec.values();
    CompressionCodec codec = codecs[(bytes[0] & 0x7F) % codecs.length];
    boolean verify = (bytes[0] & 0x80) == 0;
    long values = (bytes[1] & 0xFF) | (bytes[2] & 0xFF) << 8;
    ColumnChunk chunk =
        new ColumnChunk(
            COLUMN, codec, codec.ordinal(), values, bytes.length - 3, 3, -1, null, null);
    try (PageDecompressors decompressors = new PageDecompressors()) {
      ColumnChunkPages pages =
          new ColumnChunkPages(chunk, bytes, 3, 3, decompressors, verify, "fuzz.parquet", 0);
      pages.readDictionaryPage();
      int read = 0;
      while (pages.nextDataPage() != null) {
        read++;
        if (read > bytes.length) {
          throw finding("read more pages than the chunk has bytes", bytes, null);
        }
      }
    } catch (CorruptFileException | InvalidRequestException expected) {
      if (!expected.getMessage().contains("fuzz.parquet")) {
        throw finding("did not name the file", bytes, expected);
      }
    } catch (RuntimeException | StackOverflowError failure) {
      throw finding("threw " + failure.getClass().getName(), bytes, failure);
    }
  }

  private static AssertionError finding(String problem, byte[] bytes, Throwable cause) {
    return new AssertionError(
        "ColumnChunkPages "
            + problem
            + " for "
            + bytes.length
            + " bytes: "
            + HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 256)),
        cause);
  }
}
