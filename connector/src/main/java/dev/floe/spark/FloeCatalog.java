package dev.floe.spark;

import dev.floe.InvalidRequestException;
import dev.floe.catalog.RestCatalog;
import dev.floe.catalog.Warehouse;
import dev.floe.metadata.MetadataTableType;
import dev.floe.spark.catalog.CatalogTables;
import dev.floe.spark.catalog.RestTables;
import dev.floe.spark.catalog.TableCache;
import dev.floe.spark.catalog.WarehouseTables;
import dev.floe.spark.metadata.FloeMetadataTables;
import dev.floe.spark.source.FloeChangelogTable;
import dev.floe.spark.source.FloeReadOptions;
import dev.floe.spark.source.FloeTable;
import dev.floe.spark.source.IdentifierSelector;
import dev.floe.spark.source.SparkTimeTravelOptions;
import dev.floe.table.LoadedTable;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.NoSuchNamespaceException;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.NamespaceChange;
import org.apache.spark.sql.connector.catalog.SupportsNamespaces;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.TableChange;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A read-only Spark catalog over a warehouse of Hadoop-layout Iceberg tables:
 *
 * <pre>{@code
 * spark.sql.catalog.lake=dev.floe.spark.FloeCatalog
 * spark.sql.catalog.lake.warehouse=s3a://bucket/warehouse
 * spark.sql.catalog.lake.cache-expiration-interval-ms=30000   # default; 0 disables the cache
 * spark.sql.catalog.lake.metadata-cache-size=67108864         # its scans' default, bytes
 * }</pre>
 *
 * <p>{@code lake.db.events} is the table at {@code <warehouse>/db/events}; nested namespaces are
 * nested directories. Time travel, as in Iceberg:
 *
 * <ul>
 *   <li>{@code VERSION AS OF 42}: snapshot 42; {@code VERSION AS OF 'audit'}: branch or tag {@code
 *       audit} (a numeric string is a snapshot id);
 *   <li>{@code TIMESTAMP AS OF '2026-01-01 00:00:00'}: the snapshot current at that instant;
 *   <li>the identifier forms {@code lake.db.events.branch_audit}, {@code .tag_v1}, {@code
 *       .snapshot_id_42}, {@code .at_timestamp_<ms>}, which cannot be combined with {@code AS OF}.
 * </ul>
 *
 * <p>A snapshot id, tag or timestamp reads with the schema that snapshot was written with; a branch
 * reads with the table's current schema. {@code lake.db.events.snapshots} (and {@code .files},
 * {@code .manifests}, ...) is a metadata table of {@code lake.db.events} ({@link
 * FloeMetadataTables}), readable with {@code AS OF} too, unless a table of that name exists. Loaded
 * metadata is cached per table for {@code cache-expiration-interval-ms}, and a loaded table never
 * changes, so one query plans against one snapshot. Every write, DDL statement and namespace change
 * fails with "Floe is read-only".
 */
public final class FloeCatalog implements TableCatalog, SupportsNamespaces {
  static final String TYPE = "type";
  static final String URI = "uri";
  static final String WAREHOUSE = "warehouse";
  static final String CACHE_EXPIRATION_INTERVAL_MS = "cache-expiration-interval-ms";
  static final long DEFAULT_CACHE_EXPIRATION_MS = 30_000;

  private final LongSupplier clockMillis;
  private String catalogName;
  private Map<String, String> properties;
  private Map<String, String> catalogDefaults;
  private boolean rest;

  /** The warehouse directory, or the REST catalog's URI. */
  private String location;

  private CatalogTables tables;
  private TableCache cache;

  /** Public, for Spark, which instantiates catalogs by class name. */
  public FloeCatalog() {
    this(System::currentTimeMillis);
  }

  FloeCatalog(LongSupplier clockMillis) {
    this.clockMillis = clockMillis;
  }

