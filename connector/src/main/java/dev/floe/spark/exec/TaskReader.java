package dev.floe.spark.exec;

import dev.floe.expr.Expression;
import dev.floe.io.CloseableIterator;
import dev.floe.io.FileIO;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.task.ReadTask;
import dev.floe.scan.task.ScanContext;
import dev.floe.spark.deletes.DeleteFilter;
import dev.floe.spark.deletes.DeleteLoader;
import dev.floe.spark.deletes.RemovedRows;
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
 * Reads one task in four stages: decode, delete filter, row filter, projection, with the {@link
 * RowLineage} stage between the first two when the scan reads a row-lineage column. The decoder
 * reads the scan's columns plus the helpers the later stages need ({@code _pos} for deleted
 * positions and inherited row ids, equality and filter columns the query did not select); the
 * {@link DeleteFilter} and then the {@link RowFilter} narrow one {@link RowSelection} per batch,
 * the first dropping deleted rows (or keeping them to be marked, when the scan reads {@code
 * _deleted}), the second the rows that fail the task's residual ({@link FileScanTask#residual()},
 * the one the driver planned); the {@link BatchProjection} hands Spark the scan's columns of the
 * rows selected. Batches left without rows are skipped, and a task whose residual is false is not
 * opened. A changelog's task of removed rows has the {@link RemovedRows} stage in place of the
 * delete filter: it keeps the rows the commit deleted instead of dropping them.
 */
public final class TaskReader implements CloseableIterator<ColumnarBatch> {
  private final CloseableIterator<ColumnarBatch> decoder;
  private final RowLineage rowLineage;
  private final RemovedRows removedRows;
  private final DeleteFilter deleteFilter;
  private final RowFilter rowFilter;
  private final BatchProjection projection;
  private final RowSelection selection;
  private ColumnarBatch next;
  private long deletedRows;

  private TaskReader(
      CloseableIterator<ColumnarBatch> decoder,
      RowLineage rowLineage,
      RemovedRows removedRows,
      DeleteFilter deleteFilter,
      RowFilter rowFilter,
      BatchProjection projection,
      RowSelection selection) {
    this.decoder = decoder;
    this.rowLineage = rowLineage;
    this.removedRows = removedRows;
    this.deleteFilter = deleteFilter;
    this.rowFilter = rowFilter;
    this.projection = projection;
    this.selection = selection;
  }

  /**
   * Opens a task. The row filter evaluates the part of the task's residual it can evaluate exactly
   * ({@link RowFilterScope#evaluatedPart}); with {@code wholeResidual}, the rest must be nothing,
   * as when Spark evaluates nothing after the scan (a pushed-down count).
   *
   * @throws IllegalStateException when {@code wholeResidual} and a conjunct cannot be evaluated
   */
  static TaskReader open(
      FileIO io,
      ScanContext context,
      NameMapping nameMapping,
      DeleteLoader deletes,
      ReadTask task,
      boolean wholeResidual) {
    Expression residual = task.task().residual();
    if (residual == Expression.alwaysFalse()) {
      return new TaskReader(nothing(), null, null, null, null, null, null);
    }
    Expression evaluated = RowFilterScope.evaluatedPart(residual, context.readSchema());
    if (wholeResidual && !RowFilterScope.evaluatesAll(residual, context.readSchema())) {
      throw new IllegalStateException(
          "Cannot evaluate the whole residual "
              + residual
              + " of "
              + task.task().file().location()
              + " (table "
              + context.table()
              + ") row by row, only "
              + evaluated
              + ": its rows cannot be counted");
    }
    TaskDeletes loaded = deletes.load(task.task());
    TaskDeletes prior = task.readsRemovedRows() ? deletes.load(task.priorTask()) : null;
    Schema decoded =
        decodedSchema(
            context.projection(),
            context.readSchema(),
            prior == null ? loaded : RemovedRows.helperNeeds(loaded, prior),
            evaluated);
    BatchProjection projection =
        BatchProjection.of(context.projection(), decoded, context.batchSize());
    String where = "of " + task.task().file().location() + " (table " + context.table() + ")";
    DeleteFilter deleteFilter =
        loaded.isEmpty() || prior != null ? null : DeleteFilter.of(loaded, decoded, where);
    RowFilter rowFilter =
        evaluated == Expression.alwaysTrue()
            ? null
            : RowFilter.of(evaluated, decoded, context.batchSize());
    return new TaskReader(
        FileReaders.open(
            io, task.request(context, nameMapping, decoded), task.task().file().recordCount()),
        RowLineage.of(decoded, task.task().file(), context.batchSize()),
        prior == null ? null : RemovedRows.of(loaded, prior, decoded, where, context.batchSize()),
        deleteFilter,
        rowFilter,
        projection,
        new RowSelection(context.batchSize(), projection.keepsDeletedRows()));
  }

  /**
   * The columns to decode: the scan's, less {@code _deleted} (the projection stage makes it), plus
   * the helper columns the row-lineage stage, the delete filter and the row filter read.
   *
   * @param residual what the row filter evaluates of the task's residual, bound to {@code
   *     readSchema}
   */
  static Schema decodedSchema(
      Schema projection, Schema readSchema, TaskDeletes deletes, Expression residual) {
    List<NestedField> columns = new ArrayList<>();
    for (NestedField column : projection.columns()) {
      if (column.fieldId() != MetadataColumns.IS_DELETED_ID) {
        columns.add(column);
      }
    }
    boolean positionsNeeded =
        deletes.needsPositions() || contains(columns, MetadataColumns.ROW_ID_ID);
    if (positionsNeeded && !contains(columns, MetadataColumns.ROW_POSITION_ID)) {
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
      if (rowLineage != null) {
        decoded = rowLineage.complete(decoded);
      }
      selection.reset(decoded.numRows());
      if (removedRows != null) {
        removedRows.narrow(decoded, selection);
      } else if (deleteFilter != null) {
        deleteFilter.narrow(decoded, selection);
        deletedRows += selection.deletedCount();
      }
      if (rowFilter != null && selection.keptCount() > 0) {
        rowFilter.narrow(decoded, selection);
      }
      if (selection.keptCount() > 0) {
        next = projection.project(decoded, selection);
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
      if (rowLineage != null) {
        rowLineage.close();
      }
    }
  }
}
