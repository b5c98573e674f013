package dev.floe.bench;

import dev.floe.bench.PlannedScan.DataFileCount;
import dev.floe.bench.SessionPlanningBenchmark.Query;
import dev.floe.cache.MetadataCache;
import dev.floe.spark.source.SharedMetadataCache;
import java.nio.file.Path;
import java.util.Objects;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.spark.source.SparkTable;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.TableCatalog;

/**
 * One way of planning {@link SparkSessionPlanningBenchmark}'s session through Spark, and how its
 * session starts cold.
 *
 * <ul>
 *   <li>Floe with its driver's metadata cache at its default size: the cache is emptied before the
 *       session (a bound of 0 empties it), then every query reads by path with no cache option;
 *   <li>Floe with the cache off: {@code metadata-cache-size=0} on every query;
 *   <li>Iceberg's Spark reader by path ({@code format("iceberg").load(location)}): its path loads
 *       make a new {@code HadoopFileIO} per load, without properties, so no manifest cache;
 *   <li>Iceberg with its manifest cache: {@code io.manifest.cache-enabled} is a FileIO property,
 *       given by a catalog to the FileIO it makes, so a path load cannot have it. This side reads
 *       the same directory as a table of a Spark catalog of its own, Iceberg's {@code SparkCatalog}
 *       over a Hadoop catalog with {@code io.manifest.cache-enabled=true}, whose one FileIO (and so
 *       one manifest cache) serves every load, and {@code cache-enabled=false}, so that every query
 *       loads the table's metadata again, as a path load does. Its cache is dropped before the
 *       session.
 * </ul>
 */
enum SparkSessionSide {
  FLOE_CACHED("Floe, metadata cache"),
  FLOE_UNCACHED("Floe, cache off"),
  ICEBERG("Iceberg"),
  ICEBERG_MANIFEST_CACHE("Iceberg, manifest cache");

  /** The Spark catalog of the Iceberg side with the manifest cache. */
  static final String MANIFEST_CACHE_CATALOG = "iceberg_manifest_cache";

  /** The read option that selects a snapshot, the same for Floe and Iceberg. */
  private static final String SNAPSHOT_ID = "snapshot-id";

  private final String label;

  SparkSessionSide(String label) {
    this.label = label;
  }

  String label() {
    return label;
  }

  boolean isFloe() {
    return switch (this) {
      case FLOE_CACHED, FLOE_UNCACHED -> true;
      case ICEBERG, ICEBERG_MANIFEST_CACHE -> false;
    };
  }

  /**
   * The table every side reads: by path, and as {@code catalogName} in {@link
   * #MANIFEST_CACHE_CATALOG}.
   *
   * @param firstSnapshotId the snapshot the time-travel queries read
   */
  record SessionTable(
      String location, Identifier identifier, String catalogName, long firstSnapshotId) {
    SessionTable {
      Objects.requireNonNull(location, "location");
      Objects.requireNonNull(identifier, "identifier");
      Objects.requireNonNull(catalogName, "catalogName");
    }

    /**
     * Registers {@link #MANIFEST_CACHE_CATALOG} in {@code spark}: a Hadoop catalog whose warehouse
     * is two directories above the table, so that the table is {@code <parent directory>.<its
     * directory>} there.
     */
    static SessionTable register(SparkSession spark, Path location, long firstSnapshotId) {
      Path namespace = location.toAbsolutePath().getParent();
      if (namespace == null || namespace.getParent() == null) {
        throw new IllegalArgumentException(
            "Iceberg's Hadoop catalog needs the table two directories below its warehouse"
                + " (warehouse/namespace/table); choose a deeper bench.dir than "
                + location);
      }
      String prefix = "spark.sql.catalog." + MANIFEST_CACHE_CATALOG;
      spark.conf().set(prefix, "org.apache.iceberg.spark.SparkCatalog");
      spark.conf().set(prefix + ".type", "hadoop");
      spark.conf().set(prefix + ".warehouse", namespace.getParent().toUri().toString());
      spark.conf().set(prefix + "." + CatalogProperties.IO_MANIFEST_CACHE_ENABLED, "true");
      spark.conf().set(prefix + "." + CatalogProperties.CACHE_ENABLED, "false");
      String namespaceName = namespace.getFileName().toString();
      String tableName = location.getFileName().toString();
      return new SessionTable(
          location.toAbsolutePath().toString(),
          Identifier.of(new String[] {namespaceName}, tableName),
          String.join(
              ".", quoted(MANIFEST_CACHE_CATALOG), quoted(namespaceName), quoted(tableName)),
          firstSnapshotId);
    }

    /** The one FileIO of {@link #MANIFEST_CACHE_CATALOG}, which holds its manifest cache. */
    FileIO catalogFileIO(SparkSession spark) {
      TableCatalog catalog =
          (TableCatalog) spark.sessionState().catalogManager().catalog(MANIFEST_CACHE_CATALOG);
      try {
        return ((SparkTable) catalog.loadTable(identifier)).table().io();
      } catch (NoSuchTableException e) {
        throw new IllegalStateException(
            "Iceberg's catalog " + MANIFEST_CACHE_CATALOG + " does not find " + catalogName, e);
      }
    }

    private static String quoted(String name) {
      return "`" + name.replace("`", "``") + "`";
    }
  }