  @Override
  public void initialize(String name, CaseInsensitiveStringMap options) {
    this.catalogName = name;
    this.properties = Map.copyOf(options.asCaseSensitiveMap());
    this.rest = CatalogType.of(name, options.get(TYPE)) == CatalogType.REST;
    String location = options.get(rest ? URI : WAREHOUSE);
    if (rest && (location == null || location.isBlank())) {
      throw new InvalidRequestException(
          "Floe catalog "
              + name
              + " of type rest has no uri: set spark.sql.catalog."
              + name
              + "."
              + URI
              + "=<the REST catalog's base URI, e.g. http://localhost:8181>");
    }
    if (location == null || location.isBlank()) {
      throw new InvalidRequestException(
          "Floe catalog "
              + name
              + " has no warehouse: set spark.sql.catalog."
              + name
              + "."
              + WAREHOUSE
              + "=<directory or URI of the warehouse>");
    }
    this.location = location;
    String expiration = options.get(CACHE_EXPIRATION_INTERVAL_MS);
    long expirationMillis = DEFAULT_CACHE_EXPIRATION_MS;
    if (expiration != null) {
      try {
        expirationMillis = Long.parseLong(expiration.trim());
      } catch (NumberFormatException notANumber) {
        throw new InvalidRequestException(
            CACHE_EXPIRATION_INTERVAL_MS
                + " of catalog "
                + name
                + " must be a whole number of ms, not '"
                + expiration
                + "'",
            notANumber);
      }
      if (expirationMillis < 0) {
        throw new InvalidRequestException(
            CACHE_EXPIRATION_INTERVAL_MS
                + " of catalog "
                + name
                + " must be 0 (no cache) or a positive number of ms: "
                + expirationMillis);
      }
    }
    this.cache = new TableCache(expirationMillis, clockMillis);
    this.catalogDefaults = FloeReadOptions.catalogDefaults(name, options::get);
  }

  @Override
  public String name() {
    return catalogName;
  }

  /** The {@code type} property: where the catalog's tables come from. */
  enum CatalogType {
    /** A warehouse directory of Hadoop-layout tables, the default. */
    HADOOP,
    /** An Iceberg REST catalog. */
    REST;

    static CatalogType of(String catalogName, String type) {
      if (type == null) {
        return HADOOP;
      }
      for (CatalogType known : values()) {
        if (known.name().equalsIgnoreCase(type.trim())) {
          return known;
        }
      }
      throw new InvalidRequestException(
          "Floe catalog "
              + catalogName
              + " has type '"
              + type
              + "': set spark.sql.catalog."
              + catalogName
              + "."
              + TYPE
              + " to hadoop (a warehouse directory, the default) or rest (an Iceberg REST"
              + " catalog)");
    }
  }

  /**
   * Built on first use: the file access depends on the session's Hadoop settings, and a REST
   * catalog's server is asked for its configuration only when the catalog is used.
   */
  private synchronized CatalogTables tables() {
    if (tables == null) {
      SparkSession spark = SparkSession.active();
      if (rest) {
        RestCatalog catalog = RestCatalog.connect(catalogName, properties);
        // the service's defaults and overrides may set storage too, e.g. s3.endpoint
        tables =
            new RestTables(
                catalog,
                catalog.properties(),
                (metadataLocation, storage) -> FloeTable.fileIO(metadataLocation, spark, storage));
      } else {
        tables =
            new WarehouseTables(
                new Warehouse(
                    location,
                    FloeTable.fileIO(location, spark, properties),
                    FloeTable.hadoopConf(spark, properties)));
      }
    }
    return tables;
  }

  // ---- namespaces

  @Override
  public String[][] listNamespaces() throws NoSuchNamespaceException {
    return listNamespaces(new String[0]);
  }

  @Override
  public String[][] listNamespaces(String[] namespace) throws NoSuchNamespaceException {
    requireNamespace(namespace);
    return tables().childNamespaces(namespace).toArray(new String[0][]);
  }

