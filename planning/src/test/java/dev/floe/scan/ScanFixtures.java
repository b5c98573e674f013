package dev.floe.scan;

import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.PartitionValues;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Hand-built content files for scan tests: a table (id long, category string) by category. */
final class ScanFixtures {
  static final Schema SCHEMA =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "category", PrimitiveType.of(TypeId.STRING))),
          Set.of());
  static final PartitionSpec UNPARTITIONED = PartitionSpec.unpartitioned(0);
  static final PartitionSpec BY_CATEGORY =
      new PartitionSpec(1, List.of(new PartitionField(2, 1000, "category", "identity")));
  static final Map<Integer, PartitionSpec> SPECS = Map.of(0, UNPARTITIONED, 1, BY_CATEGORY);

  static final PartitionValues BOOKS = PartitionValues.of("books");
  static final PartitionValues GAMES = PartitionValues.of("games");

  private ScanFixtures() {}

  static DataFile dataFile(String name, int specId, PartitionValues partition, long sequence) {
    return dataFile(name, specId, partition, sequence, 1000, List.of(), ColumnMetrics.EMPTY);
  }

  static DataFile dataFile(
      String name,
      int specId,
      PartitionValues partition,
      long sequence,
      long size,
      List<Long> splitOffsets,
      ColumnMetrics metrics) {
    return new DataFile(
        "file:/t/data/" + name,
        FileFormat.PARQUET,
        specId,
        partition,
        100,
        size,
        metrics,
        splitOffsets,
        null,
        null,
        null,
        sequence,
        sequence);
  }

  static DeleteFile positionDeletes(
      String name, int specId, PartitionValues partition, long sequence) {
    return deleteFile(
        FileContent.POSITION_DELETES, name, specId, partition, sequence, ColumnMetrics.EMPTY, null);
  }

  static DeleteFile fileScopedPositionDeletes(
      String name, DataFile dataFile, long sequence, boolean byReference) {
    ByteBuffer path = ByteBuffer.wrap(dataFile.location().getBytes(StandardCharsets.UTF_8));
    ColumnMetrics metrics =
        byReference
            ? ColumnMetrics.EMPTY
            : new ColumnMetrics(
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of(DeleteFileIndex.DELETE_FILE_PATH_FIELD_ID, path),
                Map.of(DeleteFileIndex.DELETE_FILE_PATH_FIELD_ID, path.duplicate()));
    return deleteFile(
        FileContent.POSITION_DELETES,
        name,
        dataFile.specId(),
        dataFile.partition(),
        sequence,
        metrics,
        byReference ? dataFile.location() : null);
  }

  static DeleteFile deletionVector(String puffin, DataFile dataFile, long sequence, long offset) {
    return new DeleteFile(
        FileContent.POSITION_DELETES,
        "file:/t/data/" + puffin,
        FileFormat.PUFFIN,
        dataFile.specId(),
        dataFile.partition(),
        3,
        500,
        ColumnMetrics.EMPTY,
        List.of(),
        dataFile.location(),
        offset,
        40L,
        List.of(),
        null,
        null,
        sequence,
        sequence);
  }

  static DeleteFile equalityDeletes(
      String name, int specId, PartitionValues partition, long sequence, ColumnMetrics metrics) {
    return deleteFile(
        FileContent.EQUALITY_DELETES, name, specId, partition, sequence, metrics, null);
  }

  /** Equality deletes on {@code category} (field 2, optional). */
  static DeleteFile categoryDeletes(String name, long sequence, ColumnMetrics metrics) {
    DeleteFile onId = equalityDeletes(name, 1, BOOKS, sequence, metrics);
    return new DeleteFile(
        onId.content(),
        onId.location(),
        onId.format(),
        onId.specId(),
        onId.partition(),
        onId.recordCount(),
        onId.fileSizeInBytes(),
        metrics,
        List.of(2),
        null,
        null,
        null,
        List.of(),
        null,
        null,
        sequence,
        sequence);
  }

  /** Value and null counts on {@code category} (field 2), no bounds. */
  static ColumnMetrics categoryCounts(long values, long nulls) {
    return new ColumnMetrics(
        Map.of(), Map.of(2, values), Map.of(2, nulls), Map.of(), Map.of(), Map.of());
  }

  private static DeleteFile deleteFile(
      FileContent content,
      String name,
      int specId,
      PartitionValues partition,
      long sequence,
      ColumnMetrics metrics,
      String referencedDataFile) {
    return new DeleteFile(
        content,
        "file:/t/data/" + name,
        FileFormat.PARQUET,
        specId,
        partition,
        10,
        200,
        metrics,
        content == FileContent.EQUALITY_DELETES ? List.of(1) : List.of(),
        referencedDataFile,
        null,
        null,
        List.of(),
        null,
        null,
        sequence,
        sequence);
  }

  /** Metrics on column {@code id} (field 1): value and null counts, and long bounds. */
  static ColumnMetrics idMetrics(long values, long nulls, Long lower, Long upper) {
    return new ColumnMetrics(
        Map.of(),
        Map.of(1, values),
        Map.of(1, nulls),
        Map.of(),
        lower == null ? Map.of() : Map.of(1, longBytes(lower)),
        upper == null ? Map.of() : Map.of(1, longBytes(upper)));
  }

  static ByteBuffer longBytes(long value) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, value);
  }
}
