package dev.floe.scan;

/**
 * How the live rows of one planned data file are counted, from the cheapest evidence that is exact.
 * Chosen by {@link FileAggregates#of(FileScanTask)}.
 */
public enum CountMethod {
  /**
   * From the manifest alone: the file's {@code record_count}, less the cardinality of its deletion
   * vector as the manifest records it. No file is opened.
   */
  METADATA,
  /** From the file's position delete files: {@code record_count} less the distinct positions. */
  DELETE_FILES,
  /** By reading rows: equality deletes apply, or a residual filter must be evaluated. */
  ROWS
}
