package dev.floe.spark.deletes;

import dev.floe.deletes.PositionIndex;
import dev.floe.deletes.PositionIndexBuilder;
import dev.floe.expr.Expression;
import dev.floe.io.CloseableIterator;
import dev.floe.io.FileIO;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.scan.task.FileReadRequest;
import dev.floe.spark.read.FileReaders;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NameMapping;
import dev.floe.table.NestedField;
import dev.floe.table.Schema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Applies an equality delete file too large to hold as a set without holding it: the split's own
 * rows are indexed by key first (their equality columns and positions, bounded by the split's
 * size), then the delete file is streamed past that index, and every data row a delete row matches
 * becomes a deleted position. Memory follows the data split, not the delete file; the price is
 * reading the split's equality columns twice.
 */
final class StreamedEqualityDeletes {
  private final FileIO io;
  private final NameMapping nameMapping;
  private final int batchSize;
  private final boolean verifyDataChecksums;
  private final BiFunction<DeleteFile, List<NestedField>, CloseableIterator<ColumnarBatch>>
      deleteRows;

  /**
   * @param deleteRows opens a delete file's equality columns, as the loader reads them
   */
  StreamedEqualityDeletes(
      FileIO io,
      NameMapping nameMapping,
      int batchSize,
      boolean verifyDataChecksums,
      BiFunction<DeleteFile, List<NestedField>, CloseableIterator<ColumnarBatch>> deleteRows) {
    this.io = io;
    this.nameMapping = nameMapping;
    this.batchSize = batchSize;
    this.verifyDataChecksums = verifyDataChecksums;
    this.deleteRows = deleteRows;
  }

  /**
   * The positions in {@code [start, start + length)} of {@code file} that {@code delete} deletes.
   */
  PositionIndex positions(
      DataFile file,
      long start,
      long length,
      DeleteFile delete,
      List<NestedField> fields,
      String where) {
    Map<Object, List<Long>> positionsByKey = indexSplit(file, start, length, fields, where);
    PositionIndexBuilder deleted = PositionIndex.builder();
    EqualityKeyReader keys = EqualityKeyReader.ofLeadingColumns(fields, where);
    try (CloseableIterator<ColumnarBatch> batches = deleteRows.apply(delete, fields)) {
      while (batches.hasNext() && !positionsByKey.isEmpty()) {
        ColumnarBatch batch = batches.next();
        for (int row = 0; row < batch.numRows(); row++) {
          List<Long> matched = positionsByKey.remove(keys.probeKey(batch, row));
          if (matched != null) {
            matched.forEach(deleted::add);
          }
        }
      }
    }
    return deleted.build();
  }

  /** Every row of the split, by its equality key. */
  private Map<Object, List<Long>> indexSplit(
      DataFile file, long start, long length, List<NestedField> fields, String where) {
    List<NestedField> columns = new ArrayList<>(fields);
    columns.add(MetadataColumns.ROW_POSITION);
    EqualityKeyReader keys = EqualityKeyReader.ofLeadingColumns(fields, where);
    Map<Object, List<Long>> positionsByKey = new HashMap<>();
    FileReadRequest request =
        new FileReadRequest(
            file.location(),
            file.format(),
            start,
            length,
            file.fileSizeInBytes(),
            new Schema(0, columns, Set.of()),
            Map.of(),
            nameMapping,
            Expression.alwaysTrue(),
            batchSize,
            verifyDataChecksums);
    try (CloseableIterator<ColumnarBatch> batches = FileReaders.open(io, request)) {
      while (batches.hasNext()) {
        ColumnarBatch batch = batches.next();
        ColumnVector positions = batch.column(fields.size());
        for (int row = 0; row < batch.numRows(); row++) {
          positionsByKey
              .computeIfAbsent(keys.copiedKey(batch, row), key -> new ArrayList<>(1))
              .add(positions.getLong(row));
        }
      }
    }
    return positionsByKey;
  }
}
