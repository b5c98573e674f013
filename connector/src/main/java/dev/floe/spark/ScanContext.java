package dev.floe.spark;

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
 */
record ScanContext(
    String table,
    Schema readSchema,
    Schema projection,
    String nameMappingJson,
    int batchSize,
    long deleteCacheBytes) {
  ScanContext {
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

  /** The name mapping, parsed; null when the table has none. */
  NameMapping nameMapping() {
    return nameMappingJson == null
        ? null
        : NameMapping.parse(nameMappingJson, "table " + table + " (" + NameMapping.PROPERTY + ")");
  }
}
