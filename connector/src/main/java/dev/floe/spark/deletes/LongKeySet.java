package dev.floe.spark.deletes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A hash set of equality keys whose every column packs into a long ({@link
 * EqualityKeyReader#packsIntoLongs}): each key is {@code width} longs and a mask of its null
 * columns, stored flat in open addressing, so that probing a data row allocates nothing and
 * compares primitives. A null column holds 0 and has its bit set in the mask.
 */
final class LongKeySet {
  /** The widest key: the null mask has one bit per column, and an empty slot holds all bits. */
  static final int MAX_WIDTH = 63;

  private static final long EMPTY = -1L;
  private static final long SIZE_OF_SLOT_OVERHEAD = Long.BYTES;

  private final int width;
  private long[] values;
  private long[] nullMasks;
  private int size;

  LongKeySet(int width) {
    if (width < 1 || width > MAX_WIDTH) {
      throw new IllegalArgumentException("Keys of " + width + " columns do not pack");
    }
    this.width = width;
    allocate(16);
  }

  int width() {
    return width;
  }

  int size() {
    return size;
  }

  /** An estimate of the heap the set holds, for the delete cache's byte bound. */
  long sizeInBytes() {
    return 64 + (long) nullMasks.length * (SIZE_OF_SLOT_OVERHEAD + (long) Long.BYTES * width);
  }

  /** Adds the key {@code key[0 .. width - 1]} with null columns {@code nulls}. */
  void add(long[] key, long nulls) {
    if ((size + 1L) * 4 > nullMasks.length * 3L) {
      grow();
    }
    int slot = find(key, nulls, nullMasks, values);
    if (nullMasks[slot] == EMPTY) {
      nullMasks[slot] = nulls;
      System.arraycopy(key, 0, values, slot * width, width);
      size++;
    }
  }

  boolean contains(long[] key, long nulls) {
    return nullMasks[find(key, nulls, nullMasks, values)] != EMPTY;
  }

  /** Each key as its values ({@code null} for a null column), for inspection. */
  List<long[]> keys() {
    List<long[]> keys = new ArrayList<>(size);
    for (int slot = 0; slot < nullMasks.length; slot++) {
      if (nullMasks[slot] != EMPTY) {
        long[] key = new long[width + 1];
        System.arraycopy(values, slot * width, key, 0, width);
        key[width] = nullMasks[slot];
        keys.add(key);
      }
    }
    return keys;
  }

  /** The slot holding the key, or the empty slot where it would go (linear probing). */
  private int find(long[] key, long nulls, long[] masks, long[] slots) {
    int mask = masks.length - 1;
    int slot = (int) hash(key, nulls) & mask;
    while (true) {
      long stored = masks[slot];
      if (stored == EMPTY || (stored == nulls && sameValues(slots, slot * width, key))) {
        return slot;
      }
      slot = (slot + 1) & mask;
    }
  }

  private boolean sameValues(long[] slots, int offset, long[] key) {
    for (int column = 0; column < width; column++) {
      if (slots[offset + column] != key[column]) {
        return false;
      }
    }
    return true;
  }

  private long hash(long[] key, long nulls) {
    long hash = nulls * 0x9E3779B97F4A7C15L;
    for (int column = 0; column < width; column++) {
      hash = (hash ^ key[column]) * 0xBF58476D1CE4E5B9L;
      hash ^= hash >>> 31;
    }
    // murmur3's 64-bit finalizer: every bit of the key reaches the low bits used as the slot
    hash ^= hash >>> 33;
    hash *= 0xFF51AFD7ED558CCDL;
    hash ^= hash >>> 33;
    return hash;
  }

  private void grow() {
    long[] oldMasks = nullMasks;
    long[] oldValues = values;
    allocate(oldMasks.length * 2);
    long[] key = new long[width];
    for (int slot = 0; slot < oldMasks.length; slot++) {
      if (oldMasks[slot] != EMPTY) {
        System.arraycopy(oldValues, slot * width, key, 0, width);
        int target = find(key, oldMasks[slot], nullMasks, values);
        nullMasks[target] = oldMasks[slot];
        System.arraycopy(key, 0, values, target * width, width);
      }
    }
  }

  private void allocate(int capacity) {
    if ((long) capacity * width > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("Too many equality delete keys: " + size);
    }
    nullMasks = new long[capacity];
    Arrays.fill(nullMasks, EMPTY);
    values = new long[capacity * width];
  }
}
