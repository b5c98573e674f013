package dev.floe.metadata;

import dev.floe.InvalidRequestException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The metadata tables of an Iceberg table, named as Iceberg names them: {@code db.events.snapshots}
 * is the {@link #SNAPSHOTS} table of {@code db.events}.
 */
public enum MetadataTableType {
  SNAPSHOTS,
  HISTORY,
  REFS,
  MANIFESTS,
  FILES,
  DATA_FILES,
  DELETE_FILES,
  ENTRIES,
  PARTITIONS,
  METADATA_LOG_ENTRIES;

  /** The name a user writes after the table name: {@code data_files}. */
  public String tableName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The metadata table called {@code name} (any case).
   *
   * @throws InvalidRequestException when no metadata table has that name; the message lists them
   */
  public static MetadataTableType fromName(String name) {
    for (MetadataTableType type : values()) {
      if (type.tableName().equalsIgnoreCase(name)) {
        return type;
      }
    }
    throw new InvalidRequestException(
        "Unknown metadata table '"
            + name
            + "'; Floe's metadata tables are "
            + Arrays.stream(values())
                .map(MetadataTableType::tableName)
                .collect(Collectors.joining(", ")));
  }

  /** Whether the table is read from the manifests of a snapshot, one manifest at a time. */
  public boolean readsManifestEntries() {
    switch (this) {
      case FILES:
      case DATA_FILES:
      case DELETE_FILES:
      case ENTRIES:
      case PARTITIONS:
        return true;
      case SNAPSHOTS:
      case HISTORY:
      case REFS:
      case MANIFESTS:
      case METADATA_LOG_ENTRIES:
        return false;
    }
    throw new IllegalStateException("Unknown metadata table " + this);
  }

  /** Whether the rows depend on the snapshot a read selects (time travel applies). */
  public boolean readsSnapshot() {
    return this == MANIFESTS || readsManifestEntries();
  }
}
