package dev.floe.metadata;

import dev.floe.cache.MetadataCache;
import dev.floe.cache.MetadataSource;
import dev.floe.io.CloseableIterator;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.ManifestContent;
import dev.floe.manifest.ManifestEntry;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.MetricsColumns;
import dev.floe.table.LoadedTable;
import dev.floe.table.LocationPolicy;
import dev.floe.table.Schema;
import dev.floe.table.Snapshot;
import dev.floe.table.StructType;
import dev.floe.table.TableMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;

/**
 * One metadata table of a table, at a selected snapshot: its schema ({@link MetadataSchemas}) and
 * its rows as Floe values. Row values: Integer, Long (timestamps in microseconds), Boolean, String,
 * ByteBuffer (binary), {@code List} (lists, and structs as their fields in order), {@code Map}
 * (maps); any may be null. Partition values use Floe's value representation.
 *
 * <p>How rows are read depends on the table ({@link MetadataTableType#readsManifestEntries()}):
 *
 * <ul>
 *   <li>{@code snapshots}, {@code history}, {@code refs}, {@code metadata_log_entries} and {@code
 *       manifests}: all rows at once from {@link #tableRows()}; the first four describe the whole
 *       table whatever the snapshot;
 *   <li>{@code files}, {@code data_files}, {@code delete_files} and {@code entries}: the rows of
 *       each of {@link #manifests()}, streamed by {@link #rows(ManifestFile)}, so manifests can be
 *       read in parallel and no more than one entry is held at a time;
 *   <li>{@code partitions}: a {@link PartitionsAggregation} per manifest ({@link
 *       #aggregate(ManifestFile)}), merged in manifest order, then {@link
 *       #partitionRows(PartitionsAggregation)}.
 * </ul>
 *
 * <p>For example, the {@code data_files} table of snapshot 42 is the live entries of the data
 * manifests of 42's manifest list, one row per data file; its {@code entries} table also has the
 * DELETED entries, which record files that 42 removed.
 */
public final class MetadataTable {
  private final LoadedTable table;
  private final MetadataTableType type;
  private final Optional<Snapshot> snapshot;
  private final Schema schema;
  private final StructType partitionType;
  private final MetadataSource source;

  private MetadataTable(
      LoadedTable table, MetadataTableType type, Optional<Snapshot> snapshot, MetadataCache cache) {
    this.table = Objects.requireNonNull(table, "table");
    this.type = Objects.requireNonNull(type, "type");
    this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
    this.source = MetadataSource.of(cache, table);
    this.schema = MetadataSchemas.of(type, table.metadata());
    this.partitionType = MetadataSchemas.partitionType(table.metadata());
  }

  /**
   * Metadata table {@code type} of {@code table}, with the manifests of {@code snapshot} (empty for
   * a table without snapshots, whose manifest-based tables have no rows).
   */
  public static MetadataTable of(
      LoadedTable table, MetadataTableType type, Optional<Snapshot> snapshot) {
    return new MetadataTable(table, type, snapshot, MetadataCache.disabled());
  }

  /** This table, its manifest list and manifests read through {@code newCache}. */
  public MetadataTable withCache(MetadataCache newCache) {
    return new MetadataTable(table, type, snapshot, newCache);
  }

  public LoadedTable table() {
    return table;
  }

  public MetadataTableType type() {
    return type;
  }

  public Optional<Snapshot> snapshot() {
    return snapshot;
  }

  public Schema schema() {
    return schema;
  }

  /**
   * Every row of a table that is not read entry by entry.
   *
   * @throws IllegalStateException for a table read from manifest entries
   */
  public List<List<Object>> tableRows() {
    TableMetadata metadata = table.metadata();
    switch (type) {
      case SNAPSHOTS:
        return TableRows.snapshots(metadata);
      case HISTORY:
        return TableRows.history(metadata);
      case REFS:
        return TableRows.refs(metadata);
      case METADATA_LOG_ENTRIES:
        return TableRows.metadataLogEntries(metadata);
      case MANIFESTS:
        List<List<Object>> rows = new ArrayList<>();
        for (ManifestFile manifest : allManifests()) {
          rows.add(
              ManifestRows.row(
                  manifest,
                  metadata.specsById().get(manifest.partitionSpecId()),
                  metadata.schema()));
        }
        return rows;
      case FILES:
      case DATA_FILES:
      case DELETE_FILES:
      case ENTRIES:
      case PARTITIONS:
        throw new IllegalStateException(
            "The " + type.tableName() + " table is read manifest by manifest, not at once");
    }
    throw new IllegalStateException("Unknown metadata table " + type);
  }