  /** Empties what an earlier session left in this side's cache: each session starts cold. */
  void startCold(SparkSession spark, SessionTable table) {
    if (isFloe()) {
      // a bound of 0 empties the driver's cache and turns it off, as the uncached side keeps it
      SharedMetadataCache.bounded(0);
      if (this == FLOE_CACHED) {
        SharedMetadataCache.bounded(MetadataCache.defaultMaxBytes());
      }
    } else if (this == ICEBERG_MANIFEST_CACHE) {
      IcebergManifestCache.empty(table.catalogFileIO(spark));
    }
    // Iceberg by path keeps nothing between loads
  }

  /** Plans {@code query} as this side does, timed from loading the table. */
  PlannedScan plan(SparkSession spark, SessionTable table, Query query) {
    DataFileCount count =
        switch (query.kind()) {
          case FILES, COUNT -> isFloe() ? DataFileCount.FLOE : DataFileCount.ICEBERG;
          case METADATA_FILES -> DataFileCount.NOT_COUNTED;
        };
    return PlannedScan.plan(
        () -> dataset(spark, table, query), count, label + ", query " + query.name());
  }

  /**
   * A fresh {@code Dataset} of {@code query}, as a notebook user writes it; building it loads the
   * table.
   */
  Dataset<Row> dataset(SparkSession spark, SessionTable table, Query query) {
    DataFrameReader reader =
        switch (this) {
          case FLOE_CACHED -> spark.read().format("floe");
          case FLOE_UNCACHED -> spark.read().format("floe").option("metadata-cache-size", "0");
          case ICEBERG -> spark.read().format("iceberg");
          case ICEBERG_MANIFEST_CACHE -> spark.read();
        };
    if (query.firstSnapshot()) {
      reader = reader.option(SNAPSHOT_ID, table.firstSnapshotId());
    }
    boolean metadataTable =
        switch (query.kind()) {
          case FILES, COUNT -> false;
          case METADATA_FILES -> true;
        };
    Dataset<Row> rows =
        switch (this) {
          case FLOE_CACHED, FLOE_UNCACHED, ICEBERG ->
              reader.load(table.location() + (metadataTable ? "#files" : ""));
          case ICEBERG_MANIFEST_CACHE ->
              reader.table(table.catalogName() + (metadataTable ? ".files" : ""));
        };
    if (query.sparkFilter() != null) {
      rows = rows.filter(query.sparkFilter());
    }
    return switch (query.kind()) {
      case FILES, METADATA_FILES -> rows;
      case COUNT -> rows.selectExpr("count(*)");
    };
  }
}
