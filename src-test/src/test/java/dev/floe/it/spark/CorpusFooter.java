package dev.floe.it.spark;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.iceberg.shaded.org.apache.parquet.format.Util;
import org.apache.iceberg.shaded.org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.iceberg.shaded.org.apache.parquet.schema.MessageType;

/**
 * What an importer learns from a file's footer, read with Iceberg's own (shaded, newer) Parquet
 * classes: the record count, and the schema when those classes can build it. The row groups are
 * skipped, so a file whose column chunk metadata is damaged still has a schema and a count.
 *
 * @param schema the file's schema, empty when Iceberg's Parquet cannot build it ({@link
 *     #schemaProblem} says why)
 */
record CorpusFooter(long recordCount, Optional<MessageType> schema, String schemaProblem) {
  private static final int TAIL = 8;
  private static final String MAGIC = "PAR1";

  /**
   * The rows of the file's row groups, as add_files counts them (Iceberg's metrics sum the row
   * groups); the footer's own total where the row groups do not parse. Some writers leave the total
   * at 0 ({@code repeated_no_annotation.parquet}).
   */
  private static long recordCount(Path file, byte[] footer) {
    try {
      return Util.readFileMetaData(new ByteArrayInputStream(footer), false).getRow_groups().stream()
          .mapToLong(group -> group.getNum_rows())
          .sum();
    } catch (IOException | RuntimeException damagedRowGroups) {
      try {
        return Util.readFileMetaData(new ByteArrayInputStream(footer), true).getNum_rows();
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read the record count in the footer of " + file, e);
      }
    }
  }

  static CorpusFooter read(Path file) {
    byte[] footer = footerBytes(file);
    long recordCount = recordCount(file, footer);
    try {
      MessageType schema =
          new ParquetMetadataConverter()
              .readParquetMetadata(
                  new ByteArrayInputStream(footer), ParquetMetadataConverter.SKIP_ROW_GROUPS)
              .getFileMetaData()
              .getSchema();
      return new CorpusFooter(recordCount, Optional.of(schema), "");
    } catch (IOException | RuntimeException e) {
      // Iceberg's Parquet fails on what the file is there to test (an unknown logical type, a
      // column without a type): the expectation then declares the schema a user would write.
      return new CorpusFooter(recordCount, Optional.empty(), e.toString());
    }
  }

  private static byte[] footerBytes(Path file) {
    try (FileChannel channel = FileChannel.open(file)) {
      long size = channel.size();
      ByteBuffer tail = ByteBuffer.allocate(TAIL).order(ByteOrder.LITTLE_ENDIAN);
      channel.read(tail, size - TAIL);
      String magic = new String(tail.array(), 4, 4, StandardCharsets.US_ASCII);
      if (!MAGIC.equals(magic)) {
        throw new IllegalStateException(file + " does not end in " + MAGIC + ": " + magic);
      }
      int length = tail.getInt(0);
      ByteBuffer footer = ByteBuffer.allocate(length);
      channel.read(footer, size - TAIL - length);
      return footer.array();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the footer of " + file, e);
    }
  }
}
