package dev.floe.deletes;

import java.util.Map;
import java.util.TreeMap;
import org.roaringbitmap.RoaringBitmap;

/**
 * Collects deleted positions, one at a time or by ranges, into a {@link PositionIndex}. A builder
 * builds once: the index it returns owns the bitmaps, so adding afterwards is an error.
 */
public final class PositionIndexBuilder {
  private final TreeMap<Integer, RoaringBitmap> bitmaps = new TreeMap<>();
  private boolean built;

  PositionIndexBuilder() {}

  /** Marks {@code position} (non-negative) deleted. */
  public PositionIndexBuilder add(long position) {
    checkNotBuilt();
    if (position < 0) {
      throw new IllegalArgumentException(
          "Cannot delete position " + position + ": positions are non-negative");
    }
    bitmapOf(RoaringPositionIndex.keyOf(position)).add((int) position);
    return this;
  }

  /** Marks every position of {@code [start, endExclusive)} deleted. */
  public PositionIndexBuilder addRange(long start, long endExclusive) {
    checkNotBuilt();
    if (start < 0 || start > endExclusive) {
      throw new IllegalArgumentException(
          "Cannot delete positions [" + start + ", " + endExclusive + "): not a valid range");
    }
    long from = start;
    while (from < endExclusive) {
      long keyEnd = (from & ~0xFFFFFFFFL) + RoaringPositionIndex.KEY_SPAN;
      long to = Math.min(endExclusive, keyEnd);
      long keyBase = keyEnd - RoaringPositionIndex.KEY_SPAN;
      bitmapOf(RoaringPositionIndex.keyOf(from)).add(from - keyBase, to - keyBase);
      from = to;
    }
    return this;
  }

  /** Marks every position {@code index} deletes. */
  public PositionIndexBuilder addAll(PositionIndex index) {
    checkNotBuilt();
    if (index instanceof RoaringPositionIndex roaring) {
      for (int entry = 0; entry < roaring.keyCount(); entry++) {
        bitmapOf(roaring.key(entry)).or(roaring.bitmap(entry));
      }
    } else {
      index.forEachRunIn(0, Long.MAX_VALUE, this::addRange);
    }
    return this;
  }

  /** The index of every position added so far. */
  public PositionIndex build() {
    checkNotBuilt();
    built = true;
    bitmaps.values().removeIf(RoaringBitmap::isEmpty);
    if (bitmaps.isEmpty()) {
      return PositionIndex.empty();
    }
    int[] keys = new int[bitmaps.size()];
    RoaringBitmap[] values = new RoaringBitmap[bitmaps.size()];
    int index = 0;
    for (Map.Entry<Integer, RoaringBitmap> entry : bitmaps.entrySet()) {
      keys[index] = entry.getKey();
      values[index] = entry.getValue();
      values[index].runOptimize();
      index++;
    }
    return new RoaringPositionIndex(keys, values);
  }

  private RoaringBitmap bitmapOf(int key) {
    return bitmaps.computeIfAbsent(key, ignored -> new RoaringBitmap());
  }

  private void checkNotBuilt() {
    if (built) {
      throw new IllegalStateException("Cannot change a position index builder after build()");
    }
  }
}
