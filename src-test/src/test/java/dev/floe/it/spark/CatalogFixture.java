package dev.floe.it.spark;

import java.time.Instant;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * One table with history, written once per JVM through Iceberg's catalog {@code ice} into the
 * shared warehouse, and Floe's catalog {@code floe} on the same warehouse:
 *
 * <ol>
 *   <li>{@code FIRST}: rows 0..9 with schema (id, data); tag {@code v1} and branch {@code early}
 *       point here;
 *   <li>{@code data} renamed to {@code payload}, column {@code price} added;
 *   <li>{@code SECOND}: rows 10..19 with a price; branch {@code audit} created here;
 *   <li>{@code AUDIT}: rows 100..104 on branch {@code audit} only;
 *   <li>{@code CURRENT}: rows with id % 3 = 0 deleted on main.
 * </ol>
 *
 * <p>Namespace {@code floe_cat} also holds an unpartitioned table {@code plain} and a nested
 * namespace {@code floe_cat.nested} with table {@code inner}.
 */
final class CatalogFixture {
  static final String ICEBERG = SharedSpark.CATALOG;
  static final String FLOE = "floe";
  static final String NAMESPACE = "floe_cat";
  static final String TABLE = NAMESPACE + ".events";

  private static CatalogFixture instance;

  final long first;
  final long second;
  final long audit;
  final long current;
  final long firstMillis;
  final long secondMillis;

  private CatalogFixture(long first, long second, long audit, long current) {
    this.first = first;
    this.second = second;
    this.audit = audit;
    this.current = current;
    this.firstMillis = commitMillis(first);
    this.secondMillis = commitMillis(second);
  }

  static synchronized CatalogFixture get() {
    if (instance == null) {
      instance = write();
    }
    return instance;
  }

  private static SparkSession spark() {
    return SharedSpark.get().session();
  }

  private static CatalogFixture write() {
    SparkSession spark = spark();
    String table = ICEBERG + "." + TABLE;
    spark.sql("DROP TABLE IF EXISTS " + table);
    spark.sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT COMMENT 'event id', data STRING) USING iceberg"
            + " PARTITIONED BY (bucket(4, id), truncate(2, data))"
            + " TBLPROPERTIES ('format-version'='2', 'write.delete.mode'='merge-on-read')");
    spark.sql("INSERT INTO " + table + " SELECT id, CONCAT('d', id) FROM range(0, 10)");
    long first = currentSnapshot(table);
    spark.sql("ALTER TABLE " + table + " CREATE TAG v1");
    spark.sql("ALTER TABLE " + table + " CREATE BRANCH early");
    spark.sql("ALTER TABLE " + table + " RENAME COLUMN data TO payload");
    spark.sql("ALTER TABLE " + table + " ADD COLUMN price DOUBLE");
    spark.sql("INSERT INTO " + table + " SELECT id, CONCAT('p', id), id * 1.5 FROM range(10, 20)");
    long second = currentSnapshot(table);
    spark.sql("ALTER TABLE " + table + " CREATE BRANCH audit");
    spark.sql(
        "INSERT INTO "
            + table
            + ".branch_audit SELECT id, CONCAT('a', id), 0.5 FROM range(100, 105)");
    long audit =
        spark
            .sql("SELECT snapshot_id FROM " + table + ".refs WHERE name = 'audit'")
            .first()
            .getLong(0);
    spark.sql("DELETE FROM " + table + " WHERE id % 3 = 0");
    long current = currentSnapshot(table);

    String plain = ICEBERG + "." + NAMESPACE + ".plain";
    spark.sql("DROP TABLE IF EXISTS " + plain);
    spark.sql("CREATE TABLE " + plain + " (k INT) USING iceberg");
    String inner = ICEBERG + "." + NAMESPACE + ".nested.inner";
    spark.sql("DROP TABLE IF EXISTS " + inner);
    spark.sql("CREATE TABLE " + inner + " (k INT) USING iceberg");
    spark.sql("INSERT INTO " + inner + " VALUES (1), (2)");

    spark.conf().set("spark.sql.catalog." + FLOE, "dev.floe.spark.FloeCatalog");
    spark
        .conf()
        .set(
            "spark.sql.catalog." + FLOE + ".warehouse",
            SharedSpark.get().warehouse().toUri().toString());
    return new CatalogFixture(first, second, audit, current);
  }

  private static long currentSnapshot(String table) {
    List<Row> rows =
        spark()
            .sql("SELECT snapshot_id FROM " + table + ".snapshots ORDER BY committed_at DESC")
            .collectAsList();
    return rows.get(0).getLong(0);
  }

  private static long commitMillis(long snapshotId) {
    return spark()
        .sql(
            "SELECT committed_at FROM "
                + ICEBERG
                + "."
                + TABLE
                + ".snapshots WHERE snapshot_id = "
                + snapshotId)
        .first()
        .getTimestamp(0)
        .getTime();
  }

  /** A timestamp literal for {@code TIMESTAMP AS OF}, in the session's time zone (UTC). */
  static String timestampLiteral(long millis) {
    return "'" + Instant.ofEpochMilli(millis).toString().replace('T', ' ').replace("Z", "") + "'";
  }
}
