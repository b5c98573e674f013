package dev.floe.catalog;

import dev.floe.io.FileIO;
import dev.floe.table.LoadedTable;
import dev.floe.table.TableMetadata;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * A table as a REST catalog returned it: its name ({@code catalog.namespace.table}), the metadata
 * file it is at, the metadata parsed from the response (the file is never read), and the config to
 * read its files with: the table's {@code config} merged with the storage credentials the catalog
 * vended for the table's location.
 *
 * <p>{@link #toString()} names the config keys only: the values hold secret keys.
 */
public record RestTable(
    String name, String metadataLocation, TableMetadata metadata, Map<String, String> config) {
  public RestTable {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(metadataLocation, "metadataLocation");
    Objects.requireNonNull(metadata, "metadata");
    config = Map.copyOf(config);
  }

  /** The table to plan scans of, reading its files through {@code io}. */
  public LoadedTable table(FileIO io) {
    return new LoadedTable(name, metadata, io);
  }

  @Override
  public String toString() {
    return "RestTable[name="
        + name
        + ", metadataLocation="
        + metadataLocation
        + ", config keys="
        + new TreeSet<>(config.keySet())
        + "]";
  }
}
