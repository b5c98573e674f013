package dev.floe.deletes;

import java.util.Arrays;
import org.roaringbitmap.RoaringBitmap;

/**
 * A position index laid out like the deletion-vector format: a 64-bit position splits into a key
 * (its high 32 bits) and a 32-bit Roaring bitmap of low halves per key. Keys are ascending and
 * non-negative, so signed order is the spec's unsigned order.
 *
 * <p>The bitmaps are never changed once the index is built.
 */
final class RoaringPositionIndex implements PositionIndex {
  static final RoaringPositionIndex EMPTY =
      new RoaringPositionIndex(new int[0], new RoaringBitmap[0]);

  /** The number of positions one key covers: 2^32. */
  static final long KEY_SPAN = 1L << 32;

  private final int[] keys;
  private final RoaringBitmap[] bitmaps;
  private final long cardinality;

  /** Takes ownership of both arrays: callers hand them over and keep no reference. */
  RoaringPositionIndex(int[] keys, RoaringBitmap[] bitmaps) {
    if (keys.length != bitmaps.length) {
      throw new IllegalArgumentException(
          "Cannot index positions: " + keys.length + " keys but " + bitmaps.length + " bitmaps");
    }
    for (int index = 0; index < keys.length; index++) {
      if (keys[index] < 0 || (index > 0 && keys[index] <= keys[index - 1])) {
        throw new IllegalArgumentException(
            "Cannot index positions: keys must be non-negative and ascending: "
                + Arrays.toString(keys));
      }
    }
    this.keys = keys;
    this.bitmaps = bitmaps;
    long total = 0;
    for (RoaringBitmap bitmap : bitmaps) {
      total += bitmap.getLongCardinality();
    }
    this.cardinality = total;
  }

  int keyCount() {
    return keys.length;
  }

  int key(int index) {
    return keys[index];
  }

  RoaringBitmap bitmap(int index) {
    return bitmaps[index];
  }

  @Override
  public boolean isEmpty() {
    return cardinality == 0;
  }

  @Override
  public long cardinality() {
    return cardinality;
  }

  @Override
  public long sizeInBytes() {
    long size = 64 + 4L * keys.length;
    for (RoaringBitmap bitmap : bitmaps) {
      size += 16 + bitmap.getLongSizeInBytes();
    }
    return size;
  }

  @Override
  public boolean isDeleted(long position) {
    checkPosition(position);
    int index = Arrays.binarySearch(keys, keyOf(position));
    return index >= 0 && bitmaps[index].contains((int) position);
  }

  @Override
  public void forEachRunIn(long start, long endExclusive, RunConsumer consumer) {
    if (start < 0 || start > endExclusive) {
      throw new IllegalArgumentException(
          "Cannot look up deleted positions in [" + start + ", " + endExclusive + ")");
    }
    if (start == endExclusive || cardinality == 0) {
      return;
    }
    int firstKey = keyOf(start);
    int lastKey = keyOf(endExclusive - 1);
    int index = Arrays.binarySearch(keys, firstKey);
    RunMerger merger = new RunMerger(consumer);
    for (index = index < 0 ? -index - 1 : index;
        index < keys.length && keys[index] <= lastKey;
        index++) {
      int key = keys[index];
      long low = key == firstKey ? start & 0xFFFFFFFFL : 0;
      long highExclusive = key == lastKey ? ((endExclusive - 1) & 0xFFFFFFFFL) + 1 : KEY_SPAN;
      forEachRunOfKey(key, bitmaps[index], low, highExclusive, merger);
    }
    merger.flush();
  }

  /** The runs of one key's bitmap within {@code [low, highExclusive)} of its 32-bit range. */
  private static void forEachRunOfKey(
      int key, RoaringBitmap bitmap, long low, long highExclusive, RunMerger merger) {
    long base = (long) key << 32;
    long finalRunStart = finalRunStart(bitmap);
    long from = low;
    while (from < highExclusive) {
      long runStart = bitmap.nextValue((int) from);
      if (runStart < 0 || runStart >= highExclusive) {
        return;
      }
      long runEnd =
          runStart >= finalRunStart
              ? highExclusive
              : Math.min(bitmap.nextAbsentValue((int) runStart), highExclusive);
      merger.accept(base + runStart, base + runEnd);
      from = runEnd;
    }
  }

  /**
   * Where the run reaching the key's last position (2^32 - 1) starts, or 2^32 if there is none.
   * RoaringBitmap 0.9.45 asserts when asked for an absent value past its last one, so that run's
   * end is never asked for.
   */
  private static long finalRunStart(RoaringBitmap bitmap) {
    if (!bitmap.contains(-1)) {
      return KEY_SPAN;
    }
    return bitmap.getLongCardinality() == KEY_SPAN ? 0 : bitmap.previousAbsentValue(-1) + 1;
  }

  static int keyOf(long position) {
    return (int) (position >>> 32);
  }

  private static void checkPosition(long position) {
    if (position < 0) {
      throw new IllegalArgumentException(
          "Cannot look up position " + position + ": positions are non-negative");
    }
  }

  @Override
  public String toString() {
    return "PositionIndex{cardinality=" + cardinality + ", keys=" + keys.length + "}";
  }

  /** Joins runs that meet across a key boundary, so callers see maximal runs. */
  private static final class RunMerger {
    private final RunConsumer consumer;
    private long pendingStart = -1;
    private long pendingEnd = -1;

    RunMerger(RunConsumer consumer) {
      this.consumer = consumer;
    }

    void accept(long runStart, long runEnd) {
      if (runStart == pendingEnd) {
        pendingEnd = runEnd;
        return;
      }
      flush();
      pendingStart = runStart;
      pendingEnd = runEnd;
    }

    void flush() {
      if (pendingStart >= 0) {
        consumer.accept(pendingStart, pendingEnd);
        pendingStart = -1;
        pendingEnd = -1;
      }
    }
  }
}
