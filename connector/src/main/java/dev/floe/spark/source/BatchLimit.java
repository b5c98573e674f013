package dev.floe.spark.source;

/**
 * How much one micro-batch may read, as Spark's read limit gives it: a number of data files, and a
 * soft bound on rows counted from the files' record counts. {@link Integer#MAX_VALUE} is no limit.
 */
record BatchLimit(int maxFiles, long maxRows) {
  static final BatchLimit NONE = new BatchLimit(Integer.MAX_VALUE, Integer.MAX_VALUE);

  BatchLimit {
    if (maxFiles < 1 || maxRows < 1) {
      throw new IllegalArgumentException(
          "A batch limit takes at least one file and one row: " + maxFiles + ", " + maxRows);
    }
  }

  Budget budget() {
    return new Budget(this);
  }

  /** What one batch has taken so far. */
  static final class Budget {
    private final BatchLimit limit;
    private int files;
    private long rows;

    private Budget(BatchLimit limit) {
      this.limit = limit;
    }

    /**
     * Takes a file of {@code records} rows, unless it is one file too many (a file that passes the
     * row bound is still taken: that bound is soft).
     */
    boolean takes(long records) {
      if (files + 1 > limit.maxFiles) {
        return false;
      }
      files++;
      rows += records;
      return true;
    }

    /** Whether the files taken reach the row bound, so the batch ends after the last of them. */
    boolean isSpent() {
      return rows >= limit.maxRows;
    }
  }
}
