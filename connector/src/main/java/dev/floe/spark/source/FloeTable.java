package dev.floe.spark.source;

import dev.floe.InvalidRequestException;
import dev.floe.catalog.PathTables;
import dev.floe.io.FileIO;
import dev.floe.io.FileIOFactory;
import dev.floe.io.HadoopFileIO;
import dev.floe.io.LocalFileIO;
import dev.floe.io.StorageProperties;
import dev.floe.scan.task.TaskConstants;
import dev.floe.spark.convert.SparkHadoopProperties;
import dev.floe.spark.convert.SparkSchemas;
import dev.floe.spark.convert.SparkTransforms;
import dev.floe.table.LoadedTable;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NestedField;
import dev.floe.table.Schema;
import dev.floe.table.TableMetadata;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.MetadataColumn;
import org.apache.spark.sql.connector.catalog.SupportsMetadataColumns;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsRowLevelOperations;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.RowLevelOperationBuilder;
import org.apache.spark.sql.connector.write.RowLevelOperationInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * An Iceberg table as Spark sees it, at the snapshot its read options select: its schema is that
 * snapshot's (see {@code FloeDataSource}), and it offers the metadata columns {@code _file}, {@code
 * _pos}, {@code _deleted}, {@code _spec_id} and {@code _partition}.
 */
