package dev.floe.cache;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Decoded metadata files kept across plans: table metadata, manifest lists and manifests' entries.
 * Bounded by the estimated bytes of what it holds (see {@link Footprint}), evicting the least
 * recently used first; a value larger than a quarter of the bound is never kept, so that one huge
 * manifest cannot empty the cache. Thread-safe; one instance is shared by every plan of its owner
 * (a Spark driver, a catalog, a command line run), which decides its size.
 *
 * <p>Only immutable files are cached: the pointer to a table's current metadata (a version hint, a
 * catalog's answer) is always read again, so a commit between two plans is seen by the second.
 */
public final class MetadataCache {
  /** The share of the heap a default cache may fill: 10 %. */
  public static final double DEFAULT_HEAP_SHARE = 0.10;

  /** The most a default cache holds, whatever the heap: 256 MiB. */
  public static final long DEFAULT_MAX_BYTES_CAP = 256L << 20;

  private long maxBytes;
  private final LinkedHashMap<CacheKey, Held> held = new LinkedHashMap<>(64, 0.75f, true);
  private long bytes;
  private long hits;
  private long misses;
  private long evictions;

  private MetadataCache(long maxBytes) {
    this.maxBytes = checkBound(maxBytes);
  }

  /** A cache holding at most {@code maxBytes} estimated bytes; 0 is a cache that holds nothing. */
  public static MetadataCache withMaxBytes(long maxBytes) {
    return new MetadataCache(maxBytes);
  }

  /** A cache that holds nothing: every read goes to storage. */
  public static MetadataCache disabled() {
    return new MetadataCache(0);
  }

  /** The default bound: 10 % of this JVM's maximum heap, at most 256 MiB. */
  public static long defaultMaxBytes() {
    long share = (long) (Runtime.getRuntime().maxMemory() * DEFAULT_HEAP_SHARE);
    return Math.min(share, DEFAULT_MAX_BYTES_CAP);
  }

  public synchronized long maxBytes() {
    return maxBytes;
  }

  /** Whether the cache keeps anything at all. */
  public synchronized boolean isEnabled() {
    return maxBytes > 0;
  }

  /**
   * Bounds the cache by {@code newMaxBytes} from now on, evicting the least recently used values
   * until it fits; 0 empties it and keeps nothing more.
   */
  public synchronized void bound(long newMaxBytes) {
    maxBytes = checkBound(newMaxBytes);
    evictToBound();
  }

  /**
   * The value kept under {@code key}, or null. Lookups are not counted here: only the reader knows
   * whether what it found will do ({@link #counted}).
   *
   * @throws IllegalStateException if the key holds a value of another type, which no caller of this
   *     package does
   */
  public <V> V get(CacheKey key, Class<V> type) {
    Objects.requireNonNull(key, "key");
    Held found;
    synchronized (this) {
      found = held.get(key);
    }
    if (found == null) {
      return null;
    }
    if (!type.isInstance(found.value())) {
      throw new IllegalStateException(
          "Metadata cache key " + key + " holds a " + found.value().getClass().getName());
    }
    return type.cast(found.value());
  }

  /**
   * Keeps {@code value} under {@code key}, replacing what the key held, and evicts the least
   * recently used values until the cache is within its bound. A value over a quarter of the bound,
   * or any value in a disabled cache, is not kept.
   */
  public void put(CacheKey key, Object value, long estimatedBytes) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(value, "value");
    if (estimatedBytes < 0) {
      throw new IllegalArgumentException("A value's size cannot be negative: " + estimatedBytes);
    }
    synchronized (this) {
      if (maxBytes == 0 || estimatedBytes > maxBytes / 4) {
        return;
      }
      Held previous = held.put(key, new Held(value, estimatedBytes));
      if (previous != null) {
        bytes -= previous.bytes();
      }
      bytes += estimatedBytes;
      evictToBound();
    }
  }

  private void evictToBound() {
    Iterator<Map.Entry<CacheKey, Held>> eldest = held.entrySet().iterator();
    while (bytes > maxBytes && eldest.hasNext()) {
      Map.Entry<CacheKey, Held> entry = eldest.next();
      bytes -= entry.getValue().bytes();
      eldest.remove();
      evictions++;
    }
  }

  private static long checkBound(long maxBytes) {
    if (maxBytes < 0) {
      throw new IllegalArgumentException(
          "A metadata cache's size must be 0 (off) or a positive number of bytes: " + maxBytes);
    }
    return maxBytes;
  }

  /** Counts one read that the cache answered ({@code hit}) or that went to storage. */
  synchronized void counted(boolean hit) {
    if (hit) {
      hits++;
    } else {
      misses++;
    }
  }

  /** Values held. */
  public synchronized long entries() {
    return held.size();
  }

  /** The estimated bytes of the values held. */
  public synchronized long bytes() {
    return bytes;
  }

  /** Reads the cache answered, since it was made. */
  public synchronized long hits() {
    return hits;
  }

  /** Reads that went to storage (a manifest kept with too few column metrics among them). */
  public synchronized long misses() {
    return misses;
  }

  /** Values dropped to stay within the bound. */
  public synchronized long evictions() {
    return evictions;
  }

  private record Held(Object value, long bytes) {}
}
