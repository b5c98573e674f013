package dev.floe.spark.exec;

import dev.floe.expr.Expression;
import dev.floe.io.CloseableIterator;
import dev.floe.io.FileIO;
import dev.floe.scan.task.ReadTask;
import dev.floe.scan.task.ScanContext;
import dev.floe.spark.deletes.DeleteFilter;
import dev.floe.spark.deletes.DeleteLoader;
import dev.floe.spark.deletes.RowSelection;
import dev.floe.spark.deletes.TaskDeletes;
import dev.floe.spark.read.FileReaders;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NameMapping;
import dev.floe.table.NestedField;
import dev.floe.table.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads one task in four stages: the decoder reads the scan's columns plus the helpers the later
 * stages need ({@code _pos} for deleted positions, equality and filter columns the query did not
 * select); the {@link DeleteFilter} finds the deleted rows of each batch; the {@link RowFilter} the
 * rows that satisfy the task's residual of the row filter; the {@link BatchProjection} hands Spark
 * the scan's columns of the rows kept. Batches left without rows are skipped, and a task whose
 * residual is false is not opened.
 */
public final class TaskReader implements CloseableIterator<ColumnarBatch> {
  private final CloseableIterator<ColumnarBatch> decoder;
  private final DeleteFilter filter;
  private final RowFilter rowFilter;
  private final BatchProjection projection;
  private ColumnarBatch next;
  private long deletedRows;

  private TaskReader(
      CloseableIterator<ColumnarBatch> decoder,
      DeleteFilter filter,
      RowFilter rowFilter,
      BatchProjection projection) {
    this.decoder = decoder;
    this.filter = filter;
    this.rowFilter = rowFilter;
    this.projection = projection;
  }

  /** Opens a task, settling the context's row filter for it without a shared cache. */
  static TaskReader open(
      FileIO io,
      ScanContext context,
      NameMapping nameMapping,
      DeleteLoader deletes,
      ReadTask task) {
    return open(io, context, nameMapping, deletes, task, RowFilterResiduals.of(context));
  }

  static TaskReader open(
      FileIO io,
      ScanContext context,
      NameMapping nameMapping,
      DeleteLoader deletes,
      ReadTask task,
      RowFilterResiduals residuals) {
    Expression residual = residuals.residualFor(task.task());
    if (residual == Expression.alwaysFalse()) {
      return new TaskReader(nothing(), null, null, null);
    }
    TaskDeletes loaded = deletes.load(task.task());
    Schema decoded = decodedSchema(context.projection(), context.readSchema(), loaded, residual);
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
    RowFilter rowFilter =
        residual == Expression.alwaysTrue()
            ? null
            : RowFilter.of(residual, decoded, context.batchSize());
    return new TaskReader(
        FileReaders.open(
            io, task.request(context, nameMapping, decoded), task.task().file().recordCount()),
        filter,
        rowFilter,
        projection);
  }

  /**
   * The columns to decode: the scan's, less {@code _deleted} (the projection stage makes it), plus
   * the helper columns the delete filter and the row filter read.
   *
   * @param residual the task's residual of the row filter, bound to {@code readSchema}
   */
  static Schema decodedSchema(
      Schema projection, Schema readSchema, TaskDeletes deletes, Expression residual) {
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
    for (int fieldId : residual.referencedFieldIds()) {
      if (!contains(columns, fieldId)) {
        NestedField column = readSchema.column(fieldId);
        if (column == null) {
          throw new IllegalArgumentException(
              "The row filter reads field " + fieldId + ", not a top-level column: " + residual);
        }
        columns.add(column);
      }
    }
    return new Schema(projection.schemaId(), columns, projection.identifierFieldIds());
  }

  /** The decoder of a task whose residual is false: its file is never opened. */
  private static CloseableIterator<ColumnarBatch> nothing() {
    return new CloseableIterator<>() {
      @Override
      public boolean hasNext() {
        return false;
      }

      @Override
      public ColumnarBatch next() {
        throw new NoSuchElementException("A task whose rows all fail the row filter has no batch");
      }

      @Override
      public void close() {}
    };
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
      if (rowFilter != null && rowFilter.select(decoded) == 0) {
        continue;
      }
      ColumnarBatch projected = projection.project(decoded, selection, rowFilter);
      if (projected.numRows() > 0) {
        next = projected;
      }
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
      if (projection != null) {
        projection.close();
      }
    }
  }
}
