package dev.floe.cache;

import dev.floe.io.CloseableIterator;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.ManifestEntry;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.ManifestListReader;
import dev.floe.manifest.ManifestReader;
import dev.floe.manifest.MetricsColumns;
import dev.floe.table.ListType;
import dev.floe.table.LoadedTable;
import dev.floe.table.MapType;
import dev.floe.table.NestedField;
import dev.floe.table.Snapshot;
import dev.floe.table.StructType;
import dev.floe.table.TableMetadata;
import dev.floe.table.Type;
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
 * <p>A manifest's entries are kept with the column metrics they were decoded with: on a miss, what
 * the reader asked for or, for a table of at most 32 primitive columns, every metric of every
 * column, so that the next query's filter finds its columns' metrics whichever they are. A later
 * read asking for metrics those cover gets the kept entries, which it makes {@linkplain
 * ManifestEntries#exact exact} where it keeps them; a read asking for more decodes the manifest
 * again with both sets and keeps that instead. With the cache off, and for a manifest whose file
 * alone is over a quarter of the cache's bound, entries stream from storage one at a time and
 * nothing is kept.
 */
public final class MetadataSource {
  /** A table of at most this many primitive columns is narrow (see everyColumnOfANarrowTable). */
  static final int NARROW_TABLE_COLUMNS = 32;

  private final MetadataCache cache;
  private final LoadedTable table;
  private final String scope;
  private final MetricsColumns keptOnAMiss;

  private MetadataSource(MetadataCache cache, LoadedTable table) {
    this.cache = Objects.requireNonNull(cache, "cache");
    this.table = Objects.requireNonNull(table, "table");
    TableMetadata metadata = table.metadata();
    this.scope = metadata.tableUuid() + " at " + metadata.location();
    this.keptOnAMiss = everyColumnOfANarrowTable(metadata);
  }

  /** Reads {@code table}'s metadata through {@code cache}. */
  public static MetadataSource of(MetadataCache cache, LoadedTable table) {
    return new MetadataSource(cache, table);
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
   * The entries of {@code manifest}, of every status, each file holding at least the column metrics
   * {@code metrics} asks for (see {@link ManifestReader}); {@link ManifestEntries#exact} makes a
   * file what a read of exactly those returns. Close the iterator when done.
   */
  public ManifestEntries entries(ManifestFile manifest, MetricsColumns metrics) {
    Objects.requireNonNull(metrics, "metrics");
    if (!cache.isEnabled() || manifest.length() > cache.maxBytes() / 4) {
      // decoded, a manifest takes more heap than its file: one this large would not be kept
      return new ManifestEntries(open(manifest, metrics), metrics, false, false, manifest.length());
    }
    CacheKey key = key(manifest);
    Decoded kept = cache.get(key, Decoded.class);
    if (kept != null && kept.metrics().covers(metrics)) {
      cache.counted(true);
      return new ManifestEntries(
          iterator(kept.entries()), metrics, !kept.metrics().equals(metrics), true, 0);
    }
    cache.counted(false);
    MetricsColumns decoded =
        (kept == null ? metrics : kept.metrics().and(metrics)).and(keptOnAMiss);
    List<ManifestEntry> entries = new ArrayList<>();
    try (CloseableIterator<ManifestEntry> read = open(manifest, decoded)) {
      read.forEachRemaining(entries::add);
    }
    List<ManifestEntry> all = Collections.unmodifiableList(entries);
    cache.put(key, new Decoded(decoded, all), Footprint.entries(all));
    return new ManifestEntries(
        iterator(all), metrics, !decoded.equals(metrics), false, manifest.length());
  }

  /**
   * The entries of one manifest as a plan reads them, and where they came from.
   *
   * @param entries every entry, each file holding at least the metrics asked for
   * @param asked the column metrics the reader asked for
   * @param wider whether the files hold more metrics than asked for (they came from the cache)
   * @param fromCache whether the cache had them, so storage was not read
   * @param bytesRead the bytes of storage read: the manifest's length, or 0 from the cache
   */
  public record ManifestEntries(
      CloseableIterator<ManifestEntry> entries,
      MetricsColumns asked,
      boolean wider,
      boolean fromCache,
      long bytesRead) {
    public ManifestEntries {
      Objects.requireNonNull(entries, "entries");
      Objects.requireNonNull(asked, "asked");
    }

    /**
     * {@code file} with exactly the metrics asked for, as a read from storage returns it. A plan
     * may prune by the wider metrics (an evaluator looks only at the columns it was asked for,
     * which both hold alike) and make exact only the files it keeps.
     */
    public <F extends ContentFile> F exact(F file) {
      if (!wider) {
        return file;
      }
      @SuppressWarnings("unchecked")
      F narrowed = (F) file.withMetrics(file.metrics().narrowedTo(asked));
      return narrowed;
    }
  }

  /**
   * Every metric of every column of a narrow table, decoded on a miss so that the next query finds
   * what it prunes by whichever columns its filter names, and a metadata table or a request for
   * statistics finds every metric. A wide table's entries are kept with what was asked for only, so
   * that they do not fill the cache with metrics no filter reads.
   */
  private static MetricsColumns everyColumnOfANarrowTable(TableMetadata metadata) {
    List<Integer> fieldIds = new ArrayList<>();
    for (NestedField column : metadata.schema().columns()) {
      primitiveIds(column, fieldIds);
    }
    return fieldIds.size() > NARROW_TABLE_COLUMNS ? MetricsColumns.NONE : MetricsColumns.ALL;
  }

  private static void primitiveIds(NestedField field, List<Integer> fieldIds) {
    Type type = field.type();
    if (type instanceof StructType struct) {
      struct.fields().forEach(child -> primitiveIds(child, fieldIds));
    } else if (type instanceof ListType list) {
      primitiveIds(list.element(), fieldIds);
    } else if (type instanceof MapType map) {
      primitiveIds(map.key(), fieldIds);
      primitiveIds(map.value(), fieldIds);
    } else {
      fieldIds.add(field.fieldId());
    }
  }

  private static CloseableIterator<ManifestEntry> iterator(List<ManifestEntry> entries) {
    Iterator<ManifestEntry> iterator = entries.iterator();
    return new CloseableIterator<>() {
      @Override
      public boolean hasNext() {
        return iterator.hasNext();
      }

      @Override
      public ManifestEntry next() {
        return iterator.next();
      }

      @Override
      public void close() {}
    };
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
  private record Decoded(MetricsColumns metrics, List<ManifestEntry> entries) {}
}
