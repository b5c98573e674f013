package dev.floe.it.spark;

import static dev.floe.it.spark.EqualityDeletes.row;

import java.nio.file.Path;
import java.util.List;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;

/**
 * The tables the local-cluster suite reads, written once per JVM by Iceberg's Spark runtime on the
 * first cluster into a warehouse the later clusters (other serializers) reuse. Small: the suite
 * runs three times.
 */
final class ClusterFixtures {
  /** v2, partitioned, two inserts (two manifests), a tag, then position deletes. */
  static final String POSITION_DELETES = "cluster_position_deletes";

  /** v2, equality deletes on {@code n} written with Iceberg's Java API. */
  static final String EQUALITY_DELETES = "cluster_equality_deletes";

  /** v3, deletion vectors. */
  static final String DELETION_VECTORS = "cluster_deletion_vectors";

  /** One data file of many small row groups, to be cut into several splits. */
  static final String ROW_GROUPS = "cluster_row_groups";

  /** Sixteen data files, one task each: slow enough to lose an executor while it runs. */
  static final String MANY_FILES = "cluster_many_files";

  /** The tag on {@link #POSITION_DELETES} before its deletes. */
  static final String TAG = "before_deletes";

  static final String NESTED = "nested";

  static final List<String> EVOLVED = List.of("evolved_schema", "evolved_partitioning");

  private static ClusterFixtures written;

  private final Path warehouse;
  private final long firstSnapshot;

  private ClusterFixtures(Path warehouse, long firstSnapshot) {
    this.warehouse = warehouse;
    this.firstSnapshot = firstSnapshot;
  }

  /** The fixtures, written with {@code spark} unless a cluster of this JVM already wrote them. */
  static synchronized ClusterFixtures writtenWith(SharedSpark spark) {
    if (written == null) {
      long start = System.nanoTime();
      written = write(new FixtureWriter(spark), spark.warehouse());
      System.out.printf("Cluster fixtures written in %.1f s%n", (System.nanoTime() - start) / 1e9);
    }
    return written;
  }

  /** The first snapshot of {@link #POSITION_DELETES}: its first insert alone. */
  long firstSnapshot() {
    return firstSnapshot;
  }

  Path location(String table) {
    return warehouse.resolve(FixtureWriter.DATABASE).resolve(table);
  }

  Path warehouse() {
    return warehouse;
  }

  static String identifier(String table) {
    return SharedSpark.CATALOG + "." + FixtureWriter.DATABASE + "." + table;
  }

  private static ClusterFixtures write(FixtureWriter writer, Path warehouse) {
    writer.sql(
        "", "CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + FixtureWriter.DATABASE);
    String columns = "(" + DeleteFixtures.COLUMNS + ") USING iceberg";
    writer.sql(
        POSITION_DELETES,
        "CREATE TABLE {t} "
            + columns
            + " PARTITIONED BY (category) TBLPROPERTIES ("
            + DeleteFixtures.MERGE_ON_READ_V2
            + ")",
        "INSERT INTO {t} SELECT /*+ REPARTITION(2) */ * FROM ("
            + DeleteFixtures.rows(0, 600)
            + ")");
    long firstSnapshot = currentSnapshot(writer, POSITION_DELETES);
    writer.sql(
        POSITION_DELETES,
        "INSERT INTO {t} SELECT * FROM (" + DeleteFixtures.rows(600, 1000) + ")",
        "ALTER TABLE {t} CREATE TAG " + TAG,
        "DELETE FROM {t} WHERE id % 7 = 0");

    writer.sql(
        EQUALITY_DELETES,
        "CREATE TABLE {t} " + columns + " TBLPROPERTIES (" + DeleteFixtures.MERGE_ON_READ_V2 + ")",
        "INSERT INTO {t} SELECT /*+ REPARTITION(2) */ * FROM ("
            + DeleteFixtures.rows(0, 600)
            + ")");
    Table equality = DeleteFixtures.icebergTable(writer, EQUALITY_DELETES);
    EqualityDeletes.on(List.of("n"), List.of(row(3), row(7))).commit(equality);

    writer.sql(
        DELETION_VECTORS,
        "CREATE TABLE {t} " + columns + " TBLPROPERTIES (" + DeleteFixtures.MERGE_ON_READ_V3 + ")",
        "INSERT INTO {t} SELECT /*+ REPARTITION(2) */ * FROM ("
            + DeleteFixtures.rows(0, 1000)
            + ")",
        "DELETE FROM {t} WHERE id % 5 = 0");

    writer.sql(
        ROW_GROUPS,
        "CREATE TABLE {t} "
            + columns
            + " TBLPROPERTIES ('write.parquet.row-group-size-bytes' = '4096',"
            + " 'write.parquet.row-group-check-min-record-count' = '10',"
            + " 'write.parquet.row-group-check-max-record-count' = '50')",
        "INSERT INTO {t} SELECT /*+ REPARTITION(1) */ * FROM ("
            + DeleteFixtures.rows(0, 4000)
            + ")");

    writer.sql(
        MANY_FILES,
        "CREATE TABLE {t} " + columns,
        "INSERT INTO {t} SELECT /*+ REPARTITION(16) */ * FROM ("
            + DeleteFixtures.rows(0, 640)
            + ")");

    NestedFixtures.create(writer);
    EvolutionFixtures.create(writer);
    return new ClusterFixtures(warehouse, firstSnapshot);
  }

  private static long currentSnapshot(FixtureWriter writer, String table) {
    Table iceberg = DeleteFixtures.icebergTable(writer, table);
    Snapshot current = iceberg.currentSnapshot();
    return current.snapshotId();
  }
}
