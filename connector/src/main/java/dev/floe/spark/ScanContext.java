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
 */
record ScanContext(
    String table, Schema readSchema, Schema projection, String nameMappingJson, int batchSize) {
  ScanContext {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(readSchema, "readSchema");
    Objects.requireNonNull(projection, "projection");
    if (batchSize < 1) {
      throw new IllegalArgumentException("Batch size must be positive: " + batchSize);
    }
  }

  /** The name mapping, parsed; null when the table has none. */
  NameMapping nameMapping() {
    return nameMappingJson == null
        ? null
        : NameMapping.parse(nameMappingJson, "table " + table + " (" + NameMapping.PROPERTY + ")");
  }
}