public final class FloeTable
    implements SupportsRead, SupportsMetadataColumns, SupportsWrite, SupportsRowLevelOperations {
  static final Set<String> METADATA_COLUMN_NAMES =
      Set.of(
          "_file",
          "_pos",
          "_deleted",
          "_spec_id",
          "_partition",
          "_row_id",
          "_last_updated_sequence_number");

  /** The format version that brought row lineage. */
  private static final int ROW_LINEAGE_FORMAT_VERSION = 3;

  private final LoadedTable table;
  private final FloeReadOptions options;
  private final Map<String, String> catalogDefaults;
  private final Supplier<LoadedTable> refresher;

  public FloeTable(LoadedTable table, FloeReadOptions options) {
    this(table, options, Map.of());
  }

  /**
   * A table of a Floe catalog whose properties give its scans defaults ({@link
   * FloeReadOptions#catalogDefaults}).
   */
  public FloeTable(
      LoadedTable table, FloeReadOptions options, Map<String, String> catalogDefaults) {
    this(table, options, catalogDefaults, () -> table);
  }

  /**
   * As {@link #FloeTable(LoadedTable, FloeReadOptions, Map)}, with the way to load the table's
   * newest metadata, which a stream of the table calls before each micro-batch (without it, a
   * stream sees only the snapshots the table was loaded with).
   */
  public FloeTable(
      LoadedTable table,
      FloeReadOptions options,
      Map<String, String> catalogDefaults,
      Supplier<LoadedTable> refresher) {
    this.table = table;
    this.options = options;
    this.catalogDefaults = Map.copyOf(catalogDefaults);
    this.refresher = refresher;
  }

  /** Loads the table at the location given by {@code path}, checking the read options. */
  public static FloeTable load(Map<String, String> options) {
    return load(location(options), options);
  }

  /** The table location among the options Spark passes: {@code path}, or one entry of paths. */
  public static String location(Map<String, String> options) {
    String path = null;
    String paths = null;
    for (Map.Entry<String, String> option : options.entrySet()) {
      if (option.getKey().equalsIgnoreCase("path")) {
        path = option.getValue();
      } else if (option.getKey().equalsIgnoreCase("paths")) {
        paths = option.getValue();
      }
    }
    if (path != null) {
      return path;
    }
    if (paths != null) {
      // Spark writes several load() paths as a JSON array of strings
      String trimmed = paths.trim();
      if (trimmed.startsWith("[\"") && trimmed.endsWith("\"]") && !trimmed.contains("\",\"")) {
        return trimmed.substring(2, trimmed.length() - 2);
      }
      throw new InvalidRequestException(
          "Floe reads one table at a time, not " + paths + ": call load() with one location");
    }
    throw new InvalidRequestException(
        "No table location: call spark.read.format(\"floe\").load(<table location>)");
  }

  /** Loads the table at {@code location}, checking the read options. */
  public static FloeTable load(String location, Map<String, String> options) {
    SparkSession spark = SparkSession.active();
    LoadedTable table =
        PathTables.load(location, fileIO(location, spark), SharedMetadataCache.get());
    return new FloeTable(
        table,
        readOptions(options, spark, table),
        Map.of(),
        () -> PathTables.load(location, fileIO(location, spark), SharedMetadataCache.get()));
  }

  /**
   * The read options of one table or scan; Spark's {@code versionAsOf} and {@code timestampAsOf}
   * become Floe's selectors (a timestamp string is read in the session time zone).
   */
  public static FloeReadOptions readOptions(
      Map<String, String> givenOptions, SparkSession spark, LoadedTable table) {
    return readOptions(givenOptions, spark, table, Map.of());
  }

  /**
   * As {@link #readOptions(Map, SparkSession, LoadedTable)}, with a catalog's defaults, which the
   * session's own settings override.
   */
  public static FloeReadOptions readOptions(
      Map<String, String> givenOptions,
      SparkSession spark,
      LoadedTable table,
      Map<String, String> catalogDefaults) {
    Map<String, String> options =
        SparkTimeTravelOptions.translate(
            givenOptions,
            table.metadata(),
            ZoneId.of(spark.sessionState().conf().sessionLocalTimeZone()));
    Map<String, String> sessionConf = new HashMap<>(catalogDefaults);
    scala.collection.Iterator<scala.Tuple2<String, String>> settings =
        spark.conf().getAll().iterator();
    while (settings.hasNext()) {
      scala.Tuple2<String, String> setting = settings.next();
      if (setting._1().startsWith(FloeReadOptions.SESSION_PREFIX)) {
        sessionConf.put(setting._1(), setting._2());
      }
    }
    return FloeReadOptions.resolve(options, sessionConf, table.metadata().properties());
  }

  /** Local access for paths and {@code file:}; Hadoop access with the session's settings else. */
  public static FileIO fileIO(String location, SparkSession spark) {
    return fileIO(location, spark, Map.of());
  }

  /**
   * As {@link #fileIO(String, SparkSession)}, with Iceberg's storage properties ({@code s3.*},
   * {@code client.region}, e.g. a catalog's) over the session's Hadoop settings; other keys are
   * ignored. Tables with different credentials get different file systems.
   */
  public static FileIO fileIO(
      String location, SparkSession spark, Map<String, String> storageProperties) {
    FileIO byScheme = FileIOFactory.forLocation(location);
    if (byScheme instanceof LocalFileIO) {
      return byScheme;
    }
    return new HadoopFileIO(SparkHadoopProperties.of(spark)).withTableProperties(storageProperties);
  }

  /** The session's Hadoop settings with a catalog's storage settings over them. */
  public static Configuration hadoopConf(SparkSession spark, Map<String, String> storage) {
    Configuration configuration = spark.sessionState().newHadoopConf();
    StorageProperties.hadoopProperties(storage).forEach(configuration::set);
    return configuration;
  }

  /** The read options the table was loaded with. */
  public FloeReadOptions options() {
    return options;
  }

  public LoadedTable floeTable() {
    return table;
  }

  /** Loads the table's newest metadata (see the constructor). */
  Supplier<LoadedTable> refresher() {
    return refresher;
  }

  @Override
  public String name() {
    return table.name();
  }

  /** The schema of the snapshot the read options select. */
  public Schema readSchema() {
    return options.newScan(table).schema();
  }

  @Override
  @SuppressWarnings("deprecation") // Spark 3.5 still asks every table for schema()
  public org.apache.spark.sql.types.StructType schema() {
    try {
      return SparkSchemas.toSpark(readSchema());
    } catch (InvalidRequestException unreadable) {
      throw new InvalidRequestException(
          "Cannot read table " + name() + ": " + unreadable.getMessage(), unreadable);
    }
  }

  /**
   * Batch and micro-batch reads, and the write capabilities only so that Spark hands every write to
   * {@link #newWriteBuilder}, which refuses it with Floe's message rather than Spark's generic one.
   */
  @Override
  public Set<TableCapability> capabilities() {
    return Set.of(
        TableCapability.BATCH_READ,
        TableCapability.MICRO_BATCH_READ,
        TableCapability.BATCH_WRITE,
        TableCapability.TRUNCATE,
        TableCapability.OVERWRITE_BY_FILTER,
        TableCapability.OVERWRITE_DYNAMIC);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
    SparkSession spark = SparkSession.active();
    return new FloeScanBuilder(
        spark,
        this,
        readOptions(scanOptions, spark, table, catalogDefaults)
            .atSelectionOf(options, table.name()),
        StreamingReadOptions.parse(scanOptions));
  }

  @Override
  public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
    throw readOnly("write to table " + table.name());
  }

  @Override
  public RowLevelOperationBuilder newRowLevelOperationBuilder(RowLevelOperationInfo info) {
    throw readOnly(
        info.command().name().toLowerCase(Locale.ROOT) + " rows of table " + table.name());
  }

  /**
   * What {@code DESCRIBE TABLE EXTENDED} shows, named as Iceberg's Spark catalog names it: the
   * format, the table's current snapshot and location, the format version, then the table
   * properties.
   */
  @Override
  public Map<String, String> properties() {
    TableMetadata metadata = table.metadata();
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("format", "iceberg/" + metadata.property("write.format.default", "parquet"));
    properties.put(TableCatalog.PROP_PROVIDER, "iceberg");
    properties.put(
        "current-snapshot-id",
        metadata.currentSnapshotId() == null ? "none" : metadata.currentSnapshotId().toString());
    properties.put(TableCatalog.PROP_LOCATION, metadata.location());
    properties.put("format-version", Integer.toString(metadata.formatVersion()));
    for (Map.Entry<String, String> property : metadata.properties().entrySet()) {
      properties.putIfAbsent(property.getKey(), property.getValue());
    }
    return properties;
  }

  /**
   * The table's default partition spec as Spark transforms, named by the schema read, as Iceberg
   * shows it: {@code identity(part)}, {@code bucket(16, id)}, {@code truncate(4, data)}, {@code
   * days(ts)}. A field whose source column the schema read lacks is left out, and so is {@code
   * void}, which partitions nothing.
   */
  @Override
  public Transform[] partitioning() {
    return SparkTransforms.of(table.metadata().defaultSpec(), readSchema());
  }

  @Override
  public MetadataColumn[] metadataColumns() {
    List<MetadataColumn> columns = new ArrayList<>();
    for (NestedField field : metadataFields()) {
      columns.add(
          new FloeMetadataColumn(
              field.name(), SparkSchemas.toSpark(field.type()), field.optional()));
    }
    return columns.toArray(new MetadataColumn[0]);
  }

  /**
   * The metadata columns as Floe fields, with their reserved ids. The row-lineage columns {@code
   * _row_id} and {@code _last_updated_sequence_number} only on a table of format v3 or later, as
   * Iceberg's Spark connector 1.12.0 offers them (1.10.1 offered them on every table and read them
   * as null below v3): below v3, Spark refuses them as unknown columns.
   */
  List<NestedField> metadataFields() {
    List<NestedField> fields = new ArrayList<>();
    fields.add(MetadataColumns.FILE_PATH);
    fields.add(MetadataColumns.ROW_POSITION);
    fields.add(MetadataColumns.IS_DELETED);
    fields.add(MetadataColumns.SPEC_ID);
    fields.add(MetadataColumns.partition(TaskConstants.partitionType(table.metadata())));
    if (table.metadata().formatVersion() >= ROW_LINEAGE_FORMAT_VERSION) {
      fields.add(MetadataColumns.ROW_ID);
      fields.add(MetadataColumns.LAST_UPDATED_SEQUENCE_NUMBER);
    }
    return List.copyOf(fields);
  }

  @Override
  public String toString() {
    return "FloeTable(" + table.name() + ")";
  }

  /** The refusal of every change, naming what was attempted. */
  public static InvalidRequestException readOnly(String attempted) {
    return new InvalidRequestException(
        "Floe is read-only: cannot "
            + attempted
            + "; write with Apache Iceberg's own Spark catalog"
            + " (org.apache.iceberg.spark.SparkCatalog) on the same warehouse");
  }
}
