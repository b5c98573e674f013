package dev.floe.io;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.apache.hadoop.fs.FileSystem;

/**
 * File systems by key, each closed once it has not been asked for during an idle limit.
 *
 * <p>A REST catalog vends fresh temporary credentials whenever a table is loaded again, and each
 * distinct set of credentials is a file system of its own: kept for ever, a long-running driver or
 * executor would gather one per table per reload, each with its thread and connection pools. Floe
 * asks for the file system at every range it reads, so one in use is never idle for long; one idle
 * past the limit belongs to credentials no loaded table uses any more.
 *
 * @param <K> what tells two file systems apart
 */
final class FileSystemCache<K> {
  private final long idleLimitNanos;
  private final LongSupplier nanoClock;
  private final Map<K, Entry> entries = new ConcurrentHashMap<>();
  private volatile long lastSweepNanos;

  private static final class Entry {
    final FileSystem fileSystem;
    volatile long lastUsedNanos;

    Entry(FileSystem fileSystem, long lastUsedNanos) {
      this.fileSystem = fileSystem;
      this.lastUsedNanos = lastUsedNanos;
    }
  }

  /**
   * @param idleLimitNanos how long a file system may go unasked for before it is closed
   * @param nanoClock the time in ns (a fake in tests)
   */
  FileSystemCache(long idleLimitNanos, LongSupplier nanoClock) {
    if (idleLimitNanos <= 0) {
      throw new IllegalArgumentException("An idle limit is a positive time: " + idleLimitNanos);
    }
    this.idleLimitNanos = idleLimitNanos;
    this.nanoClock = nanoClock;
    this.lastSweepNanos = nanoClock.getAsLong();
  }

  /**
   * The file system of {@code key}, made by {@code make} when there is none; then closes idle ones.
   */
  FileSystem get(K key, Function<K, FileSystem> make) {
    long now = nanoClock.getAsLong();
    Entry entry = entries.computeIfAbsent(key, missing -> new Entry(make.apply(missing), now));
    entry.lastUsedNanos = now;
    if (now - lastSweepNanos > idleLimitNanos / 10) {
      lastSweepNanos = now;
      closeIdle(now);
    }
    return entry.fileSystem;
  }

  int size() {
    return entries.size();
  }

  private void closeIdle(long now) {
    for (Map.Entry<K, Entry> candidate : entries.entrySet()) {
      Entry entry = candidate.getValue();
      if (now - entry.lastUsedNanos > idleLimitNanos && entries.remove(candidate.getKey(), entry)) {
        closeQuietly(entry.fileSystem);
      }
    }
  }

  /** Closes every file system, at the JVM's end. */
  void closeAll() {
    List<Entry> closing = new ArrayList<>(entries.values());
    entries.clear();
    closing.forEach(entry -> closeQuietly(entry.fileSystem));
  }

  /**
   * Closing releases pools only; no data is written. A failure leaves the pools to the JVM's end,
   * and the reads, which are done, are not affected: nothing to report to a query.
   */
  private static void closeQuietly(FileSystem fileSystem) {
    try {
      fileSystem.close();
    } catch (IOException | RuntimeException ignored) {
      // see above
    }
  }
}
