package dev.floe.deletes;

import java.util.List;

/**
 * The deleted row positions of one data file, from a deletion vector or from position delete files.
 * Positions are file positions: the first row of the file is position 0, whatever split reads it.
 *
 * <p>A reader applies an index to a batch of rows by ranges, not one probe per row. For a batch
 * holding the rows at positions {@code [1000, 1100)}:
 *
 * <pre>{@code
 * index.forEachRunIn(1000, 1100, (runStart, runEnd) -> selection.clear(runStart - 1000, runEnd - 1000));
 * }</pre>
 *
 * <p>Runs are cut at the window's edges: if positions 990 to 1009 are deleted, the call above sees
 * the single run {@code [1000, 1010)}. Instances are immutable and safe to share between threads.
 */
public interface PositionIndex {

  /** Receives one run of consecutive deleted positions. */
  @FunctionalInterface
  interface RunConsumer {
    /** Positions {@code runStart} to {@code runEndExclusive - 1} are deleted. */
    void accept(long runStart, long runEndExclusive);
  }

  /** Whether no position is deleted. */
  boolean isEmpty();

  /** How many positions are deleted. */
  long cardinality();

  /** An estimate of the memory the index holds, for caches bounded in bytes. */
  long sizeInBytes();

  /** Whether the row at {@code position} (non-negative) is deleted. */
  boolean isDeleted(long position);

  /**
   * Calls {@code consumer} once per maximal run of deleted positions within {@code [start,
   * endExclusive)}, in ascending order; runs never touch each other and are cut at the window's
   * edges. Nothing is called for a window without deletes.
   *
   * @throws IllegalArgumentException if {@code start} is negative or after {@code endExclusive}
   */
  void forEachRunIn(long start, long endExclusive, RunConsumer consumer);

  /** The index with no deleted position. */
  static PositionIndex empty() {
    return RoaringPositionIndex.EMPTY;
  }

  /**
   * The positions deleted by any of {@code indexes}, for a data file that several position delete
   * files apply to. (A deletion vector replaces position delete files, so the two are never
   * combined for one data file.)
   */
  static PositionIndex union(List<PositionIndex> indexes) {
    List<PositionIndex> nonEmpty = indexes.stream().filter(index -> !index.isEmpty()).toList();
    if (nonEmpty.isEmpty()) {
      return empty();
    }
    if (nonEmpty.size() == 1) {
      return nonEmpty.get(0);
    }
    PositionIndexBuilder builder = builder();
    nonEmpty.forEach(builder::addAll);
    return builder.build();
  }

  /** A builder, for readers of position delete files. */
  static PositionIndexBuilder builder() {
    return new PositionIndexBuilder();
  }
}
