package dev.floe.spark;

import dev.floe.io.CloseableIterator;
import dev.floe.io.FileIO;
import dev.floe.spark.deletes.DeleteFilter;
import dev.floe.spark.deletes.DeleteLoader;
import dev.floe.spark.deletes.RowSelection;
import dev.floe.spark.deletes.TaskDeletes;
import dev.floe.spark.read.DataFileReaders;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NameMapping;
import dev.floe.table.NestedField;
import dev.floe.table.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads one task in three stages: the decoder reads the scan's columns plus the helpers the delete
 * filter needs ({@code _pos} for deleted positions, equality columns the query did not select); the
 * {@link DeleteFilter} selects the live rows of each batch; the {@link BatchProjection} hands Spark
 * the scan's columns of those rows. Batches whose rows are all deleted are skipped.
 */
final class TaskReader implements CloseableIterator<ColumnarBatch> {
  private final CloseableIterator<ColumnarBatch> decoder;
  private final DeleteFilter filter;
  private final BatchProjection projection;
  private ColumnarBatch next;
  private long deletedRows;

  private TaskReader(
      CloseableIterator<ColumnarBatch> decoder, DeleteFilter filter, BatchProjection projection) {
    this.decoder = decoder;
    this.filter = filter;
    this.projection = projection;
  }

  static TaskReader open(
      FileIO io,
      ScanContext context,
      NameMapping nameMapping,
      DeleteLoader deletes,
      ReadTask task) {
    TaskDeletes loaded = deletes.load(task.task());
    Schema decoded = decodedSchema(context.projection(), context.readSchema(), loaded);
    BatchProjection projection =
        BatchProjection.of(context.projection(), decoded, context.batchSize());
    DeleteFilter filter =
        loaded.isEmpty()
            ? null
            : DeleteFilter.of(
                loaded,
                decoded,
                context.batchSize(),
                "of " + task.task().file().location() + " (table " + context.table() + ")");
    return new TaskReader(
        DataFileReaders.open(io, task.request(context, nameMapping, decoded)), filter, projection);
  }

  /**
   * The columns to decode: the scan's, less {@code _deleted} (the projection stage makes it), plus
   * the helper columns the delete filter reads.
   */
  static Schema decodedSchema(Schema projection, Schema readSchema, TaskDeletes deletes) {
    List<NestedField> columns = new ArrayList<>();
    for (NestedField column : projection.columns()) {
      if (column.fieldId() != MetadataColumns.IS_DELETED_ID) {
        columns.add(column);
      }
    }
    if (deletes.needsPositions() && !contains(columns, MetadataColumns.ROW_POSITION_ID)) {
      columns.add(MetadataColumns.ROW_POSITION);
    }
    for (int fieldId : deletes.equalityFieldIds()) {
      if (!contains(columns, fieldId)) {
        columns.add(readSchema.column(fieldId));
      }
    }
    return new Schema(projection.schemaId(), columns, projection.identifierFieldIds());
  }

  private static boolean contains(List<NestedField> columns, int fieldId) {
    return columns.stream().anyMatch(column -> column.fieldId() == fieldId);
  }

  /** Rows the deletes removed so far (marked ones, when {@code _deleted} is read, included). */
  long deletedRows() {
    return deletedRows;
  }

  @Override
  public boolean hasNext() {
    while (next == null && decoder.hasNext()) {
      ColumnarBatch decoded = decoder.next();
      RowSelection selection = filter == null ? null : filter.select(decoded);
      if (selection != null) {
        deletedRows += selection.rowCount() - selection.liveCount();
        if (selection.liveCount() == 0 && !projection.keepsDeletedRows()) {
          continue;
        }
      }
      next = projection.project(decoded, selection);
    }
    return next != null;
  }

  @Override
  public ColumnarBatch next() {
    if (!hasNext()) {
      throw new NoSuchElementException("No more batches");
    }
    ColumnarBatch batch = next;
    next = null;
    return batch;
  }

  @Override
  public void close() {
    try {
      decoder.close();
    } finally {
      projection.close();
    }
  }
}
