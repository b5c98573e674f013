package dev.floe.spark.deletes;

import dev.floe.table.MetadataColumns;
import dev.floe.table.Schema;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The delete stage of a read, between decoding and the row filter: narrows each decoded batch's
 * {@link RowSelection} to its live rows (or, when the scan reads {@code _deleted}, marks the
 * deleted ones). Deleted positions are applied by runs: the batch holds the rows at file positions
 * {@code [first, first + rows)} (a decoder's batches are consecutive rows of one row group), and
 * each run of deleted positions in that window clears a range of rows at once. Equality deletes
 * then probe the remaining rows' keys. The decoder knows nothing of deletes, and the filter changes
 * no vector.
 */
public final class DeleteFilter {
  private final TaskDeletes deletes;
  private final int positionColumn;
  private final List<EqualityProbe> probes;

  /** A set probed with its key reader over this filter's batches; {@code key} is scratch. */
  private record EqualityProbe(EqualityDeleteSet set, EqualityKeyReader keys, long[] key) {
    boolean deletes(ColumnarBatch batch, int row) {
      return set.contains(keys, batch, row, key);
    }
  }

  private DeleteFilter(TaskDeletes deletes, int positionColumn, List<EqualityProbe> probes) {
    this.deletes = deletes;
    this.positionColumn = positionColumn;
    this.probes = List.copyOf(probes);
  }

  /**
   * A filter for batches decoded with {@code decoded} as their projection, which must hold {@code
   * _pos} when {@code deletes} has deleted positions and every equality column as a top-level
   * column.
   *
   * @param where the data file and table, for messages
   */
  public static DeleteFilter of(TaskDeletes deletes, Schema decoded, String where) {
    int positionColumn = decoded.columnIndex(MetadataColumns.ROW_POSITION_ID);
    if (deletes.needsPositions() && positionColumn < 0) {
      throw new IllegalArgumentException("No _pos column to apply position deletes to " + where);
    }
    List<EqualityProbe> probes = new ArrayList<>();
    for (EqualityDeleteSet set : deletes.equalityDeletes()) {
      int[] columns = new int[set.fields().size()];
      for (int index = 0; index < columns.length; index++) {
        columns[index] = decoded.columnIndex(set.fields().get(index).fieldId());
        if (columns[index] < 0) {
          throw new IllegalArgumentException(
              "Equality column " + set.fields().get(index).name() + " not decoded for " + where);
        }
      }
      probes.add(
          new EqualityProbe(
              set, EqualityKeyReader.of(set.fields(), columns, where), new long[columns.length]));
    }
    return new DeleteFilter(deletes, positionColumn, probes);
  }

  /**
   * Marks the deleted rows of {@code batch} in {@code selection}, which must have been {@link
   * RowSelection#reset} for it and not narrowed yet, and drops them unless it keeps deleted rows.
   */
  public void narrow(ColumnarBatch batch, RowSelection selection) {
    int rows = batch.numRows();
    if (selection.rowCount() != rows || !selection.keepsEveryRow()) {
      throw new IllegalArgumentException(
          "The delete filter narrows a selection reset for its batch of "
              + rows
              + " rows, not one of "
              + selection.rowCount()
              + " rows with "
              + selection.keptCount()
              + " kept");
    }
    if (rows == 0) {
      return;
    }
    if (deletes.needsPositions()) {
      ColumnVector positions = batch.column(positionColumn);
      long first = positions.getLong(0);
      if (positions.getLong(rows - 1) != first + rows - 1) {
        throw new IllegalStateException(
            "A batch must hold consecutive rows: positions "
                + first
                + " to "
                + positions.getLong(rows - 1)
                + " in "
                + rows
                + " rows");
      }
      deletes
          .positions()
          .forEachRunIn(
              first,
              first + rows,
              (runStart, runEnd) ->
                  selection.delete((int) (runStart - first), (int) (runEnd - first)));
    }
    for (EqualityProbe probe : probes) {
      for (int row = 0; row < rows; row++) {
        if (!selection.isDeleted(row) && probe.deletes(batch, row)) {
          selection.delete(row);
        }
      }
    }
    selection.finishDeletes();
  }
}
