package dev.floe.spark.read.parquet;

import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.DOUBLE;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT64;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.floe.CorruptTableException;
import dev.floe.FloeException;
import dev.floe.io.LocalFileIO;
import dev.floe.scan.task.FileReadRequest;
import dev.floe.spark.read.FileReaders;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged Parquet data files: every truncation of a file is an error (never fewer rows), and a bit
 * flipped anywhere in a file is either read or a Floe error — never another exception type, an
 * {@link OutOfMemoryError} or a read that does not end. (Page headers and the footer have no
 * checksum, and a page's CRC is optional, so a flipped bit can change a value undetectably; what it
 * must not do is escape the error family or hang. TestParquetPageChecksums covers the pages' CRCs.)
 */
class TestParquetBadInput {
  private static final int ROWS = 3_000;
  private static final Duration BOUND = Duration.ofSeconds(20);

  private static final MessageType FILE_SCHEMA =
      Types.buildMessage()
          .required(INT64)
          .id(1)
          .named("id")
          .optional(BINARY)
          .as(LogicalTypeAnnotation.stringType())
          .id(2)
          .named("category")
          .optional(DOUBLE)
          .id(3)
          .named("amount")
          .named("table");

  private static final Schema PROJECTION =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "category", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(3, "amount", PrimitiveType.of(TypeId.DOUBLE))),
          Set.of());

  @TempDir Path directory;

  @Test
  void everyTruncationIsAnError() throws IOException {
    for (CompressionCodecName codec :
        List.of(CompressionCodecName.ZSTD, CompressionCodecName.SNAPPY)) {
      Path file = write(codec);
      byte[] whole = Files.readAllBytes(file);
      int tried = 0;
      for (int length : DamagedFiles.truncations(whole.length)) {
        Path truncated = directory.resolve("truncated-" + codec + "-" + length + ".parquet");
        Files.write(truncated, Arrays.copyOf(whole, length));
        for (long declared : List.of((long) length, (long) whole.length)) {
          Outcome outcome = read(truncated, declared);
          assertThat(outcome.error())
              .as(
                  "%s truncated to %d of %d bytes (manifest says %d): an error, not %s",
                  codec, length, whole.length, declared, outcome)
              .isNotNull();
          assertThat(outcome.error().getMessage())
              .as("the error names the file")
              .contains(truncated.toString());
          tried++;
        }
      }
      assertThat(tried).as("truncations tried").isGreaterThan(100);
    }
  }

  @Test
  void aFlippedBitIsReadOrAFloeError() throws IOException {
    Path file = write(CompressionCodecName.ZSTD);
    byte[] whole = Files.readAllBytes(file);
    List<List<Object>> expected = ParquetFiles.readRows(ParquetFiles.request(file, PROJECTION));
    assertThat(expected).as("the intact file reads").hasSize(ROWS);
    int errors = 0;
    int read = 0;
    for (int offset : DamagedFiles.flips(whole.length)) {
      byte[] damaged = whole.clone();
      damaged[offset] ^= (byte) (1 << (offset % 8));
      Path flipped = directory.resolve("flipped-" + offset + ".parquet");
      Files.write(flipped, damaged);
      Outcome outcome = read(flipped, damaged.length);
      if (outcome.error() != null) {
        assertThat(outcome.error().getMessage())
            .as("the error for a bit flipped at %d names the file", offset)
            .contains(flipped.toString());
        errors++;
      } else {
        read++;
      }
      Files.delete(flipped);
    }
    assertThat(errors + read).as("flips tried").isGreaterThan(200);
    assertThat(errors).as("flips in headers and the footer are caught").isPositive();
  }

  @Test
  void aRecordCountThatDisagreesWithTheFooterIsCorrupt() throws IOException {
    Path file = write(CompressionCodecName.SNAPPY);
    FileReadRequest request = ParquetFiles.request(file, PROJECTION);

    try (var reader = FileReaders.open(new LocalFileIO(), request, ROWS)) {
      assertThat(reader.hasNext()).as("the manifest's count agrees: the file reads").isTrue();
    }
    assertThatThrownBy(() -> FileReaders.open(new LocalFileIO(), request, ROWS + 1))
        .isInstanceOf(CorruptTableException.class)
        .hasMessage(
            "Cannot read data file "
                + file
                + ": its manifest entry gives "
                + (ROWS + 1)
                + " rows, its Parquet footer "
                + ROWS);
  }

  /** Reads {@code file} whole; a Floe error is an outcome, any other throwable fails the test. */
  private static Outcome read(Path file, long declaredSize) {
    return Assertions.assertTimeoutPreemptively(
        BOUND,
        () -> {
          try {
            FileReadRequest request =
                new FileReadRequest(
                    file.toString(),
                    dev.floe.manifest.FileFormat.PARQUET,
                    0,
                    declaredSize,
                    declaredSize,
                    PROJECTION,
                    Map.of(),
                    null,
                    dev.floe.expr.Expression.alwaysTrue(),
                    1024);
            return new Outcome(ParquetFiles.readRows(request).size(), null);
          } catch (FloeException expected) {
            return new Outcome(-1, expected);
          } catch (RuntimeException | OutOfMemoryError | StackOverflowError other) {
            return fail("Reading " + file + " threw " + other + ", not a Floe error", other);
          }
        },
        () -> "reading " + file + " did not end within " + BOUND);
  }

  private record Outcome(int rows, FloeException error) {}

  private Path write(CompressionCodecName codec) throws IOException {
    SimpleGroupFactory factory = new SimpleGroupFactory(FILE_SCHEMA);
    List<Group> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      Group group = factory.newGroup();
      group.add(0, (long) i * 7);
      if (i % 11 != 0) {
        group.add(1, "category-" + (i % 5));
      }
      if (i % 13 != 0) {
        group.add(2, i * 0.5);
      }
      rows.add(group);
    }
    return ParquetFiles.write(
        directory.resolve("events-" + codec + ".parquet"),
        FILE_SCHEMA,
        rows,
        builder ->
            builder.withCompressionCodec(codec).withRowGroupSize(8L * 1024).withPageSize(2048));
  }
}
