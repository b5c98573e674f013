package dev.floe.scan.task;

import dev.floe.table.NameMapping;
import dev.floe.table.Schema;
import java.util.Objects;

/**
 * What every task of one scan shares, shipped once per reader factory rather than once per task.
 *
 * @param table the table's name, for messages
 * @param readSchema the schema the scan reads with; residuals are bound to it
 * @param projection the columns to produce, metadata columns included
 * @param nameMappingJson the table's {@link NameMapping#PROPERTY}, or null
 * @param batchSize the most rows in one batch
 * @param deleteCacheBytes the bound of the executor's cache of loaded deletes
 * @param verifyChecksums whether data files' Parquet pages are checked against the CRC-32 their
 *     headers record ({@code verify-checksums}); delete files are always checked
 */
public record ScanContext(
    String table,
    Schema readSchema,
    Schema projection,
    String nameMappingJson,
    int batchSize,
    long deleteCacheBytes,
    boolean verifyChecksums) {
  public ScanContext {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(readSchema, "readSchema");
    Objects.requireNonNull(projection, "projection");
    if (batchSize < 1) {
      throw new IllegalArgumentException("Batch size must be positive: " + batchSize);
    }
    if (deleteCacheBytes < 0) {
      throw new IllegalArgumentException(
          "The delete cache bound cannot be negative: " + deleteCacheBytes);
    }
  }

  /** A context whose readers verify page checksums. */
  public ScanContext(
      String table,
      Schema readSchema,
      Schema projection,
      String nameMappingJson,
      int batchSize,
      long deleteCacheBytes) {
    this(table, readSchema, projection, nameMappingJson, batchSize, deleteCacheBytes, true);
  }

  /** The name mapping, parsed; null when the table has none. */
  public NameMapping nameMapping() {
    return nameMappingJson == null
        ? null
        : NameMapping.parse(nameMappingJson, "table " + table + " (" + NameMapping.PROPERTY + ")");
  }
}
