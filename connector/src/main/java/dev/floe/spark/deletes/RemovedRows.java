package dev.floe.spark.deletes;

import dev.floe.table.Schema;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The delete stage of a changelog's task of removed rows ({@link
 * dev.floe.scan.task.ReadTask#readsRemovedRows()}): of a file a commit kept, it selects the rows
 * the file's deletes after the commit delete and its deletes before the commit did not, the rows
 * the commit removed. Both sets of deletes mark a batch's rows, as they do for {@code _deleted};
 * the rows marked only by the later set stay selected.
 */
public final class RemovedRows {
  private final DeleteFilter after;
  private final DeleteFilter before;
  private final RowSelection afterMarks;
  private final RowSelection beforeMarks;
  private final boolean[] removed;

  private RemovedRows(DeleteFilter after, DeleteFilter before, int batchSize) {
    this.after = after;
    this.before = before;
    this.afterMarks = new RowSelection(batchSize, true);
    this.beforeMarks = new RowSelection(batchSize, true);
    this.removed = new boolean[batchSize];
  }

  /**
   * The stage for a file's deletes after and before a commit, over batches of {@code decoded}
   * (which must hold the helper columns {@link #helperNeeds} asks for), or null when the commit
   * deleted nothing from the file, so that every row is dropped.
   */
  public static RemovedRows of(
      TaskDeletes after, TaskDeletes before, Schema decoded, String where, int batchSize) {
    return new RemovedRows(
        after.isEmpty() ? null : DeleteFilter.of(after, decoded, where),
        before.isEmpty() ? null : DeleteFilter.of(before, decoded, where),
        batchSize);
  }

  /**
   * What both sets of deletes read from a batch, as one set's needs: positions when either has
   * deleted positions, and the columns of every equality delete.
   */
  public static TaskDeletes helperNeeds(TaskDeletes after, TaskDeletes before) {
    List<EqualityDeleteSet> equality = new ArrayList<>(after.equalityDeletes());
    equality.addAll(before.equalityDeletes());
    return new TaskDeletes(
        after.needsPositions() ? after.positions() : before.positions(), equality);
  }

  /** Keeps, of a batch's selected rows, those the commit removed. */
  public void narrow(ColumnarBatch batch, RowSelection selection) {
    int rows = batch.numRows();
    afterMarks.reset(rows);
    beforeMarks.reset(rows);
    if (after != null) {
      after.narrow(batch, afterMarks);
    }
    if (before != null) {
      before.narrow(batch, beforeMarks);
    }
    for (int row = 0; row < rows; row++) {
      removed[row] = afterMarks.isDeleted(row) && !beforeMarks.isDeleted(row);
    }
    selection.retainMatching(removed);
  }
}
