package dev.floe.cache;

import dev.floe.io.CloseableIterator;
import dev.floe.manifest.ManifestEntry;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.ManifestListReader;
import dev.floe.manifest.ManifestReader;
import dev.floe.manifest.MetricsColumns;
import dev.floe.table.LoadedTable;
import dev.floe.table.Snapshot;
import dev.floe.table.TableMetadata;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

/**
 * Where one table's manifest lists and manifests come from: the {@link MetadataCache}, or storage
 * and then the cache. Each read says which it was and how many bytes of storage it read, for the
 * plan's report.
 *
 * <p>A manifest's entries are kept with the column metrics they were decoded with. A later read
 * asking for metrics those cover gets the kept entries narrowed to what it asked for, exactly what
 * a read from storage would return; a read asking for more decodes the manifest again with both
 * sets and keeps that instead, so a session's filters converge on one decode per manifest. With the
 * cache off, and for a manifest whose file alone is over a quarter of the cache's bound, entries
 * stream from storage one at a time and nothing is kept.
 */
public final class MetadataSource {
  private final MetadataCache cache;
  private final LoadedTable table;
  private final String scope;

  private MetadataSource(MetadataCache cache, LoadedTable table) {
    this.cache = Objects.requireNonNull(cache, "cache");
    this.table = Objects.requireNonNull(table, "table");
    TableMetadata metadata = table.metadata();
    this.scope = metadata.tableUuid() + " at " + metadata.location();
  }

  /** Reads {@code table}'s metadata through {@code cache}. */
  public static MetadataSource of(MetadataCache cache, LoadedTable table) {
    return new MetadataSource(cache, table);
  }

  /** Reads {@code table}'s metadata from storage only. */
  public static MetadataSource uncached(LoadedTable table) {
    return new MetadataSource(MetadataCache.disabled(), table);
  }

  /**
   * A value read for a plan, and where it came from.
   *
   * @param fromCache whether the cache had it, so storage was not read
   * @param bytesRead the bytes of storage read for it: the file's length, or 0 from the cache
   */
  public record Fetched<T>(T value, boolean fromCache, long bytesRead) {
    public Fetched {
      Objects.requireNonNull(value, "value");
    }
  }

  /** The manifests {@code snapshot}'s manifest list names, in its order. */
  public Fetched<List<ManifestFile>> manifests(Snapshot snapshot) {
    int formatVersion = table.metadata().formatVersion();
    if (!cache.isEnabled()) {
      ManifestListReader.Listing listing =
          ManifestListReader.list(table.io(), snapshot, formatVersion);
      return new Fetched<>(listing.manifests(), false, listing.listBytes());
    }
    // the list's length is not recorded anywhere; a list is written once, for one snapshot
    String location =
        snapshot.manifestList() != null
            ? snapshot.manifestList()
            : "manifests of snapshot " + snapshot.snapshotId();
    CacheKey key =
        new CacheKey(
            scope,
            CacheKey.Kind.MANIFEST_LIST,
            location,
            -1,
            "snapshot " + snapshot.snapshotId() + ", format v" + formatVersion);
    ManifestList kept = cache.get(key, ManifestList.class);
    if (kept != null) {
      cache.counted(true);
      return new Fetched<>(kept.manifests(), true, 0);
    }
    cache.counted(false);
    ManifestListReader.Listing listing =
        ManifestListReader.list(table.io(), snapshot, formatVersion);
    cache.put(key, new ManifestList(listing.manifests()), Footprint.manifests(listing.manifests()));
    return new Fetched<>(listing.manifests(), false, listing.listBytes());
  }

  /**
   * The entries of {@code manifest}, of every status, each file holding the column metrics {@code
   * metrics} asks for and no others (see {@link ManifestReader}). Close the iterator when done.
   */
  public Fetched<CloseableIterator<ManifestEntry>> entries(
      ManifestFile manifest, MetricsColumns metrics) {
    Objects.requireNonNull(metrics, "metrics");
    if (!cache.isEnabled() || manifest.length() > cache.maxBytes() / 4) {
      // decoded, a manifest takes more heap than its file: one this large would not be kept
      return new Fetched<>(open(manifest, metrics), false, manifest.length());
    }
    CacheKey key = key(manifest);
    ManifestEntries kept = cache.get(key, ManifestEntries.class);
    if (kept != null && kept.metrics().covers(metrics)) {
      cache.counted(true);
      return new Fetched<>(new Narrowing(kept.entries().iterator(), metrics), true, 0);
    }
    cache.counted(false);
    MetricsColumns decoded = kept == null ? metrics : kept.metrics().and(metrics);
    List<ManifestEntry> entries = new ArrayList<>();
    try (CloseableIterator<ManifestEntry> read = open(manifest, decoded)) {
      read.forEachRemaining(entries::add);
    }
    List<ManifestEntry> all = Collections.unmodifiableList(entries);
    cache.put(key, new ManifestEntries(decoded, all), Footprint.entries(all));
    return new Fetched<>(new Narrowing(all.iterator(), metrics), false, manifest.length());
  }

  private CloseableIterator<ManifestEntry> open(ManifestFile manifest, MetricsColumns metrics) {
    TableMetadata metadata = table.metadata();
    return ManifestReader.open(
        table.io(), manifest, metadata.specsById(), metadata.formatVersion(), metrics);
  }

  /**
   * A manifest is known by its location and length; what its entries inherit from the manifest
   * list, and the table's format version, are part of the decoded form too.
   */
  private CacheKey key(ManifestFile manifest) {
    String inherited =
        manifest.content()
            + " spec "
            + manifest.partitionSpecId()
            + ", sequence number "
            + manifest.sequenceNumber()
            + ", added by "
            + manifest.addedSnapshotId()
            + ", first row id "
            + manifest.firstRowId()
            + ", format v"
            + table.metadata().formatVersion();
    return new CacheKey(
        scope, CacheKey.Kind.MANIFEST, manifest.path(), manifest.length(), inherited);
  }

  /** A manifest list's manifests, as kept. */
  private record ManifestList(List<ManifestFile> manifests) {}

  /** A manifest's entries of every status, with the column metrics they were decoded with. */
  private record ManifestEntries(MetricsColumns metrics, List<ManifestEntry> entries) {}

  /** Kept entries as a read asking for fewer metrics returns them. */
  private static final class Narrowing implements CloseableIterator<ManifestEntry> {
    private final Iterator<ManifestEntry> entries;
    private final MetricsColumns metrics;

    Narrowing(Iterator<ManifestEntry> entries, MetricsColumns metrics) {
      this.entries = entries;
      this.metrics = metrics;
    }

    @Override
    public boolean hasNext() {
      return entries.hasNext();
    }

    @Override
    public ManifestEntry next() {
      return entries.next().narrowedTo(metrics);
    }

    @Override
    public void close() {}
  }
}
