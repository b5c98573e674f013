package dev.floe.spark.source;

import dev.floe.cache.MetadataCache;

/**
 * The metadata cache of this JVM: every Floe table loaded and scan planned on a Spark driver reads
 * table metadata files, manifest lists and manifests through it, and metadata tables read on an
 * executor use the executor's. Its bound is that of the latest scan's {@code metadata-cache-size}
 * (by default {@link MetadataCache#defaultMaxBytes()}), as the executors' delete cache follows the
 * latest {@code delete-cache-size}.
 */
public final class SharedMetadataCache {
  private static final MetadataCache SHARED =
      MetadataCache.withMaxBytes(MetadataCache.defaultMaxBytes());

  private SharedMetadataCache() {}

  /** This JVM's cache, bounded by {@code maxBytes} from now on (0 empties it and turns it off). */
  public static MetadataCache bounded(long maxBytes) {
    SHARED.bound(maxBytes);
    return SHARED;
  }

  /** This JVM's cache, with the bound it has. */
  public static MetadataCache get() {
    return SHARED;
  }
}
