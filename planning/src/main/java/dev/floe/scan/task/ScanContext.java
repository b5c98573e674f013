package dev.floe.scan.task;

import dev.floe.expr.Expression;
import dev.floe.table.NameMapping;
import dev.floe.table.PartitionSpec;
import dev.floe.table.Schema;
import java.util.List;
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
 * @param rowFilter the rows the reader keeps, unbound, by the read schema's names: the exact forms
 *     of the predicates Spark left to Floe (the connector's exact conversion); true when there are
 *     none
 * @param specs the table's partition specs, to settle the row filter per task (the connector's
 *     RowFilterResiduals})
 */
public record ScanContext(
    String table,
    Schema readSchema,
    Schema projection,
    String nameMappingJson,
    int batchSize,
    long deleteCacheBytes,
    boolean verifyChecksums,
    Expression rowFilter,
    List<PartitionSpec> specs) {
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
    Objects.requireNonNull(rowFilter, "rowFilter");
    specs = List.copyOf(specs);
  }

  /** A context whose reader keeps every row. */
  public ScanContext(
      String table,
      Schema readSchema,
      Schema projection,
      String nameMappingJson,
      int batchSize,
      long deleteCacheBytes) {
    this(
        table,
        readSchema,
        projection,
        nameMappingJson,
        batchSize,
        deleteCacheBytes,
        true,
        Expression.alwaysTrue(),
        List.of());
  }

  /** The name mapping, parsed; null when the table has none. */
  public NameMapping nameMapping() {
    return nameMappingJson == null
        ? null
        : NameMapping.parse(nameMappingJson, "table " + table + " (" + NameMapping.PROPERTY + ")");
  }
}
