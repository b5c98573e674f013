package dev.floe.spark.deletes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.InvalidRequestException;
import dev.floe.deletes.PositionIndex;
import dev.floe.io.LocalFileIO;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TypeId;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The delete loader on position delete files and deletion vectors, through its cache. */
class TestDeleteLoader {
  private static final String TABLE = "db.events";
  private static final String FILE_A = "file:/t/data/a.parquet";
  private static final String FILE_B = "file:/t/data/b.parquet";

  /** The table's columns as the scan reads them: id was an int, promoted to long. */
  private static final NestedField ID =
      NestedField.optional(1, "id", PrimitiveType.of(TypeId.LONG));

  private static final NestedField NAME =
      NestedField.optional(2, "name", PrimitiveType.of(TypeId.STRING));
  private static final NestedField POINT =
      NestedField.optional(
          3,
          "point",
          new StructType(List.of(NestedField.optional(4, "x", PrimitiveType.of(TypeId.INT)))));
  private static final Schema READ_SCHEMA = new Schema(1, List.of(ID, NAME, POINT), Set.of());

  @TempDir Path directory;

  private DeleteCache cache = new DeleteCache(DeleteCache.DEFAULT_MAX_BYTES);

  /** Reads position delete files per data file, skipping row groups, whatever their size. */
  private DeleteLoader loader() {
    return new DeleteLoader(new LocalFileIO(), TABLE, READ_SCHEMA, null, cache, 64, true, 0);
  }

  /** Reads small partition-scoped position delete files whole, as executors do by default. */
  private DeleteLoader wholeFileLoader() {
    return new DeleteLoader(new LocalFileIO(), TABLE, READ_SCHEMA, null, cache, 64);
  }

  private static final String FILE_C = "file:/t/data/c.parquet";

  private static List<Group> positionRows(Object... pathsAndPositions) {
    SimpleGroupFactory groups = new SimpleGroupFactory(DeleteFiles.POSITION_SCHEMA);
    List<Group> rows = new ArrayList<>();
    for (int index = 0; index < pathsAndPositions.length; index += 2) {
      rows.add(
          groups
              .newGroup()
              .append("file_path", (String) pathsAndPositions[index])
              .append("pos", ((Number) pathsAndPositions[index + 1]).longValue()));
    }
    return rows;
  }

  private static List<Long> deleted(PositionIndex index) {
    List<Long> positions = new ArrayList<>();
    index.forEachRunIn(
        0,
        1L << 40,
        (start, end) -> {
          for (long position = start; position < end; position++) {
            positions.add(position);
          }
        });
    return positions;
  }

  @Test
  void parquetPositionDeletesTakeOnlyThisDataFilesRows() throws IOException {
    Path file =
        DeleteFiles.writeParquet(
            directory.resolve("pos.parquet"),
            DeleteFiles.POSITION_SCHEMA,
            positionRows(FILE_A, 1, FILE_A, 5, FILE_B, 2, FILE_B, 3, FILE_B, 9),
            builder -> builder);
    DeleteFile delete = DeleteFiles.positionDeletes(file, FileFormat.PARQUET, 5);

    TaskDeletes forA = loader().load(DeleteFiles.dataFile(FILE_A, 10), List.of(delete));
    TaskDeletes forB = loader().load(DeleteFiles.dataFile(FILE_B, 10), List.of(delete));

    assertThat(deleted(forA.positions())).as("positions of a").containsExactly(1L, 5L);
    assertThat(deleted(forB.positions())).as("positions of b").containsExactly(2L, 3L, 9L);
    assertThat(forA.equalityDeletes()).as("no equality deletes").isEmpty();
    assertThat(cache.loads()).as("one load per data file").isEqualTo(2);
  }

  @Test
  void smallPartitionScopedFileIsReadOnceForAllItsDataFiles() throws IOException {
    Path file =
        DeleteFiles.writeParquet(
            directory.resolve("pos.parquet"),
            DeleteFiles.POSITION_SCHEMA,
            positionRows(FILE_A, 1, FILE_A, 5, FILE_B, 2, FILE_B, 3, FILE_B, 9),
            builder -> builder);
    DeleteFile delete = DeleteFiles.positionDeletes(file, FileFormat.PARQUET, 5);

    TaskDeletes forA = wholeFileLoader().load(DeleteFiles.dataFile(FILE_A, 10), List.of(delete));
    TaskDeletes forB = wholeFileLoader().load(DeleteFiles.dataFile(FILE_B, 10), List.of(delete));
    TaskDeletes forC = wholeFileLoader().load(DeleteFiles.dataFile(FILE_C, 10), List.of(delete));

    assertThat(deleted(forA.positions())).as("positions of a").containsExactly(1L, 5L);
    assertThat(deleted(forB.positions())).as("positions of b").containsExactly(2L, 3L, 9L);
    assertThat(forC.isEmpty()).as("c is not named by the file").isTrue();
    assertThat(cache.loads()).as("one load for the three data files").isEqualTo(1);
    assertThatThrownBy(
            () -> wholeFileLoader().load(DeleteFiles.dataFile(FILE_B, 9), List.of(delete)))
        .as("the row count is checked per data file, also for a file read whole")
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("deletes position 9 of " + FILE_B + ", which has 9 rows");
  }

