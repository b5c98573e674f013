package dev.floe.spark.exec;

import dev.floe.spark.deletes.RowSelection;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NestedField;
import dev.floe.table.Schema;
import java.util.List;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The projection stage of a read: turns a decoded batch and its {@link RowSelection} into the batch
 * Spark sees, with the scan's columns in order. Helper columns the decoder read only for the delete
 * and row filters ({@code _pos}, equality and filter columns the query did not select) are dropped;
 * rows the selection does not keep are hidden behind {@link SelectedColumnVector} views. When the
 * scan selects {@code _deleted}, the selection keeps deleted rows (the row filter still drops those
 * that fail it) and this stage marks them in that column. A batch that keeps every row reaches
 * Spark with the decoder's own vectors.
 *
 * <p>The output batch's vectors are reused, like the decoded ones: valid until the next {@link
 * #project}.
 */
final class BatchProjection implements AutoCloseable {
  /** Where an output column comes from when not from the decoded batch. */
  private static final int DELETED_FLAG = -1;

  private final int[] sources;
  private final SelectedColumnVector.Rows rows = new SelectedColumnVector.Rows();
  private final OnHeapColumnVector deletedFlags;
  private final ColumnVector[] outputColumns;
  private final boolean passesDecodedThrough;
  private ColumnarBatch boundTo;
  private final ColumnVector[] selectedViews;

  private BatchProjection(int[] sources, int decodedCount, int batchSize) {
    this.sources = sources;
    boolean identity = sources.length == decodedCount;
    for (int index = 0; index < sources.length; index++) {
      identity &= sources[index] == index;
    }
    this.passesDecodedThrough = identity;
    boolean marksDeleted = false;
    for (int source : sources) {
      marksDeleted |= source == DELETED_FLAG;
    }
    this.deletedFlags =
        marksDeleted ? new OnHeapColumnVector(batchSize, DataTypes.BooleanType) : null;
    this.outputColumns = new ColumnVector[sources.length];
    this.selectedViews = new ColumnVector[sources.length];
  }

  /**
   * The projection from batches decoded as {@code decoded} to the scan's {@code projection}; every
   * projected column except {@code _deleted} must be among the decoded ones.
   */
  static BatchProjection of(Schema projection, Schema decoded, int batchSize) {
    List<NestedField> columns = projection.columns();
    int[] sources = new int[columns.size()];
    for (int index = 0; index < sources.length; index++) {
      int fieldId = columns.get(index).fieldId();
      sources[index] =
          fieldId == MetadataColumns.IS_DELETED_ID ? DELETED_FLAG : indexOf(decoded, fieldId);
    }
    return new BatchProjection(sources, decoded.columns().size(), batchSize);
  }

  private static int indexOf(Schema decoded, int fieldId) {
    int index = decoded.columnIndex(fieldId);
    if (index < 0) {
      throw new IllegalArgumentException("Column id " + fieldId + " is not decoded: " + decoded);
    }
    return index;
  }

  /** Whether this projection marks deleted rows in {@code _deleted} rather than dropping them. */
  boolean keepsDeletedRows() {
    return deletedFlags != null;
  }

  /**
   * The scan's batch for {@code decoded}: the rows {@code selection} keeps, which the delete filter
   * and the row filter narrowed; when the scan selects {@code _deleted}, the deleted rows among
   * them are marked there.
   */
  ColumnarBatch project(ColumnarBatch decoded, RowSelection selection) {
    if (selection.rowCount() != decoded.numRows()) {
      throw new IllegalArgumentException(
          "A selection of "
              + selection.rowCount()
              + " rows cannot project a batch of "
              + decoded.numRows());
    }
    boolean dropsRows = !selection.keepsEveryRow();
    if (passesDecodedThrough && !dropsRows) {
      return decoded;
    }
    int keptCount = selection.keptCount();
    int[] kept = selection.keptRows();
    bind(decoded);
    for (int index = 0; index < sources.length; index++) {
      int source = sources[index];
      if (source == DELETED_FLAG) {
        // written by output row, not behind a view: the flags are this batch's own
        deletedFlags.reset();
        for (int row = 0; row < keptCount; row++) {
          int decodedRow = dropsRows ? kept[row] : row;
          deletedFlags.putBoolean(row, selection.isDeleted(decodedRow));
        }
        outputColumns[index] = deletedFlags;
      } else {
        outputColumns[index] = dropsRows ? selectedViews[index] : decoded.column(source);
      }
    }
    if (dropsRows) {
      rows.select(kept, keptCount);
    }
    // a new batch object per batch (its vectors are reused): ColumnarBatch does not promise to see
    // later changes to the array it was built from
    return new ColumnarBatch(outputColumns.clone(), keptCount);
  }

  /** Builds the views over the decoded batch's vectors once: a decoder reuses its vectors. */
  private void bind(ColumnarBatch decoded) {
    if (boundTo == decoded) {
      return;
    }
    boundTo = decoded;
    for (int index = 0; index < sources.length; index++) {
      if (sources[index] != DELETED_FLAG) {
        selectedViews[index] = new SelectedColumnVector(decoded.column(sources[index]), rows);
      }
    }
  }

  @Override
  public void close() {
    if (deletedFlags != null) {
      deletedFlags.close();
    }
  }
}
