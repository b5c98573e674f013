package dev.floe.spark.deletes;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * Loaded deletes, shared by every task of an executor: the splits of one data file share its
 * deletion vector or position deletes, and the data files of a partition share its equality delete
 * files. Entries are evicted least recently used first to keep the total under a bound in bytes; a
 * value larger than the bound is handed to its task and never cached, so one huge delete set cannot
 * push out every other.
 *
 * <p>Two tasks asking for the same key at once load it once: the second waits for the first.
 */
public final class DeleteCache {
  /** The default bound of the executor's cache: 128 MiB. */
  public static final long DEFAULT_MAX_BYTES = 128L << 20;

  private static final DeleteCache SHARED = new DeleteCache(DEFAULT_MAX_BYTES);

  /** What is cached: a kind of delete, the file it came from, and what else it depends on. */
  record Key(String kind, String location, String detail) {
    Key {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(location, "location");
      Objects.requireNonNull(detail, "detail");
    }
  }

  private record Entry(Object value, long sizeInBytes) {}

  private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
  private final Map<Key, CompletableFuture<Object>> loading = new HashMap<>();
  private long maxBytes;
  private long totalBytes;
  private long loads;
  private long waitsForOtherLoads;

  public DeleteCache(long maxBytes) {
    this.maxBytes = checkBound(maxBytes);
  }

  /**
   * The executor's cache, bounded by {@code maxBytes} from now on (the bound of the latest scan
   * wins; a smaller bound evicts at once). A bound of 0 disables caching.
   */
  public static DeleteCache shared(long maxBytes) {
    SHARED.bound(maxBytes);
    return SHARED;
  }

  synchronized void bound(long newMaxBytes) {
    this.maxBytes = checkBound(newMaxBytes);
    evict();
  }

  /** The bound in bytes; 0 when caching is off. */
  public synchronized long maxBytes() {
    return maxBytes;
  }

  /** How many values were loaded rather than found: for tests and metrics. */
  public synchronized long loads() {
    return loads;
  }

  /** How many times a caller found its key being loaded by another and waited for it. */
  synchronized long waitsForOtherLoads() {
    return waitsForOtherLoads;
  }

  /** The estimated bytes the cache holds now. */
  public synchronized long totalBytes() {
    return totalBytes;
  }

  /**
   * The cached value of {@code key}, or the one {@code load} gives, cached if {@code size} allows.
   * A failed load is not cached: the next task tries again (and fails again, with its own error).
   */
  @SuppressWarnings("unchecked")
  <T> T get(Key key, Supplier<T> load, ToLongFunction<T> size) {
    CompletableFuture<Object> pending;
    boolean loadsHere = false;
    synchronized (this) {
      Entry cached = entries.get(key);
      if (cached != null) {
        return (T) cached.value();
      }
      pending = loading.get(key);
      if (pending == null) {
        pending = new CompletableFuture<>();
        loading.put(key, pending);
        loadsHere = true;
        loads++;
      } else {
        waitsForOtherLoads++;
      }
    }
    if (!loadsHere) {
      return (T) awaitLoad(pending);
    }
    T value;
    long bytes;
    try {
      value = load.get();
      bytes = size.applyAsLong(value);
    } catch (RuntimeException | Error failure) {
      synchronized (this) {
        loading.remove(key);
      }
      pending.completeExceptionally(failure);
      throw failure;
    }
    synchronized (this) {
      loading.remove(key);
      // bound 0 disables caching, even of a value estimated at 0 bytes
      if (maxBytes > 0 && bytes <= maxBytes) {
        entries.put(key, new Entry(value, bytes));
        totalBytes += bytes;
        evict();
      }
    }
    pending.complete(value);
    return value;
  }

  private static Object awaitLoad(CompletableFuture<Object> pending) {
    try {
      return pending.join();
    } catch (CompletionException failure) {
      Throwable cause = failure.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw failure;
    }
  }

  private void evict() {
    Iterator<Entry> oldestFirst = entries.values().iterator();
    while (totalBytes > maxBytes && oldestFirst.hasNext()) {
      totalBytes -= oldestFirst.next().sizeInBytes();
      oldestFirst.remove();
    }
  }

  private static long checkBound(long maxBytes) {
    if (maxBytes < 0) {
      throw new IllegalArgumentException("A cache bound cannot be negative: " + maxBytes);
    }
    return maxBytes;
  }
}
