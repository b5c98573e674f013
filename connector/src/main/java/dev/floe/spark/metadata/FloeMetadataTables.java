package dev.floe.spark.metadata;

import dev.floe.metadata.MetadataTable;
import dev.floe.metadata.MetadataTableType;
import dev.floe.spark.source.FloeReadOptions;
import dev.floe.spark.source.SharedMetadataCache;
import dev.floe.table.LoadedTable;
import dev.floe.table.Snapshot;
import java.util.Optional;
import org.apache.spark.sql.connector.catalog.Table;

/**
 * Iceberg's metadata tables of a Floe table, as Spark tables: {@code snapshots}, {@code history},
 * {@code refs}, {@code manifests}, {@code files}, {@code data_files}, {@code delete_files}, {@code
 * entries}, {@code partitions} and {@code metadata_log_entries}, with Iceberg's columns.
 *
 * <pre>{@code
 * Table files = FloeMetadataTables.load(table, "files", options);   // lake.db.events.files
 * }</pre>
 *
 * <p>Time travel: the snapshot the options select ({@code snapshot-id}, {@code tag}, {@code
 * branch}, {@code as-of-timestamp}) gives the manifests of {@code manifests}, the files tables,
 * {@code entries} and {@code partitions}; the other tables describe the whole table and ignore it.
 */
public final class FloeMetadataTables {
  private FloeMetadataTables() {}

  /**
   * Metadata table {@code name} (any case) of {@code table}.
   *
   * @throws dev.floe.InvalidRequestException when {@code name} is not a metadata table (the message
   *     lists them), or the options select a snapshot the table does not have
   */
  public static Table load(LoadedTable table, String name, FloeReadOptions options) {
    MetadataTableType type = MetadataTableType.fromName(name);
    Optional<Snapshot> snapshot =
        type.readsSnapshot()
            ? options.newScan(table).snapshot()
            : table.metadata().currentSnapshot();
    return new FloeMetadataTable(
        MetadataTable.of(table, type, snapshot).withCache(SharedMetadataCache.get()));
  }
}
