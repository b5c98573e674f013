package dev.floe.table;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The parsed content of one table metadata file (format version 1, 2 or 3), immutable. Built by
 * {@link TableMetadataParser}; {@link #builder()} is for parsers and tests.
 *
 * <p>v1 metadata is normalized as the spec asks of readers: a v1 {@code partition-spec} becomes
 * spec 0, a v1 {@code schema} becomes schema 0, and a table without {@code refs} gets a {@code
 * main} branch at {@code current-snapshot-id}.
 */
public final class TableMetadata {
  private final String metadataFileLocation;
  private final int formatVersion;
  private final String tableUuid;
  private final String location;
  private final long lastSequenceNumber;
  private final long lastUpdatedMillis;
  private final int lastColumnId;
  private final List<Schema> schemas;
  private final int currentSchemaId;
  private final List<PartitionSpec> specs;
  private final int defaultSpecId;
  private final int lastPartitionId;
  private final List<SortOrder> sortOrders;
  private final int defaultSortOrderId;
  private final Map<String, String> properties;
  private final Long currentSnapshotId;
  private final List<Snapshot> snapshots;
  private final Map<String, SnapshotRef> refs;
  private final List<SnapshotLogEntry> snapshotLog;
  private final List<MetadataLogEntry> metadataLog;
  private final List<StatisticsFile> statistics;
  private final List<PartitionStatisticsFile> partitionStatistics;
  private final Long nextRowId;
  private final List<EncryptionKey> encryptionKeys;

  private final Map<Integer, Schema> schemasById;
  private final Map<Integer, PartitionSpec> specsById;
  private final Map<Long, Snapshot> snapshotsById;

  private TableMetadata(Builder builder) {
    this.metadataFileLocation = builder.metadataFileLocation;
    this.formatVersion = builder.formatVersion;
    this.tableUuid = builder.tableUuid;
    this.location = Objects.requireNonNull(builder.location, "location");
    this.lastSequenceNumber = builder.lastSequenceNumber;
    this.lastUpdatedMillis = builder.lastUpdatedMillis;
    this.lastColumnId = builder.lastColumnId;
    this.schemas = List.copyOf(builder.schemas);
    this.currentSchemaId = builder.currentSchemaId;
    this.specs = List.copyOf(builder.specs);
    this.defaultSpecId = builder.defaultSpecId;
    this.lastPartitionId = builder.lastPartitionId;
    this.sortOrders = List.copyOf(builder.sortOrders);
    this.defaultSortOrderId = builder.defaultSortOrderId;
    this.properties = Map.copyOf(builder.properties);
    this.currentSnapshotId = builder.currentSnapshotId;
    this.snapshots = List.copyOf(builder.snapshots);
    this.refs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(builder.refs));
    this.snapshotLog = List.copyOf(builder.snapshotLog);
    this.metadataLog = List.copyOf(builder.metadataLog);
    this.statistics = List.copyOf(builder.statistics);
    this.partitionStatistics = List.copyOf(builder.partitionStatistics);
    this.nextRowId = builder.nextRowId;
    this.encryptionKeys = List.copyOf(builder.encryptionKeys);
    this.schemasById = index(schemas, Schema::schemaId);
    this.specsById = index(specs, PartitionSpec::specId);
    this.snapshotsById = index(snapshots, Snapshot::snapshotId);
  }

  private static <K, V> Map<K, V> index(List<V> values, Function<V, K> key) {
    return values.stream()
        .collect(
            Collectors.toUnmodifiableMap(
                key,
                Function.identity(),
                (first, second) -> {
                  throw new IllegalArgumentException("Duplicate id " + key.apply(first));
                }));
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The metadata file this was read from, or null when built in memory. */
  public String metadataFileLocation() {
    return metadataFileLocation;
  }

  public int formatVersion() {
    return formatVersion;
  }

  /** The table's UUID, or null for v1 metadata written without one. */
  public String tableUuid() {
    return tableUuid;
  }

  public String location() {
    return location;
  }

  public long lastSequenceNumber() {
    return lastSequenceNumber;
  }

  public long lastUpdatedMillis() {
    return lastUpdatedMillis;
  }

  public int lastColumnId() {
    return lastColumnId;
  }

  public List<Schema> schemas() {
    return schemas;
  }

  public int currentSchemaId() {
    return currentSchemaId;
  }

  /** The current schema. */
  public Schema schema() {
    return schemasById.get(currentSchemaId);
  }

  /** The schema with this id, or null. */
  public Schema schema(int schemaId) {
    return schemasById.get(schemaId);
  }

  public List<PartitionSpec> specs() {
    return specs;
  }

  public Map<Integer, PartitionSpec> specsById() {
    return specsById;
  }

  /** The partition spec with this id, or null. */
  public PartitionSpec spec(int specId) {
    return specsById.get(specId);
  }

  public int defaultSpecId() {
    return defaultSpecId;
  }

  public PartitionSpec defaultSpec() {
    return specsById.get(defaultSpecId);
  }

  public int lastPartitionId() {
    return lastPartitionId;
  }

  public List<SortOrder> sortOrders() {
    return sortOrders;
  }

  public int defaultSortOrderId() {
    return defaultSortOrderId;
  }

  public Map<String, String> properties() {
    return properties;
  }

  public String property(String name, String defaultValue) {
    return properties.getOrDefault(name, defaultValue);
  }

  /** The current snapshot id, or null when the table has never been written to. */
  public Long currentSnapshotId() {
    return currentSnapshotId;
  }

  public Optional<Snapshot> currentSnapshot() {
    return currentSnapshotId == null
        ? Optional.empty()
        : Optional.ofNullable(snapshotsById.get(currentSnapshotId));
  }

  public List<Snapshot> snapshots() {
    return snapshots;
  }

  /** The snapshot with this id, or null when it is not (or no longer) in the table. */
  public Snapshot snapshot(long snapshotId) {
    return snapshotsById.get(snapshotId);
  }

  /** Branches and tags by name, in file order. */
  public Map<String, SnapshotRef> refs() {
    return refs;
  }

  /** The branch or tag with this name, or null. */
  public SnapshotRef ref(String name) {
    return refs.get(name);
  }

  public List<SnapshotLogEntry> snapshotLog() {
    return snapshotLog;
  }

  public List<MetadataLogEntry> metadataLog() {
    return metadataLog;
  }

  public List<StatisticsFile> statistics() {
    return statistics;
  }

  public List<PartitionStatisticsFile> partitionStatistics() {
    return partitionStatistics;
  }

  /** The v3 next row id, or null before v3. */
  public Long nextRowId() {
    return nextRowId;
  }

  public List<EncryptionKey> encryptionKeys() {
    return encryptionKeys;
  }

  @Override
  public String toString() {
    return "TableMetadata{location="
        + location
        + ", formatVersion="
        + formatVersion
        + ", currentSnapshotId="
        + currentSnapshotId
        + ", file="
        + metadataFileLocation
        + "}";
  }

  /** Collects the fields of a metadata file; {@link #build()} copies them. */
  public static final class Builder {
    private String metadataFileLocation;
    private int formatVersion = 2;
    private String tableUuid;
    private String location;
    private long lastSequenceNumber;
    private long lastUpdatedMillis;
    private int lastColumnId;
    private List<Schema> schemas = new ArrayList<>();
    private int currentSchemaId;
    private List<PartitionSpec> specs = new ArrayList<>();
    private int defaultSpecId;
    private int lastPartitionId;
    private List<SortOrder> sortOrders = new ArrayList<>();
    private int defaultSortOrderId;
    private Map<String, String> properties = new LinkedHashMap<>();
    private Long currentSnapshotId;
    private List<Snapshot> snapshots = new ArrayList<>();
    private Map<String, SnapshotRef> refs = new LinkedHashMap<>();
    private List<SnapshotLogEntry> snapshotLog = new ArrayList<>();
    private List<MetadataLogEntry> metadataLog = new ArrayList<>();
    private List<StatisticsFile> statistics = new ArrayList<>();
    private List<PartitionStatisticsFile> partitionStatistics = new ArrayList<>();
    private Long nextRowId;
    private List<EncryptionKey> encryptionKeys = new ArrayList<>();

    private Builder() {}

    public Builder metadataFileLocation(String value) {
      this.metadataFileLocation = value;
      return this;
    }

    public Builder formatVersion(int value) {
      this.formatVersion = value;
      return this;
    }

    public Builder tableUuid(String value) {
      this.tableUuid = value;
      return this;
    }

    public Builder location(String value) {
      this.location = value;
      return this;
    }

    public Builder lastSequenceNumber(long value) {
      this.lastSequenceNumber = value;
      return this;
    }

    public Builder lastUpdatedMillis(long value) {
      this.lastUpdatedMillis = value;
      return this;
    }

    public Builder lastColumnId(int value) {
      this.lastColumnId = value;
      return this;
    }

    public Builder schemas(List<Schema> value) {
      this.schemas = new ArrayList<>(value);
      return this;
    }

    public Builder currentSchemaId(int value) {
      this.currentSchemaId = value;
      return this;
    }

    public Builder specs(List<PartitionSpec> value) {
      this.specs = new ArrayList<>(value);
      return this;
    }

    public Builder defaultSpecId(int value) {
      this.defaultSpecId = value;
      return this;
    }

    public Builder lastPartitionId(int value) {
      this.lastPartitionId = value;
      return this;
    }

    public Builder sortOrders(List<SortOrder> value) {
      this.sortOrders = new ArrayList<>(value);
      return this;
    }

    public Builder defaultSortOrderId(int value) {
      this.defaultSortOrderId = value;
      return this;
    }

    public Builder properties(Map<String, String> value) {
      this.properties = new LinkedHashMap<>(value);
      return this;
    }

    public Builder currentSnapshotId(Long value) {
      this.currentSnapshotId = value;
      return this;
    }

    public Builder snapshots(List<Snapshot> value) {
      this.snapshots = new ArrayList<>(value);
      return this;
    }

    public Builder refs(Map<String, SnapshotRef> value) {
      this.refs = new LinkedHashMap<>(value);
      return this;
    }

    public Builder snapshotLog(List<SnapshotLogEntry> value) {
      this.snapshotLog = new ArrayList<>(value);
      return this;
    }

    public Builder metadataLog(List<MetadataLogEntry> value) {
      this.metadataLog = new ArrayList<>(value);
      return this;
    }

    public Builder statistics(List<StatisticsFile> value) {
      this.statistics = new ArrayList<>(value);
      return this;
    }

    public Builder partitionStatistics(List<PartitionStatisticsFile> value) {
      this.partitionStatistics = new ArrayList<>(value);
      return this;
    }

    public Builder nextRowId(Long value) {
      this.nextRowId = value;
      return this;
    }

    public Builder encryptionKeys(List<EncryptionKey> value) {
      this.encryptionKeys = new ArrayList<>(value);
      return this;
    }

    public TableMetadata build() {
      return new TableMetadata(this);
    }
  }
}
