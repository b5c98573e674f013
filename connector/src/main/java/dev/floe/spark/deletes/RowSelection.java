package dev.floe.spark.deletes;

import java.util.Arrays;

/**
 * The rows of one batch that reach Spark, narrowed in turn by the stages of a read: the {@link
 * DeleteFilter} marks deleted rows, and drops them unless the scan selects {@code _deleted}; the
 * row filter drops the rows that fail the task's residual, whether deleted or not. The projection
 * stage then shows Spark the kept rows, and, for {@code _deleted}, which of them are deleted.
 *
 * <p>While every row is kept, the kept rows are not listed (a batch that keeps all its rows passes
 * through untouched). Owned and reused by one task's reader, like the batch it describes: {@link
 * #reset} it for each batch.
 */
public final class RowSelection {
  private final boolean keepsDeletedRows;
  private final boolean[] deleted;
  private final int[] keptRows;
  private int rowCount;
  private int deletedCount;
  private int keptCount;

  /**
   * @param keepsDeletedRows whether deleted rows stay selected (marked, for {@code _deleted})
   *     rather than being dropped
   */
  public RowSelection(int batchSize, boolean keepsDeletedRows) {
    this.keepsDeletedRows = keepsDeletedRows;
    this.deleted = new boolean[batchSize];
    this.keptRows = new int[batchSize];
  }

  /** Selects every row of a batch of {@code rows}, clearing what the previous batch left. */
  public void reset(int rows) {
    if (rows > deleted.length) {
      throw new IllegalArgumentException(
          "A batch of " + rows + " rows exceeds the batch size " + deleted.length);
    }
    if (deletedCount > 0) {
      Arrays.fill(deleted, 0, rowCount, false);
    }
    rowCount = rows;
    deletedCount = 0;
    keptCount = rows;
  }

  /** Marks rows {@code [from, toExclusive)} deleted; {@link #finishDeletes} then applies them. */
  void delete(int from, int toExclusive) {
    for (int row = from; row < toExclusive; row++) {
      if (!deleted[row]) {
        deleted[row] = true;
        deletedCount++;
      }
    }
  }

  void delete(int row) {
    delete(row, row + 1);
  }

  /** Drops the rows marked deleted, unless deleted rows are kept; called once all are marked. */
  void finishDeletes() {
    if (deletedCount > 0 && !keepsDeletedRows) {
      retain(deleted, false);
    }
  }

  /**
   * Keeps, of the rows still selected, those whose flag in {@code matches} is set: the row filter's
   * answer for each row of the batch.
   */
  public void retainMatching(boolean[] matches) {
    retain(matches, true);
  }

  /** Keeps the selected rows whose flag is {@code keptWhen}, in one branch-free pass. */
  private void retain(boolean[] flags, boolean keptWhen) {
    int count = 0;
    if (keptCount == rowCount) {
      for (int row = 0; row < rowCount; row++) {
        keptRows[count] = row;
        count += flags[row] == keptWhen ? 1 : 0;
      }
    } else {
      for (int index = 0; index < keptCount; index++) {
        int row = keptRows[index];
        keptRows[count] = row;
        count += flags[row] == keptWhen ? 1 : 0;
      }
    }
    keptCount = count;
  }

  /** Whether deleted rows stay selected and marked, as when the scan reads {@code _deleted}. */
  public boolean keepsDeletedRows() {
    return keepsDeletedRows;
  }

  public int rowCount() {
    return rowCount;
  }

  /** The rows the delete filter marked deleted, kept or not. */
  public int deletedCount() {
    return deletedCount;
  }

  /** Whether any row of the batch is deleted. */
  public boolean hasDeletedRows() {
    return deletedCount > 0;
  }

  public boolean isDeleted(int row) {
    return deleted[row];
  }

  /** How many rows are selected. */
  public int keptCount() {
    return keptCount;
  }

  /** Whether every row of the batch is selected: then the kept rows are not listed. */
  public boolean keepsEveryRow() {
    return keptCount == rowCount;
  }

  /**
   * The selected rows, ascending, in the first {@link #keptCount()} slots; meaningful only when not
   * {@link #keepsEveryRow()}. The array is the selection's own: read it, never change it.
   */
  public int[] keptRows() {
    return keptRows;
  }
}
