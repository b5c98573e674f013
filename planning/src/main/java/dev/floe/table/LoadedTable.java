package dev.floe.table;

import dev.floe.io.FileIO;
import java.util.Objects;

/**
 * A loaded table: its name as the user gave it (a path or a catalog identifier), the metadata read
 * when it was loaded, and the file access to read the rest of it.
 */
public record LoadedTable(String name, TableMetadata metadata, FileIO io) {
  public LoadedTable {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(metadata, "metadata");
    Objects.requireNonNull(io, "io");
  }

  /** The metadata file the table was loaded from, or null when built in memory. */
  public String metadataLocation() {
    return metadata.metadataFileLocation();
  }
}
