package dev.floe.spark.source;

import dev.floe.InvalidRequestException;
import dev.floe.spark.convert.SparkSchemas;
import dev.floe.table.LoadedTable;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NestedField;
import dev.floe.table.Schema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * A table's changelog, as Iceberg's {@code changes} table shows it: the table's current columns and
 * {@code _change_type} ({@code INSERT}, {@code DELETE}), {@code _change_ordinal} (0 for the range's
 * oldest commit) and {@code _commit_snapshot_id}, one row per row each commit of the range added or
 * removed ({@link dev.floe.scan.ChangelogScan}). Read as {@code lake.db.t.changes} or {@code
 * load("<location>#changes")}; the read options {@code start-snapshot-id} (exclusive; default: from
 * the first commit) and {@code end-snapshot-id} (inclusive; default: the current snapshot) choose
 * the range.
 */
public final class FloeChangelogTable implements SupportsRead {
  /** The changelog's name after its table's: {@code t.changes}, {@code <location>#changes}. */
  public static final String NAME = "changes";

  private final LoadedTable table;
  private final Map<String, String> loadOptions;
  private final Map<String, String> catalogDefaults;

  /**
   * @param loadOptions the options the table was loaded with (a path read's, which Spark gives the
   *     scan again); they may hold the range, but no snapshot selector
   */
  public FloeChangelogTable(
      LoadedTable table, Map<String, String> loadOptions, Map<String, String> catalogDefaults) {
    this.table = table;
    this.loadOptions = Map.copyOf(loadOptions);
    this.catalogDefaults = Map.copyOf(catalogDefaults);
  }

  /** Whether {@code name} names a changelog. */
  public static boolean isChangelog(String name) {
    return NAME.equalsIgnoreCase(name);
  }

  /**
   * The options of a table read, less the range of a changelog, which only {@link
   * FloeChangelogScan} reads: checked as any table's read options, they would be an incremental
   * read's.
   */
  public static Map<String, String> withoutRange(Map<String, String> options) {
    Map<String, String> rest = new HashMap<>();
    options.forEach(
        (key, value) -> {
          if (!IncrementalRange.OPTIONS.contains(key.toLowerCase(Locale.ROOT))) {
            rest.put(key, value);
          }
        });
    return rest;
  }

  /** The changelog's columns: the table's current ones, then the three change columns. */
  static Schema schema(Schema current) {
    List<NestedField> columns = new ArrayList<>(current.columns());
    columns.add(MetadataColumns.CHANGE_TYPE);
    columns.add(MetadataColumns.CHANGE_ORDINAL);
    columns.add(MetadataColumns.COMMIT_SNAPSHOT_ID);
    return new Schema(current.schemaId(), columns, current.identifierFieldIds());
  }

  @Override
  public String name() {
    return table.name() + "." + NAME;
  }

  @Override
  @SuppressWarnings("deprecation") // Spark 3.5 still asks every table for schema()
  public org.apache.spark.sql.types.StructType schema() {
    return SparkSchemas.toSpark(schema(table.metadata().schema()));
  }

  @Override
  public Set<TableCapability> capabilities() {
    return Set.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
    Map<String, String> options = new HashMap<>(loadOptions);
    options.putAll(scanOptions);
    Map<String, String> byName = new HashMap<>();
    options.forEach((key, value) -> byName.put(key.toLowerCase(Locale.ROOT), value));
    if (byName.containsKey(IncrementalRange.START_TIMESTAMP)
        || byName.containsKey(IncrementalRange.END_TIMESTAMP)) {
      throw new InvalidRequestException(
          "Cannot read the changes of table "
              + table.name()
              + " by "
              + IncrementalRange.START_TIMESTAMP
              + " or "
              + IncrementalRange.END_TIMESTAMP
              + ": Floe reads a changelog between snapshots; give "
              + IncrementalRange.START_SNAPSHOT_ID
              + " and "
              + IncrementalRange.END_SNAPSHOT_ID);
    }
    SparkSession spark = SparkSession.active();
    FloeReadOptions readOptions =
        FloeTable.readOptions(withoutRange(options), spark, table, catalogDefaults);
    if (!readOptions.selection().isEmpty()) {
      throw new InvalidRequestException(
          "Cannot read the changes of table "
              + table.name()
              + " at "
              + String.join(", ", readOptions.selection())
              + ": a changelog follows the table's commits; choose them with "
              + IncrementalRange.START_SNAPSHOT_ID
              + " and "
              + IncrementalRange.END_SNAPSHOT_ID);
    }
    return new FloeChangelogScan(
        spark,
        table,
        readOptions,
        ReadSetting.number(ReadSetting.option(IncrementalRange.START_SNAPSHOT_ID, byName)),
        ReadSetting.number(ReadSetting.option(IncrementalRange.END_SNAPSHOT_ID, byName)));
  }

  @Override
  public String toString() {
    return "FloeChangelogTable(" + name() + ")";
  }
}
