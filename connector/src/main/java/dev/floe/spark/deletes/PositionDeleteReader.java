package dev.floe.spark.deletes;

import dev.floe.CorruptTableException;
import dev.floe.deletes.PositionIndex;
import dev.floe.deletes.PositionIndexBuilder;
import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.io.CloseableIterator;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Reads the rows ({@code file_path}, {@code pos}) of a Parquet or Avro position delete file: for
 * one data file (the residual {@code file_path = <data file>} lets the Parquet reader skip row
 * groups whose bounds exclude it), or for every data file at once, when a partition-scoped file
 * serves many data files of an executor.
 */
final class PositionDeleteReader {
  /** The spec's reserved field ids of position delete files. */
  static final NestedField FILE_PATH =
      NestedField.required(Integer.MAX_VALUE - 101, "file_path", PrimitiveType.of(TypeId.STRING));

  static final NestedField POSITION =
      NestedField.required(Integer.MAX_VALUE - 102, "pos", PrimitiveType.of(TypeId.LONG));

  static final Schema SCHEMA = new Schema(0, List.of(FILE_PATH, POSITION), Set.of());

  /** The deleted positions of each data file a position delete file names. */
  record ByDataFile(Map<String, PositionIndex> positions, long sizeInBytes) {
    ByDataFile {
      positions = Map.copyOf(positions);
    }

    PositionIndex positionsOf(String dataFile) {
      return positions.getOrDefault(dataFile, PositionIndex.empty());
    }
  }

  @FunctionalInterface
  private interface RowConsumer {
    void accept(ColumnVector paths, ColumnVector positions, int row);
  }

  private final String table;
  private final BiFunction<DeleteFile, Expression, CloseableIterator<ColumnarBatch>> open;

  /**
   * @param open opens a delete file's rows with {@link #SCHEMA} as projection and a residual
   */
  PositionDeleteReader(
      String table, BiFunction<DeleteFile, Expression, CloseableIterator<ColumnarBatch>> open) {
    this.table = table;
    this.open = open;
  }

  /** The positions {@code delete} deletes from {@code dataFile}. */
  PositionIndex read(DeleteFile delete, String dataFile) {
    Expression onlyThisFile =
        Binder.bind(SCHEMA, Expression.equal(FILE_PATH.name(), dataFile), true);
    UTF8String target = UTF8String.fromBytes(dataFile.getBytes(StandardCharsets.UTF_8));
    PositionIndexBuilder builder = PositionIndex.builder();
    scan(
        delete,
        onlyThisFile,
        (paths, positions, row) -> {
          if (target.equals(paths.getUTF8String(row))) {
            builder.add(position(delete, positions, row));
          }
        });
    return builder.build();
  }

  /** The positions {@code delete} deletes, by data file. */
  ByDataFile readAll(DeleteFile delete) {
    Map<String, PositionIndexBuilder> builders = new HashMap<>();
    // rows are sorted by file_path, so the previous row's builder is usually the one
    UTF8String[] previousPath = {null};
    PositionIndexBuilder[] previous = {null};
    scan(
        delete,
        Expression.alwaysTrue(),
        (paths, positions, row) -> {
          UTF8String path = paths.getUTF8String(row);
          if (!path.equals(previousPath[0])) {
            previousPath[0] = path.copy();
            previous[0] =
                builders.computeIfAbsent(path.toString(), name -> PositionIndex.builder());
          }
          previous[0].add(position(delete, positions, row));
        });
    Map<String, PositionIndex> positions = new HashMap<>();
    long size = 64;
    for (Map.Entry<String, PositionIndexBuilder> entry : builders.entrySet()) {
      PositionIndex index = entry.getValue().build();
      positions.put(entry.getKey(), index);
      size += 96 + 2L * entry.getKey().length() + index.sizeInBytes();
    }
    return new ByDataFile(positions, size);
  }

  /**
   * Checks that {@code positions} lie within the data file's rows: a delete past the end names a
   * row the file does not have, so the delete file and the manifest disagree.
   *
   * @return {@code positions}
   */
  PositionIndex checkWithin(PositionIndex positions, DeleteFile delete, DataFile file) {
    long[] beyond = {-1};
    positions.forEachRunIn(
        file.recordCount(),
        Long.MAX_VALUE,
        (runStart, runEnd) -> beyond[0] = beyond[0] < 0 ? runStart : beyond[0]);
    if (beyond[0] >= 0) {
      throw new CorruptTableException(
          (delete.isDeletionVector()
                  ? "Deletion vector in "
                      + delete.location()
                      + " at offset "
                      + delete.contentOffset()
                  : "Position delete file " + delete.location())
              + " of table "
              + table
              + " deletes position "
              + beyond[0]
              + " of "
              + file.location()
              + ", which has "
              + file.recordCount()
              + " rows");
    }
    return positions;
  }

  private void scan(DeleteFile delete, Expression residual, RowConsumer consumer) {
    try (CloseableIterator<ColumnarBatch> batches = open.apply(delete, residual)) {
      while (batches.hasNext()) {
        ColumnarBatch batch = batches.next();
        ColumnVector paths = batch.column(0);
        ColumnVector positions = batch.column(1);
        for (int row = 0; row < batch.numRows(); row++) {
          if (paths.isNullAt(row) || positions.isNullAt(row)) {
            throw new CorruptTableException(
                "Position delete file "
                    + delete.location()
                    + " of table "
                    + table
                    + " has a null file_path or pos in row "
                    + row
                    + " of a batch");
          }
          consumer.accept(paths, positions, row);
        }
      }
    }
  }

  private long position(DeleteFile delete, ColumnVector positions, int row) {
    long position = positions.getLong(row);
    if (position < 0) {
      throw new CorruptTableException(
          "Position delete file "
              + delete.location()
              + " of table "
              + table
              + " has a negative position "
              + position);
    }
    return position;
  }
}
