package dev.floe.spark.metadata;

import dev.floe.io.FileIO;
import dev.floe.metadata.MetadataTable;
import dev.floe.metadata.MetadataTableType;
import dev.floe.spark.source.SharedMetadataCache;
import dev.floe.table.LoadedTable;
import dev.floe.table.TableMetadata;
import dev.floe.table.TableMetadataParser;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Metadata tables rebuilt on an executor from the table's metadata file. Metadata files never
 * change once written, so each executor parses one at most once while it stays among the few most
 * recently used, and the tasks of one read share it.
 */
final class ExecutorMetadataTables {
  private static final int CACHED_FILES = 8;

  private static final Map<String, TableMetadata> PARSED =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, TableMetadata> eldest) {
          return size() > CACHED_FILES;
        }
      };

  private ExecutorMetadataTables() {}

  /** The table, without a selected snapshot: executors read the manifests they are given. */
  static MetadataTable of(
      FileIO io, String metadataLocation, String tableName, MetadataTableType type) {
    return MetadataTable.of(
            new LoadedTable(tableName, metadata(io, metadataLocation), io), type, Optional.empty())
        .withCache(SharedMetadataCache.get());
  }

  private static TableMetadata metadata(FileIO io, String location) {
    synchronized (PARSED) {
      TableMetadata cached = PARSED.get(location);
      if (cached != null) {
        return cached;
      }
    }
    TableMetadata parsed = TableMetadataParser.read(io.newInputFile(location));
    synchronized (PARSED) {
      PARSED.put(location, parsed);
    }
    return parsed;
  }
}