  /**
   * The manifests whose entries make up this table's rows, in manifest-list order: data manifests
   * for {@code data_files}, delete manifests for {@code delete_files}, all of them otherwise.
   */
  public List<ManifestFile> manifests() {
    List<ManifestFile> selected = new ArrayList<>();
    for (ManifestFile manifest : allManifests()) {
      if (type == MetadataTableType.DATA_FILES && manifest.content() != ManifestContent.DATA) {
        continue;
      }
      if (type == MetadataTableType.DELETE_FILES && manifest.content() != ManifestContent.DELETES) {
        continue;
      }
      selected.add(manifest);
    }
    return selected;
  }

  /**
   * The rows {@code manifest} contributes to a files or entries table, read as the iterator
   * advances. Close it.
   */
  public CloseableIterator<List<Object>> rows(ManifestFile manifest) {
    ContentFileRows files = contentFileRows();
    boolean entries = type == MetadataTableType.ENTRIES;
    CloseableIterator<ManifestEntry> source = open(manifest);
    return new CloseableIterator<>() {
      private ManifestEntry next;

      @Override
      public boolean hasNext() {
        while (next == null && source.hasNext()) {
          ManifestEntry candidate = source.next();
          if (entries || (candidate.isLive() && wanted(candidate.file()))) {
            next = candidate;
          }
        }
        return next != null;
      }

      @Override
      public List<Object> next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        ManifestEntry entry = next;
        next = null;
        return entries ? files.entryRow(entry) : files.fileRow(entry.file());
      }

      @Override
      public void close() {
        source.close();
      }
    };
  }

  private ContentFileRows contentFileRows() {
    TableMetadata metadata = table.metadata();
    // the values of readable_metrics do not depend on the field ids the schema gives it
    return new ContentFileRows(
        partitionType, metadata.specsById(), ReadableMetrics.of(metadata.schema(), 0));
  }

  /** The {@code partitions} totals of the live entries of {@code manifest}. */
  public PartitionsAggregation aggregate(ManifestFile manifest) {
    PartitionsAggregation aggregation = new PartitionsAggregation();
    try (CloseableIterator<ManifestEntry> entries = open(manifest)) {
      while (entries.hasNext()) {
        ManifestEntry entry = entries.next();
        if (entry.isLive()) {
          aggregation.add(entry, table.metadata(), partitionType);
        }
      }
    }
    return aggregation;
  }

  /** The rows of the {@code partitions} table, from the merged totals of all its manifests. */
  public List<List<Object>> partitionRows(PartitionsAggregation merged) {
    return merged.rows(!partitionType.fields().isEmpty());
  }

  private boolean wanted(ContentFile file) {
    switch (type) {
      case DATA_FILES:
        return file.content() == FileContent.DATA;
      case DELETE_FILES:
        return file.content() != FileContent.DATA;
      case FILES:
      case ENTRIES:
      case PARTITIONS:
      case SNAPSHOTS:
      case HISTORY:
      case REFS:
      case MANIFESTS:
      case METADATA_LOG_ENTRIES:
        return true;
    }
    throw new IllegalStateException("Unknown metadata table " + type);
  }

  private CloseableIterator<ManifestEntry> open(ManifestFile manifest) {
    String listedBy =
        snapshot.map(selected -> "manifest list " + selected.manifestList()).orElse("a snapshot");
    LocationPolicy.of(table).check(manifest.path(), "manifest", listedBy);
    // every metric of every column: what the cache keeps is never wider than that
    return source.entries(manifest, MetricsColumns.ALL);
  }

  private List<ManifestFile> allManifests() {
    if (snapshot.isEmpty()) {
      return List.of();
    }
    Snapshot selected = snapshot.get();
    LocationPolicy.of(table).checkManifestLocations(selected);
    return source.manifests(selected).value();
  }
}
