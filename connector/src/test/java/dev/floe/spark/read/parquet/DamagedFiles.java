package dev.floe.spark.read.parquet;

import java.util.TreeSet;

/**
 * Where the bad-input suites damage a file: lengths to cut it to and offsets to flip a bit at,
 * spread over the whole file and dense over its end, where Parquet's footer and Puffin's footer
 * live.
 */
public final class DamagedFiles {
  private DamagedFiles() {}

  /** About 60 lengths spread over a file of {@code size} bytes, and every one of its last 200. */
  public static TreeSet<Integer> truncations(int size) {
    return offsets(size, 60, 200, 1);
  }

  /**
   * About 120 offsets spread over a file of {@code size} bytes, and every other of its last 400.
   */
  public static TreeSet<Integer> flips(int size) {
    return offsets(size, 120, 400, 2);
  }

  private static TreeSet<Integer> offsets(int size, int spread, int tail, int tailStep) {
    TreeSet<Integer> offsets = new TreeSet<>();
    for (int offset = 0; offset < size; offset += Math.max(1, size / spread)) {
      offsets.add(offset);
    }
    for (int offset = Math.max(0, size - tail); offset < size; offset += tailStep) {
      offsets.add(offset);
    }
    return offsets;
  }
}
