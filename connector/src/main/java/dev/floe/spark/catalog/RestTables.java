package dev.floe.spark.catalog;

import dev.floe.catalog.RestCatalog;
import dev.floe.catalog.RestTable;
import dev.floe.io.FileIO;
import dev.floe.table.LoadedTable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * The tables of an Iceberg REST catalog. A loaded table's metadata is the one in the server's
 * response (its metadata file is not read again), and its files are read with the storage settings
 * of the catalog's own configuration overlaid by the table's: the response's {@code config} and
 * vended credentials apply to that table only.
 */
public final class RestTables implements CatalogTables {
  private final RestCatalog catalog;
  private final Map<String, String> catalogStorage;
  private final BiFunction<String, Map<String, String>, FileIO> fileAccess;

  /**
   * @param catalogStorage the catalog's own storage settings ({@code s3.*}, {@code client.region})
   * @param fileAccess the file access for a table location and its storage settings
   */
  public RestTables(
      RestCatalog catalog,
      Map<String, String> catalogStorage,
      BiFunction<String, Map<String, String>, FileIO> fileAccess) {
    this.catalog = catalog;
    this.catalogStorage = Map.copyOf(catalogStorage);
    this.fileAccess = fileAccess;
  }

  @Override
  public boolean namespaceExists(String[] namespace) {
    return namespace.length == 0 || catalog.namespaceExists(List.of(namespace));
  }

  @Override
  public List<String[]> childNamespaces(String[] namespace) {
    return catalog.listNamespaces(List.of(namespace)).stream()
        .map(child -> child.toArray(new String[0]))
        .toList();
  }

  @Override
  public Map<String, String> namespaceMetadata(String[] namespace) {
    return catalog.namespaceProperties(List.of(namespace)).orElse(Map.of());
  }

  @Override
  public List<String> tableNames(String[] namespace) {
    return catalog.listTables(List.of(namespace)).orElse(List.of());
  }

  @Override
  public String cacheKey(String[] parts) {
    return String.join("\u001f", parts);
  }

  @Override
  public Optional<LoadedTable> load(String[] parts, String qualifiedName) {
    if (parts.length < 2) {
      return Optional.empty(); // a table lives in a namespace
    }
    List<String> namespace = Arrays.asList(parts).subList(0, parts.length - 1);
    return catalog
        .loadTable(namespace, parts[parts.length - 1])
        .map(loaded -> table(loaded, qualifiedName));
  }

  private LoadedTable table(RestTable loaded, String qualifiedName) {
    Map<String, String> storage = new HashMap<>(catalogStorage);
    storage.putAll(loaded.config());
    return new LoadedTable(
        qualifiedName, loaded.metadata(), fileAccess.apply(loaded.metadataLocation(), storage));
  }

  @Override
  public String toString() {
    return catalog.toString();
  }
}
