package dev.floe.scan;

import dev.floe.scan.ScanReport.EntryPruning;
import dev.floe.scan.ScanReport.Hop;
import dev.floe.scan.ScanReport.SkippedFile;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * What reading one manifest produced: the files or tasks it kept, its entry counts, and the first
 * pruned entries (up to the plan's list limit; the rest are only counted). Built by the thread or
 * the executor that reads the manifest and merged in manifest-list order, so the report is
 * deterministic wherever each manifest was read.
 */
public record ManifestOutcome<T>(
    List<T> files,
    EntryPruning counts,
    List<SkippedFile> skipped,
    long unlistedSkips,
    boolean fromCache,
    long bytesRead) {

  public ManifestOutcome {
    files = List.copyOf(files);
    java.util.Objects.requireNonNull(counts, "counts");
    skipped = List.copyOf(skipped);
  }

  /** The same outcome with each kept file turned into {@code convert}'s result, in order. */
  public <R> ManifestOutcome<R> map(java.util.function.Function<? super T, R> convert) {
    List<R> converted = new ArrayList<>(files.size());
    for (T file : files) {
      converted.add(convert.apply(file));
    }
    return new ManifestOutcome<>(converted, counts, skipped, unlistedSkips, fromCache, bytesRead);
  }

  static <T> Builder<T> builder(int skipListLimit) {
    return new Builder<>(skipListLimit);
  }

  /** Collects one manifest's outcome; used by one thread only. */
  static final class Builder<T> {
    private final int skipListLimit;
    private final List<T> files = new ArrayList<>();
    private final List<SkippedFile> skipped = new ArrayList<>();
    private long live;
    private long skippedByPartition;
    private long skippedByMetrics;
    private long unlistedSkips;
    private boolean fromCache;
    private long bytesRead;

    private Builder(int skipListLimit) {
      this.skipListLimit = skipListLimit;
    }

    /**
     * Where the manifest's entries came from: the metadata cache, or this many bytes of storage.
     */
    void fetched(boolean cached, long bytes) {
      this.fromCache = cached;
      this.bytesRead = bytes;
    }

    void live() {
      live++;
    }

    void keep(T file) {
      files.add(file);
    }

    void skippedByPartition(Hop hop, String location, Supplier<String> conjunct) {
      skippedByPartition++;
      list(hop, location, conjunct);
    }

    void skippedByMetrics(Hop hop, String location, Supplier<String> conjunct) {
      skippedByMetrics++;
      list(hop, location, conjunct);
    }

    private void list(Hop hop, String location, Supplier<String> conjunct) {
      if (skipped.size() < skipListLimit) {
        skipped.add(new SkippedFile(hop, location, conjunct.get()));
      } else {
        unlistedSkips++;
      }
    }

    ManifestOutcome<T> build() {
      return new ManifestOutcome<>(
          files,
          new EntryPruning(live, skippedByPartition, skippedByMetrics),
          skipped,
          unlistedSkips,
          fromCache,
          bytesRead);
    }
  }
}
