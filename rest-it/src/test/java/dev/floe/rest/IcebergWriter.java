package dev.floe.rest;

import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Apache Iceberg's Spark runtime writing tables through the gateway (static token) into the S3
 * server: catalog {@link #CATALOG} of type rest, with HadoopFileIO on S3A so the writer needs no
 * vended credentials. One local session per JVM, owned by {@link RestStack}.
 */
public final class IcebergWriter {
  public static final String CATALOG = "iceberg";
  public static final String NAMESPACE = "db";

  private final SparkSession session;

  private IcebergWriter(SparkSession session) {
    this.session = session;
  }

  static IcebergWriter start(RestStack stack) {
    SparkSession.Builder builder =
        SparkSession.builder()
            .master("local[2]")
            .appName("floe-rest-it")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.sql.shuffle.partitions", "2")
            // what Floe ships must survive Kryo, as many production clusters serialize with it
            .config("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
            .config("spark.sql.session.timeZone", "UTC")
            .config(
                "spark.sql.extensions",
                "org.apache.iceberg.spark.extensions.IcebergSparkSessionExtensions")
            // PLATFORM.md: Iceberg's executor cache can serve rows of another projection.
            .config("spark.sql.iceberg.executor-cache.enabled", "false");
    stack.icebergCatalogConf(CATALOG).forEach(builder::config);
    stack.s3aConf().forEach(builder::config);
    SparkSession session = builder.getOrCreate();
    session.sparkContext().setLogLevel("WARN");
    session.sql("CREATE NAMESPACE IF NOT EXISTS " + CATALOG + "." + NAMESPACE);
    return new IcebergWriter(session);
  }

  public SparkSession session() {
    return session;
  }

  /** Runs a statement, e.g. an INSERT; table names are {@code iceberg.db.name}. */
  public List<Row> sql(String statement) {
    return session.sql(statement).collectAsList();
  }

  /** {@code iceberg.db.name}. */
  public static String tableReference(String name) {
    return CATALOG + "." + NAMESPACE + "." + name;
  }

  /**
   * A format v2 table partitioned by {@code category} (id bigint, category string, amount double)
   * with three snapshots on main (two appends, then a merge-on-read DELETE of id 2 that writes a
   * position delete file), tag {@code first} at the first snapshot and branch {@code audit} (from
   * the second snapshot, plus one append of id 100). Main ends with ids 1, 3, 4, 5.
   */
  public WrittenTable partitionedV2Table(String name) {
    return mergeOnReadTable(name, 2);
  }

  /**
   * As {@link #partitionedV2Table} in format v3, whose merge-on-read DELETE writes a deletion
   * vector (a Puffin file) instead of a position delete file.
   */
  public WrittenTable partitionedV3Table(String name) {
    return mergeOnReadTable(name, 3);
  }

  /** The snapshot ids of a table on main, oldest first. */
  public List<Long> snapshotIds(String name) {
    return session
        .sql(
            "SELECT snapshot_id FROM "
                + tableReference(name)
                + ".history WHERE is_current_ancestor ORDER BY made_current_at")
        .collectAsList()
        .stream()
        .map(row -> row.getLong(0))
        .toList();
  }

  /**
   * The file formats of the table's live delete files: PARQUET for position delete files, PUFFIN
   * for deletion vectors.
   */
  public List<String> deleteFileFormats(String name) {
    return session
        .sql("SELECT file_format FROM " + tableReference(name) + ".delete_files ORDER BY file_path")
        .collectAsList()
        .stream()
        .map(row -> row.getString(0))
        .toList();
  }

  void stop() {
    session.stop();
  }

  private WrittenTable mergeOnReadTable(String name, int formatVersion) {
    String table = tableReference(name);
    sql(
        "CREATE TABLE "
            + table
            + " (id bigint, category string, amount double) USING iceberg"
            + " PARTITIONED BY (category) TBLPROPERTIES ("
            + "'format-version'='"
            + formatVersion
            + "', 'write.delete.mode'='merge-on-read', 'write.update.mode'='merge-on-read',"
            + " 'write.merge.mode'='merge-on-read')");
    sql("INSERT INTO " + table + " VALUES (1, 'a', 1.5), (2, 'a', 2.5), (3, 'b', 3.5)");
    sql("ALTER TABLE " + table + " CREATE TAG first");
    sql("INSERT INTO " + table + " VALUES (4, 'b', 4.5), (5, 'c', 5.5)");
    sql("ALTER TABLE " + table + " CREATE BRANCH audit");
    sql("INSERT INTO " + table + ".branch_audit VALUES (100, 'z', 100.5)");
    sql("DELETE FROM " + table + " WHERE id = 2");
    return new WrittenTable(name, snapshotIds(name), "first", "audit");
  }
}
