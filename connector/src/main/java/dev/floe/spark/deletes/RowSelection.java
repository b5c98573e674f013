package dev.floe.spark.deletes;

import java.util.Arrays;

/**
 * Which rows of one batch are deleted, as the {@link DeleteFilter} found them: the live rows in
 * ascending order, and a flag per row. Owned and reused by its filter, like the batch it describes:
 * valid until the filter's next {@code select}.
 */
public final class RowSelection {
  private final boolean[] deleted;
  private final int[] liveRows;
  private int rowCount;
  private int liveCount;

  RowSelection(int batchSize) {
    this.deleted = new boolean[batchSize];
    this.liveRows = new int[batchSize];
  }

  /** Marks every row of a batch of {@code rows} live, clearing what the previous batch left. */
  void reset(int rows) {
    if (liveCount != rowCount) {
      Arrays.fill(deleted, 0, rowCount, false);
    }
    rowCount = rows;
    liveCount = rows;
  }

  /** Marks rows {@code [from, toExclusive)} deleted. */
  void delete(int from, int toExclusive) {
    for (int row = from; row < toExclusive; row++) {
      if (!deleted[row]) {
        deleted[row] = true;
        liveCount--;
      }
    }
  }

  void delete(int row) {
    delete(row, row + 1);
  }

  /** Lists the live rows; called once all deletes of the batch are marked. */
  void finish() {
    if (liveCount == rowCount) {
      return;
    }
    int next = 0;
    for (int row = 0; row < rowCount; row++) {
      if (!deleted[row]) {
        liveRows[next++] = row;
      }
    }
  }

  /** Whether any row of the batch is deleted; when none is, the batch passes through untouched. */
  public boolean hasDeletedRows() {
    return liveCount != rowCount;
  }

  public int rowCount() {
    return rowCount;
  }

  public int liveCount() {
    return liveCount;
  }

  public boolean isDeleted(int row) {
    return deleted[row];
  }

  /**
   * The live rows, ascending, in the first {@link #liveCount()} slots; meaningful only when {@link
   * #hasDeletedRows()}. The array is the selection's own: read it, never change it.
   */
  public int[] liveRows() {
    return liveRows;
  }
}
