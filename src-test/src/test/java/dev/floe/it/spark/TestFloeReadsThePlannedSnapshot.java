package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A commit that lands between planning and execution: the query returns exactly the rows of the
 * snapshot it planned, as Iceberg reads that snapshot, because its tasks carry everything they
 * read. A table of Floe's catalog is cached: within {@code cache-expiration-interval-ms} a new
 * query still sees the snapshot loaded first, until {@code REFRESH TABLE}.
 */
class TestFloeReadsThePlannedSnapshot {
  private static final String CACHED_CATALOG = "floe_cached";

  private final SparkSession spark = SharedSpark.get().session();

  @BeforeAll
  static void configureCatalog() {
    SharedSpark.get().addFloeCatalog(CACHED_CATALOG, 600_000);
  }

  @Test
  void appendAndDeleteCommittedAfterPlanningAreNotSeen() {
    String name = "planned_snapshot";
    String table = create(name);
    long planned = currentSnapshotId(name);
    String location = SharedSpark.get().tableLocation("db", name).toString();

    Dataset<Row> floe = spark.read().format("floe").load(location).select("id", "part");
    floe.queryExecution().executedPlan();
    spark.sql("INSERT INTO " + table + " SELECT id, 'c' FROM range(1000, 1100)");
    spark.sql("DELETE FROM " + table + " WHERE id % 2 = 0");
    assertThat(currentSnapshotId(name)).as("two commits after planning").isNotEqualTo(planned);

    List<String> expected =
        SortedRows.of(
            spark
                .read()
                .format("iceberg")
                .option(TableReader.VERSION_AS_OF, planned)
                .load(location)
                .select("id", "part"));
    List<String> actual = SortedRows.of(floe);
    assertThat(actual).as("rows of the planned snapshot").hasSize(300);
    assertThat(actual).as("rows against Iceberg's at snapshot %d", planned).isEqualTo(expected);
    assertThat(
            ReadResult.of(spark.read().format("floe").load(location).select("id", "part")).rows())
        .as("a new query sees both commits")
        .hasSize(200);
  }

  @Test
  void cachedCatalogTableServesTheSnapshotLoadedFirstUntilRefreshed() {
    String name = "cached_snapshot";
    String table = create(name);
    String floeTable = CACHED_CATALOG + ".db." + name;
    assertThat(spark.table(floeTable).collectAsList()).as("first load").hasSize(300);

    spark.sql("INSERT INTO " + table + " SELECT id, 'c' FROM range(1000, 1100)");
    spark.sql("DELETE FROM " + table + " WHERE id % 2 = 0");
    assertThat(spark.table(floeTable).collectAsList())
        .as("the cached table: the snapshot loaded first, whole")
        .hasSize(300);

    spark.sql("REFRESH TABLE " + floeTable);
    ReadResult expected = ReadResult.of(spark.table(table).select("id", "part"));
    ReadResult actual = ReadResult.of(spark.table(floeTable).select("id", "part"));
    assertThat(actual.rows()).as("after REFRESH TABLE").hasSize(200);
    assertThat(actual.rowDifferences(expected)).as("rows against Iceberg's").isEmpty();
  }

  private String create(String name) {
    String table = SharedSpark.CATALOG + ".db." + name;
    spark.sql("DROP TABLE IF EXISTS " + table);
    spark.sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT, part STRING) USING iceberg PARTITIONED BY (part) TBLPROPERTIES"
            + " ('format-version'='2', 'write.delete.mode'='merge-on-read')");
    spark.sql("INSERT INTO " + table + " SELECT id, IF(id % 2 = 0, 'a', 'b') FROM range(0, 300)");
    return table;
  }

  /** The rows the Dataset's own plan returns, as text, sorted. */
  private static long currentSnapshotId(String name) {
    Table table = SharedSpark.get().catalog().loadTable(TableIdentifier.of("db", name));
    return table.currentSnapshot().snapshotId();
  }
}
