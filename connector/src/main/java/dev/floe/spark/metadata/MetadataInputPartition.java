package dev.floe.spark.metadata;

import dev.floe.metadata.MetadataTableType;
import dev.floe.spark.exec.FileIOBroadcast;
import java.util.Objects;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;

/** One task of a metadata table read: rows the driver computed, or one manifest to read. */
sealed interface MetadataInputPartition extends InputPartition {

  /** Rows computed on the driver (tables read from the metadata, merged partition totals). */
  record ComputedRows(InternalRow[] rows) implements MetadataInputPartition {
    public ComputedRows {
      rows = rows.clone();
    }
  }

  /**
   * The rows of one manifest, read on the executor. The executor reads the table metadata again
   * from its file (cached per executor), since planning's metadata types do not travel.
   */
  record ManifestRows(
      FileIOBroadcast io,
      String metadataLocation,
      String tableName,
      MetadataTableType type,
      ManifestPointer manifest)
      implements MetadataInputPartition {
    public ManifestRows {
      Objects.requireNonNull(io, "io");
      Objects.requireNonNull(metadataLocation, "metadataLocation");
      Objects.requireNonNull(tableName, "tableName");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(manifest, "manifest");
    }
  }
}
