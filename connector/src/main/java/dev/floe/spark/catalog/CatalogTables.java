package dev.floe.spark.catalog;

import dev.floe.table.LoadedTable;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a {@code FloeCatalog}'s namespaces and tables come from: a warehouse directory ({@link
 * WarehouseTables}) or an Iceberg REST catalog ({@link RestTables}). Names are the parts of a Spark
 * identifier: {@code db.events} is {@code ["db", "events"]}.
 */
public interface CatalogTables {
  /** Whether {@code namespace} exists; the empty namespace, the catalog's root, always does. */
  boolean namespaceExists(String[] namespace);

  /** The namespaces directly inside an existing {@code namespace}, in the order to list them. */
  List<String[]> childNamespaces(String[] namespace);

  /** The properties of an existing namespace, as Spark shows them in {@code DESCRIBE NAMESPACE}. */
  Map<String, String> namespaceMetadata(String[] namespace);

  /** The names of the tables in an existing {@code namespace}, in the order to list them. */
  List<String> tableNames(String[] namespace);

  /** What identifies the table {@code parts} in the catalog's cache. */
  String cacheKey(String[] parts);

  /**
   * The table {@code parts}, named {@code qualifiedName}, or empty when there is none.
   *
   * @throws dev.floe.FloeException when the table exists but cannot be loaded
   */
  Optional<LoadedTable> load(String[] parts, String qualifiedName);
}
