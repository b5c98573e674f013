package dev.floe.spark.deletes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.floe.FloeException;
import dev.floe.io.LocalFileIO;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.spark.read.parquet.DamagedFiles;
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
import java.util.Set;
import java.util.function.Function;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Truncated delete files. A delete file that loads partly would bring deleted rows back, so every
 * truncation of a position delete file (Parquet or Avro), an equality delete file and a deletion
 * vector's Puffin file, whatever size its manifest entry gives, must be a Floe error naming the
 * file — never fewer deletes, another exception type or a load that does not end.
 */
class TestDeleteFileBadInput {
  private static final String TABLE = "db.events";
  private static final String DATA_FILE = "file:/t/data/a.parquet";
  private static final int POSITIONS = 6_000;
  private static final long DATA_ROWS = 3L * POSITIONS;
  private static final Duration BOUND = Duration.ofSeconds(20);
  private static final Schema READ_SCHEMA =
      new Schema(
          1, List.of(NestedField.optional(1, "id", PrimitiveType.of(TypeId.LONG))), Set.of());

  @TempDir Path directory;

  @Test
  void everyTruncationOfAParquetPositionDeleteFileIsAnError() throws IOException {
    SimpleGroupFactory groups = new SimpleGroupFactory(DeleteFiles.POSITION_SCHEMA);
    List<Group> rows = new ArrayList<>();
    for (long position : positions()) {
      rows.add(groups.newGroup().append("file_path", DATA_FILE).append("pos", position));
    }
    Path file =
        DeleteFiles.writeParquet(
            directory.resolve("pos.parquet"),
            DeleteFiles.POSITION_SCHEMA,
            rows,
            builder -> builder.withPageSize(4096).withRowGroupSize(16L * 1024));

    assertEveryCutFails(file, FileContent.POSITION_DELETES, FileFormat.PARQUET, List.of());
  }

  @Test
  void everyTruncationOfAnAvroPositionDeleteFileIsAnError() throws IOException {
    org.apache.avro.Schema schema =
        new org.apache.avro.Schema.Parser().parse(DeleteFiles.AVRO_POSITION_SCHEMA);
    List<GenericRecord> records = new ArrayList<>();
    for (long position : positions()) {
      GenericRecord record = new GenericData.Record(schema);
      record.put("file_path", DATA_FILE);
      record.put("pos", position);
      records.add(record);
    }
    Path file =
        DeleteFiles.writeAvro(
            directory.resolve("pos.avro"), DeleteFiles.AVRO_POSITION_SCHEMA, records);

    assertEveryCutFails(file, FileContent.POSITION_DELETES, FileFormat.AVRO, List.of());
  }

  @Test
  void everyTruncationOfAnEqualityDeleteFileIsAnError() throws IOException {
    MessageType equalitySchema =
        Types.buildMessage().required(PrimitiveTypeName.INT64).id(1).named("id").named("delete");
    SimpleGroupFactory groups = new SimpleGroupFactory(equalitySchema);
    List<Group> rows = new ArrayList<>();
    for (long id : positions()) {
      rows.add(groups.newGroup().append("id", id));
    }
    Path file =
        DeleteFiles.writeParquet(
            directory.resolve("eq.parquet"),
            equalitySchema,
            rows,
            builder -> builder.withPageSize(4096).withRowGroupSize(16L * 1024));

    assertEveryCutFails(file, FileContent.EQUALITY_DELETES, FileFormat.PARQUET, List.of(1));
  }

  @Test
  void everyTruncationOfADeletionVectorIsAnError() throws IOException {
    Path puffin = directory.resolve("dv.puffin");
    DeleteFile whole =
        DeleteFiles.writeDeletionVector(
            puffin, DATA_FILE, positions().stream().mapToLong(Long::longValue).toArray());

    // Floe reads the blob alone, by its offset and length: a Puffin file cut after the blob (its
    // footer gone) still holds every deleted position, and must load whole.
    assertEveryTruncationFails(
        puffin,
        whole.contentOffset() + whole.contentSizeInBytes(),
        truncated ->
            new DeleteFile(
                whole.content(),
                truncated.path().toString(),
                whole.format(),
                whole.specId(),
                whole.partition(),
                whole.recordCount(),
                truncated.declaredSize(),
                whole.metrics(),
                whole.equalityIds(),
                whole.referencedDataFile(),
                whole.contentOffset(),
                whole.contentSizeInBytes(),
                whole.splitOffsets(),
                whole.sortOrderId(),
                whole.keyMetadata(),
                whole.dataSequenceNumber(),
                whole.fileSequenceNumber()));
  }

