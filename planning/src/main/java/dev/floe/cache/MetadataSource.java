package dev.floe.cache;

import dev.floe.io.CloseableIterator;
import dev.floe.io.FileIO;
import dev.floe.io.InputFile;
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
import dev.floe.table.TableMetadataParser;
import dev.floe.table.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

/**
 * Where one table's manifest lists and manifests come from, and table metadata files ({@link
 * #metadataFile}): the {@link MetadataCache}, or storage and then the cache. Each read says which
 * it was and how many bytes of storage it read, for the plan's report.
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

  /**
   * Parsed table metadata takes several times its JSON's bytes; gzip packs JSON about five times.
   * Both rough, and on the high side.
   */
  private static final long JSON_EXPANSION = 4;

  private static final long GZIP_EXPANSION = 20;

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
   * The table metadata file at {@code location}, from the cache when it holds a file of that
   * location and length, else read, parsed and kept. Which file is current (a version hint, the
   * newest file of a directory, a catalog's answer) is the caller's to find each time, so a commit
   * is seen at once.
   *
   * @throws dev.floe.CorruptTableException when the file is not table metadata
   * @throws dev.floe.FileReadException when the storage fails or the file does not exist
   */
  public static TableMetadata metadataFile(MetadataCache cache, FileIO io, String location) {
    InputFile file = io.newInputFile(location);
    if (!cache.isEnabled()) {
      return TableMetadataParser.read(file);
    }
    long length = file.length();
    // a metadata file lives in its table's metadata/ directory: that directory scopes it
    int metadataDirectory = location.lastIndexOf('/');
    String scope = metadataDirectory < 0 ? location : location.substring(0, metadataDirectory);
    CacheKey key = new CacheKey(scope, io, CacheKey.Kind.TABLE_METADATA, location, length, "");
    TableMetadata kept = cache.get(key, TableMetadata.class);
    if (kept != null) {
      cache.counted(true);
      return kept;
    }
    cache.counted(false);
    TableMetadata parsed = TableMetadataParser.read(io.newInputFile(location, length));
    boolean gzip = location.endsWith(".gz") || location.contains(".gz.");
    cache.put(key, parsed, length * (gzip ? GZIP_EXPANSION : JSON_EXPANSION));
    return parsed;
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
            table.io(),
            CacheKey.Kind.MANIFEST_LIST,
            location,
            -1,
            "snapshot " + snapshot.snapshotId() + ", format v" + formatVersion);
    @SuppressWarnings("unchecked") // the key's kind says what it holds
    List<ManifestFile> kept = cache.get(key, List.class);
    if (kept != null) {
      cache.counted(true);
      return new Fetched<>(kept, true, 0);
    }
    cache.counted(false);
    ManifestListReader.Listing listing =
        ManifestListReader.list(table.io(), snapshot, formatVersion);
    cache.put(key, listing.manifests(), Footprint.manifests(listing.manifests()));
    return new Fetched<>(listing.manifests(), false, listing.listBytes());
  }

  /**
   * The entries of {@code manifest}, of every status, each file holding at least the column metrics
   * {@code metrics} asks for (see {@link ManifestReader}); {@link ManifestEntries#exact} makes a
   * file what a read of exactly those returns. Close them when done.
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
          kept.entries().iterator(), metrics, !kept.metrics().equals(metrics), true, 0);
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
        all.iterator(), metrics, !decoded.equals(metrics), false, manifest.length());
  }

  /**
   * The entries of one manifest as a plan reads them, each file holding at least the metrics asked
   * for, and where they came from: the cache (nothing read) or storage (the manifest's length).
   */
  public static final class ManifestEntries implements CloseableIterator<ManifestEntry> {
    private final Iterator<ManifestEntry> entries;
    private final MetricsColumns asked;
    private final boolean wider;
    private final boolean fromCache;
    private final long bytesRead;

    private ManifestEntries(
        Iterator<ManifestEntry> entries,
        MetricsColumns asked,
        boolean wider,
        boolean fromCache,
        long bytesRead) {
      this.entries = entries;
      this.asked = asked;
      this.wider = wider;
      this.fromCache = fromCache;
      this.bytesRead = bytesRead;
    }

    public boolean fromCache() {
      return fromCache;
    }

    public long bytesRead() {
      return bytesRead;
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

    @Override
    public boolean hasNext() {
      return entries.hasNext();
    }

    @Override
    public ManifestEntry next() {
      return entries.next();
    }

    @Override
    public void close() {
      if (entries instanceof CloseableIterator<ManifestEntry> open) {
        open.close();
      }
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
        scope, table.io(), CacheKey.Kind.MANIFEST, manifest.path(), manifest.length(), inherited);
  }

  /** A manifest's entries of every status, with the column metrics they were decoded with. */
  private record Decoded(MetricsColumns metrics, List<ManifestEntry> entries) {}
}
