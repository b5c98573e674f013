package dev.floe.spark.catalog;

import dev.floe.FileReadException;
import dev.floe.catalog.PathTables;
import dev.floe.catalog.Warehouse;
import dev.floe.spark.source.SharedMetadataCache;
import dev.floe.table.LoadedTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.connector.catalog.SupportsNamespaces;

/**
 * The tables of a warehouse directory of Hadoop-layout tables ({@link Warehouse}): a namespace is a
 * directory that is not a table, a table a directory whose {@code metadata/} holds a metadata file.
 */
public final class WarehouseTables implements CatalogTables {
  private final Warehouse warehouse;

  public WarehouseTables(Warehouse warehouse) {
    this.warehouse = warehouse;
  }

  @Override
  public boolean namespaceExists(String[] namespace) {
    if (namespace.length == 0) {
      return true;
    }
    String location = warehouse.location(namespace);
    return warehouse.isDirectory(location) && !warehouse.isTable(location);
  }

  @Override
  public List<String[]> childNamespaces(String[] namespace) {
    String location = warehouse.location(namespace);
    List<String[]> children = new ArrayList<>();
    for (String child : warehouse.childDirectories(location)) {
      if (!warehouse.isTable(location + "/" + child)) {
        String[] nested = Arrays.copyOf(namespace, namespace.length + 1);
        nested[namespace.length] = child;
        children.add(nested);
      }
    }
    return children;
  }

  @Override
  public Map<String, String> namespaceMetadata(String[] namespace) {
    return Map.of(SupportsNamespaces.PROP_LOCATION, warehouse.location(namespace));
  }

  @Override
  public List<String> tableNames(String[] namespace) {
    String location = warehouse.location(namespace);
    List<String> tables = new ArrayList<>();
    for (String child : warehouse.childDirectories(location)) {
      if (warehouse.isTable(location + "/" + child)) {
        tables.add(child);
      }
    }
    return tables;
  }

  @Override
  public String cacheKey(String[] parts) {
    return warehouse.location(parts);
  }

  @Override
  public Optional<LoadedTable> load(String[] parts, String qualifiedName) {
    String location = warehouse.location(parts);
    try {
      if (!warehouse.isTable(location)) {
        return Optional.empty();
      }
      LoadedTable loaded = PathTables.load(location, warehouse.io(), SharedMetadataCache.get());
      return Optional.of(new LoadedTable(qualifiedName, loaded.metadata(), loaded.io()));
    } catch (FileReadException failure) {
      throw new FileReadException(
          "Cannot load table " + qualifiedName + " at " + location + ": " + failure.getMessage(),
          failure);
    }
  }
}
