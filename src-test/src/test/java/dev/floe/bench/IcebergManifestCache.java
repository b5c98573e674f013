package dev.floe.bench;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Locale;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.io.ContentCache;
import org.apache.iceberg.io.FileIO;

/**
 * Apache Iceberg's manifest cache of one {@link FileIO}, seen from outside: emptied before a
 * benchmark session, so that each starts cold, and read after one, to show that the cache was used.
 * Iceberg keeps one {@link ContentCache} per FileIO whose properties say {@code
 * io.manifest.cache-enabled=true}, in a map of {@link ManifestFiles} that only its package-private
 * {@code cachingEnabled} and {@code contentCache} reach; this class calls them by reflection, so a
 * renamed method fails here, by name, instead of letting a session run without its cache unseen.
 */
final class IcebergManifestCache {
  private IcebergManifestCache() {}

  /**
   * What the cache of one FileIO did since it was last emptied.
   *
   * @param enabled whether the FileIO's properties turn the cache on
   * @param hits manifest reads the cache answered
   * @param misses manifest reads it did not (each then read from storage and, if it fit, kept)
   * @param entries manifests it holds
   */
  record Usage(boolean enabled, long hits, long misses, long entries) {
    @Override
    public String toString() {
      return enabled
          ? String.format(
              Locale.ROOT, "%,d hits, %,d misses, %,d manifests held", hits, misses, entries)
          : "off (the FileIO's properties do not enable it)";
    }
  }

  /** Drops the cache of {@code io}: its next manifest read starts a new, empty one. */
  static void empty(FileIO io) {
    ManifestFiles.dropCache(io);
  }

  /** The cache of {@code io} as it is now. */
  static Usage usage(FileIO io) {
    if (!(Boolean) call("cachingEnabled", io)) {
      return new Usage(false, 0, 0, 0);
    }
    ContentCache cache = (ContentCache) call("contentCache", io);
    return new Usage(
        true, cache.stats().hitCount(), cache.stats().missCount(), cache.estimatedCacheSize());
  }

  private static Object call(String method, FileIO io) {
    try {
      Method reached = ManifestFiles.class.getDeclaredMethod(method, FileIO.class);
      reached.setAccessible(true);
      return reached.invoke(null, io);
    } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException(
          "Cannot call Iceberg's ManifestFiles."
              + method
              + "(FileIO), through which the benchmark sees Iceberg's manifest cache: "
              + e,
          e);
    }
  }
}