  @Test
  void severalPositionDeleteFilesAreUnited() throws IOException {
    Path first =
        DeleteFiles.writeParquet(
            directory.resolve("pos-1.parquet"),
            DeleteFiles.POSITION_SCHEMA,
            positionRows(FILE_A, 1, FILE_A, 2),
            builder -> builder);
    Path second =
        DeleteFiles.writeAvro(
            directory.resolve("pos-2.avro"),
            DeleteFiles.AVRO_POSITION_SCHEMA,
            avroPositions(FILE_A, 2, FILE_A, 7));

    TaskDeletes deletes =
        loader()
            .load(
                DeleteFiles.dataFile(FILE_A, 10),
                List.of(
                    DeleteFiles.positionDeletes(first, FileFormat.PARQUET, 2),
                    DeleteFiles.positionDeletes(second, FileFormat.AVRO, 2)));

    assertThat(deleted(deletes.positions())).as("union of both files").containsExactly(1L, 2L, 7L);
  }

  private static List<GenericRecord> avroPositions(Object... pathsAndPositions) {
    org.apache.avro.Schema schema =
        new org.apache.avro.Schema.Parser().parse(DeleteFiles.AVRO_POSITION_SCHEMA);
    List<GenericRecord> records = new ArrayList<>();
    for (int index = 0; index < pathsAndPositions.length; index += 2) {
      GenericRecord record = new GenericData.Record(schema);
      record.put("file_path", pathsAndPositions[index]);
      record.put("pos", ((Number) pathsAndPositions[index + 1]).longValue());
      records.add(record);
    }
    return records;
  }

  @Test
  void avroPositionDeletes() throws IOException {
    Path file =
        DeleteFiles.writeAvro(
            directory.resolve("pos.avro"),
            DeleteFiles.AVRO_POSITION_SCHEMA,
            avroPositions(FILE_A, 0, FILE_B, 4, FILE_B, 5, FILE_C, 1));

    TaskDeletes deletes =
        loader()
            .load(
                DeleteFiles.dataFile(FILE_B, 6),
                List.of(DeleteFiles.positionDeletes(file, FileFormat.AVRO, 4)));

    assertThat(deleted(deletes.positions())).as("positions of b").containsExactly(4L, 5L);
    assertThat(deletes.needsPositions()).as("positions need _pos").isTrue();
  }

