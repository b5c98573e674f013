package dev.floe.scan;

import dev.floe.cache.MetadataCache;
import java.util.Objects;

/**
 * How a plan reads its manifests: how many at once on this process's threads, through which
 * metadata cache, and where data and delete manifests are read ({@code distributed} is the engine's
 * reader on its executors, null for an engine without executors). None of it changes the plan.
 */
record ManifestReading(
    int threads,
    MetadataCache cache,
    PlanningMode dataMode,
    PlanningMode deleteMode,
    DistributedManifestReader distributed) {

  ManifestReading {
    if (threads < 1) {
      throw new IllegalArgumentException("Planning needs at least one thread, got " + threads);
    }
    Objects.requireNonNull(cache, "cache");
    Objects.requireNonNull(dataMode, "dataMode");
    Objects.requireNonNull(deleteMode, "deleteMode");
  }

  /** As many threads as this JVM has processors, no cache, everything local. */
  static ManifestReading defaults() {
    return new ManifestReading(
        Math.max(1, Runtime.getRuntime().availableProcessors()),
        MetadataCache.disabled(),
        PlanningMode.LOCAL,
        PlanningMode.LOCAL,
        null);
  }

  ManifestReading withThreads(int newThreads) {
    return new ManifestReading(newThreads, cache, dataMode, deleteMode, distributed);
  }

  ManifestReading withCache(MetadataCache newCache) {
    return new ManifestReading(threads, newCache, dataMode, deleteMode, distributed);
  }

  ManifestReading withModes(PlanningMode data, PlanningMode deletes) {
    return new ManifestReading(threads, cache, data, deletes, distributed);
  }

  ManifestReading withDistributed(DistributedManifestReader reader) {
    return new ManifestReading(threads, cache, dataMode, deleteMode, reader);
  }
}
