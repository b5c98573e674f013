package dev.floe.spark;

import dev.floe.spark.metadata.FloeMetadataTables;
import dev.floe.spark.source.FloeChangelogTable;
import dev.floe.spark.source.FloeTable;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The {@code floe} data source: an Iceberg table read by its location.
 *
 * <pre>{@code
 * spark.read.format("floe").option("tag", "release-1").load("s3a://lake/db/events")
 * }</pre>
 *
 * <p>{@code load("<location>#snapshots")} reads a metadata table ({@link FloeMetadataTables}),
 * {@code load("<location>#changes")} the table's changelog ({@link FloeChangelogTable}).
 *
 * <p>The schema comes from the table, never from the caller: a snapshot id, tag or timestamp reads
 * with that snapshot's schema, a branch or the current table with the current schema.
 */
public final class FloeDataSource implements TableProvider, DataSourceRegister {
  /**
   * The table {@link #inferSchema} loaded, with the options it loaded it for. Spark makes a
   * provider per read and calls {@code inferSchema} then {@code getTable} with the same options;
   * loading once means one metadata read, and a commit landing between the two calls cannot give
   * the table another snapshot than the schema Spark was told.
   */
  private Map<String, String> loadedOptions;

  private Table loaded;

  /** Public, for Spark's service loader. */
  public FloeDataSource() {}

  @Override
  public String shortName() {
    return "floe";
  }

  @Override
  @SuppressWarnings("deprecation") // Spark 3.5 still asks every table for schema()
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    Map<String, String> given = new HashMap<>(options.asCaseSensitiveMap());
    Table table = load(given);
    loadedOptions = given;
    loaded = table;
    return table.schema();
  }

  @Override
  public Table getTable(
      StructType schema, Transform[] partitioning, Map<String, String> properties) {
    if (loaded != null && loadedOptions.equals(properties)) {
      return loaded;
    }
    return load(properties);
  }

  /**
   * The table at the location, or, for {@code <location>#<name>}, its metadata table {@code name}
   * ({@link FloeMetadataTables}).
   */
  private static Table load(Map<String, String> options) {
    String location = FloeTable.location(options);
    int hash = location.lastIndexOf('#');
    if (hash < 0) {
      return FloeTable.load(location, options);
    }
    if (FloeChangelogTable.isChangelog(location.substring(hash + 1))) {
      FloeTable changed =
          FloeTable.load(location.substring(0, hash), FloeChangelogTable.withoutRange(options));
      return new FloeChangelogTable(changed.floeTable(), options, Map.of());
    }
    FloeTable table = FloeTable.load(location.substring(0, hash), options);
    return FloeMetadataTables.load(
        table.floeTable(), location.substring(hash + 1), table.options());
  }

  @Override
  public boolean supportsExternalMetadata() {
    return false;
  }
}