  @Test
  void positionBeyondTheDataFileIsCorrupt() throws IOException {
    Path file =
        DeleteFiles.writeParquet(
            directory.resolve("pos.parquet"),
            DeleteFiles.POSITION_SCHEMA,
            positionRows(FILE_A, 3, FILE_A, 10),
            builder -> builder);
    DeleteFile delete = DeleteFiles.positionDeletes(file, FileFormat.PARQUET, 2);

    assertThatThrownBy(() -> loader().load(DeleteFiles.dataFile(FILE_A, 10), List.of(delete)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Position delete file " + file)
        .hasMessageContaining("of table " + TABLE)
        .hasMessageContaining("deletes position 10 of " + FILE_A + ", which has 10 rows");
    assertThat(cache.totalBytes()).as("a failed load is not cached").isZero();
  }

  /**
   * A partition-scoped position delete file sorted by file_path, written in many row groups; the
   * row groups that hold no row of b (their file_path bounds exclude it) are then corrupted on
   * disk. Loading b's positions succeeds only if those row groups are skipped unread.
   */
  @Test
  void partitionScopedFileSkipsRowGroupsThatExcludeTheDataFile() throws IOException {
    List<Object> rows = new ArrayList<>();
    for (String dataFile : List.of(FILE_A, FILE_B, FILE_C)) {
      for (long position = 0; position < 2000; position++) {
        rows.add(dataFile);
        rows.add(position * 3);
      }
    }
    Path file =
        DeleteFiles.writeParquet(
            directory.resolve("partition-deletes.parquet"),
            DeleteFiles.POSITION_SCHEMA,
            positionRows(rows.toArray()),
            builder ->
                builder
                    .withRowGroupSize(4 * 1024L)
                    .withPageRowCountLimit(100)
                    .withDictionaryEncoding(false));
    int corrupted = 0;
    int kept = 0;
    try (ParquetFileReader reader =
            ParquetFileReader.open(
                HadoopInputFile.fromPath(
                    new org.apache.hadoop.fs.Path(file.toUri()),
                    new org.apache.hadoop.conf.Configuration()));
        RandomAccessFile raw = new RandomAccessFile(file.toFile(), "rw")) {
      for (BlockMetaData block : reader.getRowGroups()) {
        ColumnChunkMetaData paths = block.getColumns().get(0);
        Binary min = (Binary) paths.getStatistics().genericGetMin();
        Binary max = (Binary) paths.getStatistics().genericGetMax();
        boolean holdsB =
            min.toStringUsingUTF8().compareTo(FILE_B) <= 0
                && max.toStringUsingUTF8().compareTo(FILE_B) >= 0;
        if (holdsB) {
          kept++;
          continue;
        }
        corrupted++;
        for (ColumnChunkMetaData column : block.getColumns()) {
          raw.seek(column.getStartingPos());
          byte[] garbage = new byte[(int) column.getTotalSize()];
          Arrays.fill(garbage, (byte) 0x7F);
          raw.write(garbage);
        }
      }
    }
    assertThat(corrupted).as("row groups of a and c, corrupted").isGreaterThanOrEqualTo(2);
    assertThat(kept).as("row groups holding b").isGreaterThanOrEqualTo(1);
    DeleteFile delete = DeleteFiles.positionDeletes(file, FileFormat.PARQUET, 6000);

    TaskDeletes forB = loader().load(DeleteFiles.dataFile(FILE_B, 6000), List.of(delete));

    assertThat(forB.positions().cardinality()).as("every position of b").isEqualTo(2000);
    assertThat(forB.positions().isDeleted(3 * 1999)).as("b's last position").isTrue();
    assertThat(forB.positions().isDeleted(1)).as("not a deleted position").isFalse();
    // the corruption is real: a data file whose row groups were corrupted cannot be loaded
    assertThatThrownBy(() -> loader().load(DeleteFiles.dataFile(FILE_A, 6000), List.of(delete)))
        .as("reading a corrupted row group fails")
        .hasMessageContaining(file.toString());
  }

  @Test
  void orcDeleteFilesAreRefused() {
    DeleteFile orc =
        DeleteFiles.deleteFile(
            FileContent.POSITION_DELETES,
            "file:/t/deletes/pos.orc",
            FileFormat.ORC,
            1,
            100,
            List.of());
    DeleteFile orcEquality =
        DeleteFiles.deleteFile(
            FileContent.EQUALITY_DELETES,
            "file:/t/deletes/eq.orc",
            FileFormat.ORC,
            1,
            100,
            List.of(1));

    assertThatThrownBy(() -> loader().load(DeleteFiles.dataFile(FILE_A, 10), List.of(orc)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining(
            "Cannot read position delete file file:/t/deletes/pos.orc of table "
                + TABLE
                + ": Floe reads delete files in Parquet and Avro, not ORC");
    assertThatThrownBy(() -> loader().load(DeleteFiles.dataFile(FILE_A, 10), List.of(orcEquality)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Cannot read equality delete file file:/t/deletes/eq.orc");
  }

  @Test
  void cacheSharesADeletionVectorBetweenTasksOfOneDataFile() throws IOException {
    DeleteFile vector =
        DeleteFiles.writeDeletionVector(directory.resolve("dv.puffin"), FILE_A, 2, 3, 1L << 33);
    DataFile dataFile = DeleteFiles.dataFile(FILE_A, (1L << 33) + 1);

    TaskDeletes firstSplit = loader().load(dataFile, List.of(vector));
    TaskDeletes secondSplit = loader().load(dataFile, List.of(vector));

    assertThat(deleted(firstSplit.positions()))
        .as("the vector's positions")
        .containsExactly(2L, 3L, 1L << 33);
    assertThat(cache.loads()).as("loaded once for both splits").isEqualTo(1);
    assertThat(secondSplit.positions()).as("the same index").isSameAs(firstSplit.positions());
  }

  @Test
  void deletionVectorOfAnotherDataFileIsCorrupt() throws IOException {
    DeleteFile vector = DeleteFiles.writeDeletionVector(directory.resolve("dv.puffin"), FILE_B, 1);

    assertThatThrownBy(() -> loader().load(DeleteFiles.dataFile(FILE_A, 10), List.of(vector)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(
            "Deletion vector in "
                + vector.location()
                + " at offset 4 of table "
                + TABLE
                + " references "
                + FILE_B
                + " but was planned for "
                + FILE_A);
  }

  @Test
  void deletionVectorPastTheDataFilesRowsIsCorrupt() throws IOException {
    DeleteFile vector =
        DeleteFiles.writeDeletionVector(directory.resolve("dv.puffin"), FILE_A, 3, 12);

    assertThatThrownBy(() -> loader().load(DeleteFiles.dataFile(FILE_A, 10), List.of(vector)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(
            "Deletion vector in "
                + vector.location()
                + " at offset 4 of table "
                + TABLE
                + " deletes position 12 of "
                + FILE_A
                + ", which has 10 rows");
  }

  @Test
  void noDeleteFilesLoadNothing() {
    TaskDeletes deletes = loader().load(DeleteFiles.dataFile(FILE_A, 10), List.of());

    assertThat(deletes).as("no deletes").isSameAs(TaskDeletes.none());
    assertThat(deletes.isEmpty()).as("empty").isTrue();
    assertThat(cache.loads()).as("nothing loaded").isZero();
  }
}
