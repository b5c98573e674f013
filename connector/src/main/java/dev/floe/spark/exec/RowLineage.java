package dev.floe.spark.exec;

import dev.floe.manifest.DataFile;
import dev.floe.table.MetadataColumns;
import dev.floe.table.Schema;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The row-lineage stage of a read (format v3), right after decode: completes the columns {@code
 * _row_id} and {@code _last_updated_sequence_number} by the spec's inheritance rules. The decoder
 * reads each from the data file by its reserved field id (writers that move rows, compaction and
 * copy-on-write updates, store them; a file without the column reads it as nulls); this stage keeps
 * a stored value that is not null and replaces a null one with the value the file's metadata gives:
 * {@code first_row_id + _pos} for the row id, the data sequence number of the file's manifest entry
 * for the sequence number. It runs before the delete and row filters, on every decoded row, so a
 * row's id never depends on which rows are deleted or filtered: positions come from the decoder,
 * which numbers rows from the start of the file whatever split or row group it starts at.
 *
 * <p>A file without a {@code first_row_id} (added before its table was upgraded to v3, read at a
 * snapshot that assigned it none) reads both columns as null in every row, as Iceberg reads it.
 *
 * <p>The completed columns are this stage's own vectors, rewritten for each batch: the decoder's
 * vector of a column the file lacks is a constant it writes once, which must stay null.
 */
final class RowLineage implements AutoCloseable {
  private static final int ABSENT = -1;

  private final int rowIdColumn;
  private final int sequenceNumberColumn;
  private final int positionColumn;
  private final Long firstRowId;
  private final long dataSequenceNumber;
  private final OnHeapColumnVector rowIds;
  private final OnHeapColumnVector sequenceNumbers;
  private ColumnVector[] lastDecodedColumns;
  private ColumnarBatch completed;

  private RowLineage(Schema decoded, DataFile file, int batchSize) {
    this.rowIdColumn = decoded.columnIndex(MetadataColumns.ROW_ID_ID);
    this.sequenceNumberColumn =
        decoded.columnIndex(MetadataColumns.LAST_UPDATED_SEQUENCE_NUMBER_ID);
    this.positionColumn = decoded.columnIndex(MetadataColumns.ROW_POSITION_ID);
    if (rowIdColumn != ABSENT && positionColumn == ABSENT) {
      throw new IllegalArgumentException(
          "Completing _row_id needs _pos among the decoded columns: " + decoded);
    }
    this.firstRowId = file.firstRowId();
    this.dataSequenceNumber = file.dataSequenceNumber();
    this.rowIds =
        rowIdColumn == ABSENT ? null : new OnHeapColumnVector(batchSize, DataTypes.LongType);
    this.sequenceNumbers =
        sequenceNumberColumn == ABSENT
            ? null
            : new OnHeapColumnVector(batchSize, DataTypes.LongType);
  }

  /**
   * The stage for batches decoded as {@code decoded} from {@code file}, or null when the scan reads
   * neither lineage column. {@code decoded} must hold {@code _pos} when it holds {@code _row_id}.
   */
  static RowLineage of(Schema decoded, DataFile file, int batchSize) {
    boolean readsLineage =
        decoded.columnIndex(MetadataColumns.ROW_ID_ID) != ABSENT
            || decoded.columnIndex(MetadataColumns.LAST_UPDATED_SEQUENCE_NUMBER_ID) != ABSENT;
    return readsLineage ? new RowLineage(decoded, file, batchSize) : null;
  }

  /**
   * {@code decoded} with its lineage columns completed: the same columns, in the same order, every
   * row kept. The batch returned is valid until the next call, like the decoder's.
   */
  ColumnarBatch complete(ColumnarBatch decoded) {
    int rows = decoded.numRows();
    if (rowIds != null) {
      completeRowIds(decoded, rows);
    }
    if (sequenceNumbers != null) {
      completeSequenceNumbers(decoded.column(sequenceNumberColumn), rows);
    }
    return bind(decoded, rows);
  }

  private void completeRowIds(ColumnarBatch decoded, int rows) {
    prepare(rowIds, rows);
    if (firstRowId == null) {
      rowIds.putNulls(0, rows);
      return;
    }
    ColumnVector stored = decoded.column(rowIdColumn);
    ColumnVector positions = decoded.column(positionColumn);
    long first = firstRowId;
    for (int row = 0; row < rows; row++) {
      rowIds.putLong(
          row, stored.isNullAt(row) ? first + positions.getLong(row) : stored.getLong(row));
    }
  }

  private void completeSequenceNumbers(ColumnVector stored, int rows) {
    prepare(sequenceNumbers, rows);
    if (firstRowId == null) {
      sequenceNumbers.putNulls(0, rows);
      return;
    }
    for (int row = 0; row < rows; row++) {
      sequenceNumbers.putLong(row, stored.isNullAt(row) ? dataSequenceNumber : stored.getLong(row));
    }
  }

  private static void prepare(OnHeapColumnVector vector, int rows) {
    vector.reset();
    vector.reserve(rows);
  }

  /**
   * The output batch: built again only when the decoder hands over other vectors (a decoder reuses
   * its vectors from batch to batch), so the later stages' views over it stay bound.
   */
  private ColumnarBatch bind(ColumnarBatch decoded, int rows) {
    int width = decoded.numCols();
    boolean sameVectors = lastDecodedColumns != null && lastDecodedColumns.length == width;
    for (int index = 0; sameVectors && index < width; index++) {
      sameVectors = lastDecodedColumns[index] == decoded.column(index);
    }
    if (!sameVectors) {
      lastDecodedColumns = new ColumnVector[width];
      ColumnVector[] columns = new ColumnVector[width];
      for (int index = 0; index < width; index++) {
        lastDecodedColumns[index] = decoded.column(index);
        columns[index] = decoded.column(index);
      }
      if (rowIds != null) {
        columns[rowIdColumn] = rowIds;
      }
      if (sequenceNumbers != null) {
        columns[sequenceNumberColumn] = sequenceNumbers;
      }
      completed = new ColumnarBatch(columns);
    }
    completed.setNumRows(rows);
    return completed;
  }

  @Override
  public void close() {
    if (rowIds != null) {
      rowIds.close();
    }
    if (sequenceNumbers != null) {
      sequenceNumbers.close();
    }
  }
}