  @Override
  public Map<String, String> loadNamespaceMetadata(String[] namespace)
      throws NoSuchNamespaceException {
    requireNamespace(namespace);
    return tables().namespaceMetadata(namespace);
  }

  private void requireNamespace(String[] namespace) throws NoSuchNamespaceException {
    if (!tables().namespaceExists(namespace)) {
      throw new NoSuchNamespaceException(namespace);
    }
  }

  @Override
  public void createNamespace(String[] namespace, Map<String, String> metadata) {
    throw FloeTable.readOnly("create namespace " + qualified(namespace));
  }

  @Override
  public void alterNamespace(String[] namespace, NamespaceChange... changes) {
    throw FloeTable.readOnly("alter namespace " + qualified(namespace));
  }

  @Override
  public boolean dropNamespace(String[] namespace, boolean cascade) {
    throw FloeTable.readOnly("drop namespace " + qualified(namespace));
  }

  // ---- tables

  @Override
  public Identifier[] listTables(String[] namespace) throws NoSuchNamespaceException {
    requireNamespace(namespace);
    return tables().tableNames(namespace).stream()
        .map(table -> Identifier.of(namespace, table))
        .toArray(Identifier[]::new);
  }

  @Override
  public Table loadTable(Identifier ident) throws NoSuchTableException {
    return load(ident, Map.of(), null);
  }

  /**
   * {@code VERSION AS OF} and {@code FOR SYSTEM_VERSION AS OF}: a numeric version is a snapshot id,
   * any other a branch or tag of the table.
   */
  @Override
  public Table loadTable(Identifier ident, String version) throws NoSuchTableException {
    return load(ident, Map.of(), version);
  }

  /**
   * {@code TIMESTAMP AS OF} and {@code FOR SYSTEM_TIME AS OF}; Spark passes microseconds since the
   * epoch, Floe selects by milliseconds, so the instant is truncated down to its millisecond.
   */
  @Override
  public Table loadTable(Identifier ident, long timestampMicros) throws NoSuchTableException {
    return load(
        ident,
        Map.of(
            FloeReadOptions.AS_OF_TIMESTAMP, Long.toString(Math.floorDiv(timestampMicros, 1000L))),
        null);
  }

  /**
   * Loads a table, or a table at a snapshot named by the identifier's last part.
   *
   * @param asOf the read options of an {@code AS OF} clause, or empty
   * @param version the {@code VERSION AS OF} value, or null
   */
  private Table load(Identifier ident, Map<String, String> asOf, String version)
      throws NoSuchTableException {
    boolean travels = !asOf.isEmpty() || version != null;
    Optional<LoadedTable> table = cached(ident);
    if (table.isPresent()) {
      return readAt(table.get(), asOf, version, ident);
    }
    String[] namespace = ident.namespace();
    if (namespace.length > 0) {
      Identifier parent =
          Identifier.of(
              Arrays.copyOf(namespace, namespace.length - 1), namespace[namespace.length - 1]);
      Optional<IdentifierSelector> selector = IdentifierSelector.parse(ident.name());
      if (selector.isPresent()) {
        Optional<LoadedTable> selected = cached(parent);
        if (selected.isPresent()) {
          if (travels) {
            throw new InvalidRequestException(
                "Cannot combine the snapshot selector "
                    + selector.get()
                    + " in "
                    + qualified(ident)
                    + " with "
                    + (version != null ? "VERSION AS OF" : "TIMESTAMP AS OF")
                    + ": select the snapshot one way, e.g. "
                    + qualified(parent)
                    + " "
                    + (version != null ? "VERSION AS OF" : "TIMESTAMP AS OF")
                    + " ...");
          }
          return readAt(selected.get(), selector.get().readOption(), null, parent);
        }
      }
      if (FloeChangelogTable.isChangelog(ident.name())) {
        Optional<LoadedTable> changed = cached(parent);
        if (changed.isPresent()) {
          if (travels) {
            throw new InvalidRequestException(
                "Cannot read "
                    + qualified(ident)
                    + " AS OF a snapshot: a changelog follows the table's commits; choose them"
                    + " with the read options start-snapshot-id and end-snapshot-id");
          }
          return new FloeChangelogTable(changed.get(), Map.of(), catalogDefaults);
        }
      }
      if (isMetadataTableName(ident.name())) {
        Optional<LoadedTable> described = cached(parent);
        if (described.isPresent()) {
          LoadedTable of = described.get();
          Map<String, String> selection =
              version == null ? asOf : SparkTimeTravelOptions.versionOption(version, of.metadata());
          return FloeMetadataTables.load(
              of,
              ident.name(),
              FloeTable.readOptions(selection, SparkSession.active(), of, catalogDefaults));
        }
      }
    }
    throw new NoSuchTableException(ident);
  }