  /** A truncated copy of a delete file, and the size its manifest entry gives. */
  private record Truncated(Path path, long declaredSize) {}

  /** A delete file of {@link #POSITIONS} rows that needs every byte: every cut must fail. */
  private void assertEveryCutFails(
      Path file, FileContent content, FileFormat format, List<Integer> equalityIds)
      throws IOException {
    assertEveryTruncationFails(
        file,
        file.toFile().length(),
        truncated ->
            DeleteFiles.deleteFile(
                content,
                truncated.path().toString(),
                format,
                POSITIONS,
                truncated.declaredSize(),
                equalityIds));
  }

  /**
   * Cuts {@code file} at many lengths: below {@code needed} bytes, loading it (whatever size its
   * entry gives) is a Floe error naming it; at or past them, it loads every deleted position.
   */
  private void assertEveryTruncationFails(
      Path file, long needed, Function<Truncated, DeleteFile> entry) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int failed = 0;
    for (int length : DamagedFiles.truncations(bytes.length)) {
      Path truncated = directory.resolve("truncated-" + length + "-" + file.getFileName());
      Files.write(truncated, Arrays.copyOf(bytes, length));
      for (long declared : List.of((long) length, (long) bytes.length)) {
        DeleteFile delete = entry.apply(new Truncated(truncated, declared));
        Outcome outcome = load(delete);
        if (length < needed) {
          assertThat(outcome.error())
              .as(
                  "%s cut to %d of %d bytes (entry says %d): an error, never fewer deletes",
                  file.getFileName(), length, bytes.length, declared)
              .isNotNull();
          assertThat(outcome.error().getMessage())
              .as("the error names the file")
              .contains(truncated.toString());
          failed++;
        } else {
          assertThat(outcome.deleted())
              .as(
                  "%s cut to %d of %d bytes, past the %d it needs: every position deleted",
                  file.getFileName(), length, bytes.length, needed)
              .isEqualTo(POSITIONS);
        }
      }
      Files.delete(truncated);
    }
    assertThat(failed).as("truncations that must fail, tried").isGreaterThan(50);
  }

  /** What loading a delete file gave: the positions it deletes from the data file, or its error. */
  private record Outcome(long deleted, FloeException error) {}

  /** Loads {@code delete} for the data file; a Floe error is an outcome, nothing else is. */
  private static Outcome load(DeleteFile delete) {
    return Assertions.assertTimeoutPreemptively(
        BOUND,
        () -> {
          DeleteLoader loader =
              new DeleteLoader(
                  new LocalFileIO(),
                  TABLE,
                  READ_SCHEMA,
                  null,
                  new DeleteCache(DeleteCache.DEFAULT_MAX_BYTES),
                  64,
                  true,
                  0);
          try {
            TaskDeletes deletes =
                loader.load(DeleteFiles.dataFile(DATA_FILE, DATA_ROWS), List.of(delete));
            long[] deleted = new long[1];
            deletes
                .positions()
                .forEachRunIn(0, DATA_ROWS, (start, end) -> deleted[0] += end - start);
            return new Outcome(deleted[0], null);
          } catch (FloeException expected) {
            return new Outcome(-1, expected);
          } catch (RuntimeException | OutOfMemoryError | StackOverflowError other) {
            return fail("Loading " + delete.location() + " threw " + other, other);
          }
        },
        () -> "loading " + delete.location() + " did not end within " + BOUND);
  }

  /** Every third position of the data file. */
  private static List<Long> positions() {
    List<Long> positions = new ArrayList<>();
    for (long position = 0; position < DATA_ROWS; position += 3) {
      positions.add(position);
    }
    return positions;
  }
}
