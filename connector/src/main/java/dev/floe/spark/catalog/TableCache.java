package dev.floe.spark.catalog;

import dev.floe.table.LoadedTable;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The tables a catalog loaded, by location, kept for an expiration interval so that repeated
 * queries in a notebook do not read the metadata JSON again. A table loaded once is immutable, so
 * every query that gets it plans against the same snapshot; an interval of 0 disables the cache.
 */
public final class TableCache {
  private final long expirationMillis;
  private final LongSupplier clockMillis;
  private final ConcurrentMap<String, Entry> entries = new ConcurrentHashMap<>();

  private record Entry(LoadedTable table, long loadedAtMillis) {}

  /**
   * @param expirationMillis how long a loaded table is served, from when it was loaded; 0 disables
   * @param clockMillis the current time in ms (a fake in tests)
   */
  public TableCache(long expirationMillis, LongSupplier clockMillis) {
    if (expirationMillis < 0) {
      throw new IllegalArgumentException(
          "A cache expiration interval is 0 (no cache) or a positive number of ms: "
              + expirationMillis);
    }
    this.expirationMillis = expirationMillis;
    this.clockMillis = clockMillis;
  }

  /**
   * The table at {@code location}: the cached one while fresh, else what {@code loader} finds
   * (cached when present; an absent table is never cached, so a new table shows up at once).
   */
  public Optional<LoadedTable> load(String location, Supplier<Optional<LoadedTable>> loader) {
    if (expirationMillis == 0) {
      return loader.get();
    }
    long now = clockMillis.getAsLong();
    Entry cached = entries.get(location);
    if (cached != null && now - cached.loadedAtMillis() < expirationMillis) {
      return Optional.of(cached.table());
    }
    Optional<LoadedTable> loaded = loader.get();
    if (loaded.isPresent()) {
      entries.put(location, new Entry(loaded.get(), now));
    } else {
      entries.remove(location);
    }
    return loaded;
  }

  /** Forgets the table at {@code location}, for {@code REFRESH TABLE}. */
  public void invalidate(String location) {
    entries.remove(location);
  }
}