  private static boolean isMetadataTableName(String name) {
    for (MetadataTableType type : MetadataTableType.values()) {
      if (type.tableName().equalsIgnoreCase(name)) {
        return true;
      }
    }
    return false;
  }

  private Optional<LoadedTable> cached(Identifier ident) {
    String[] parts = parts(ident);
    return cache.load(tables().cacheKey(parts), () -> tables().load(parts, qualified(ident)));
  }

  /**
   * The table at the selected snapshot, its schema resolved now so a bad selection fails here. A
   * stream of it loads {@code ident} again past the catalog's cache before each micro-batch.
   */
  private FloeTable readAt(
      LoadedTable table, Map<String, String> options, String version, Identifier ident) {
    Map<String, String> selection =
        version == null ? options : SparkTimeTravelOptions.versionOption(version, table.metadata());
    String[] parts = parts(ident);
    String name = qualified(ident);
    FloeTable loaded =
        new FloeTable(
            table,
            FloeTable.readOptions(selection, SparkSession.active(), table, catalogDefaults),
            catalogDefaults,
            () ->
                tables()
                    .load(parts, name)
                    .orElseThrow(
                        () ->
                            new InvalidRequestException(
                                "Cannot load table " + name + " again: it no longer exists")));
    loaded.readSchema();
    return loaded;
  }

  @Override
  public void invalidateTable(Identifier ident) {
    if (cache != null) {
      cache.invalidate(tables().cacheKey(parts(ident)));
    }
  }

  @Override
  @Deprecated // Spark 3.5 still declares it abstract; the Column[] form delegates to it
  public Table createTable(
      Identifier ident, StructType schema, Transform[] partitions, Map<String, String> properties) {
    throw FloeTable.readOnly("create table " + qualified(ident));
  }

  @Override
  public Table alterTable(Identifier ident, TableChange... changes) {
    throw FloeTable.readOnly("alter table " + qualified(ident));
  }

  @Override
  public boolean dropTable(Identifier ident) {
    throw FloeTable.readOnly("drop table " + qualified(ident));
  }

  @Override
  public boolean purgeTable(Identifier ident) {
    throw FloeTable.readOnly("purge table " + qualified(ident));
  }

  @Override
  public void renameTable(Identifier from, Identifier to) {
    throw FloeTable.readOnly("rename table " + qualified(from) + " to " + qualified(to));
  }

  private static String[] parts(Identifier ident) {
    String[] parts = Arrays.copyOf(ident.namespace(), ident.namespace().length + 1);
    parts[ident.namespace().length] = ident.name();
    return parts;
  }

  private String qualified(Identifier ident) {
    return qualified(parts(ident));
  }

  private String qualified(String[] parts) {
    return parts.length == 0 ? catalogName : catalogName + "." + String.join(".", parts);
  }

  @Override
  public String toString() {
    return "FloeCatalog(" + catalogName + ", " + (rest ? "rest " : "") + location + ")";
  }
}
