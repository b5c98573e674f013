package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * {@code COUNT(col)} under deletes, in files whose columns hold a value in every row ({@code id},
 * {@code n}), in some rows ({@code sometimes}) or in none ({@code never}). Under deletion vectors
 * the manifests answer the first (the live rows) and the last (0); under position deletes executors
 * count the first as rows, without reading the column. The others are counted from their values.
 * Each answer equals Iceberg's, on a v2 table with position delete files and a v3 table with
 * deletion vectors.
 */
class TestFloeColumnCountPushdown {
  private static final long ROWS = 2000;
  private static final WrittenOnce<ReadFixture> POSITION_DELETES =
      new WrittenOnce<>("the v2 counted table", () -> write("pushdown_counts_v2", "2"));
  private static final WrittenOnce<ReadFixture> DELETION_VECTORS =
      new WrittenOnce<>("the v3 counted table", () -> write("pushdown_counts_v3", "3"));
  private static final String ALL_COUNTS =
      "count(*), count(id), count(n), count(sometimes), count(never)";

  private final SparkSession spark = SharedSpark.get().session();

  private static ReadFixture write(String table, String formatVersion) {
    FixtureWriter writer = new FixtureWriter(SharedSpark.get());
    writer.sql(
        table,
        "CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + FixtureWriter.DATABASE,
        "CREATE TABLE {t} (id bigint, n int, sometimes string, never string) USING iceberg"
            + " TBLPROPERTIES ("
            + DeleteFixtures.MERGE_ON_READ_V2.replace("'2'", "'" + formatVersion + "'")
            + ")",
        "INSERT INTO {t} SELECT id, CAST(id % 100 AS int),"
            + " CASE WHEN id % 7 = 0 THEN NULL ELSE concat('s-', id) END, CAST(NULL AS string)"
            + " FROM range(0, "
            + ROWS
            + ")",
        "DELETE FROM {t} WHERE id % 10 = 3 OR id % 49 = 0");
    return writer.fixture(table, ROWS - ROWS / 10 - (ROWS / 49 + 1) + 4);
  }

  @Test
  void countsUnderPositionDeletesEqualIcebergs() {
    checkPushedAndEqual(POSITION_DELETES.get(), rows -> rows.selectExpr(ALL_COUNTS.split(", ")));
    checkPushedAndEqual(POSITION_DELETES.get(), rows -> rows.selectExpr("count(id)", "sum(n)"));
    checkPushedAndEqual(POSITION_DELETES.get(), rows -> rows.selectExpr("count(never)"));
  }

  @Test
  void countsUnderDeletionVectorsEqualIcebergs() {
    checkPushedAndEqual(DELETION_VECTORS.get(), rows -> rows.selectExpr(ALL_COUNTS.split(", ")));
    checkPushedAndEqual(DELETION_VECTORS.get(), rows -> rows.selectExpr("count(id)", "sum(n)"));
  }

  /** Under deletion vectors, the counts of columns alike in every row need no file read. */
  @Test
  void countsOfColumnsAlikeInEveryRowReadNoFileUnderDeletionVectors() {
    ScanDescription description =
        checkPushedAndEqual(
            DELETION_VECTORS.get(),
            rows -> rows.selectExpr("count(*)", "count(id)", "count(never)"));
    assertThat(description.aggregateFiles().read()).as("%s", description).isZero();
    ScanDescription withNulls =
        checkPushedAndEqual(DELETION_VECTORS.get(), rows -> rows.selectExpr("count(sometimes)"));
    assertThat(withNulls.aggregateFiles().read())
        .as("a deleted row may hold a value or a null: %s", withNulls)
        .isPositive();
  }

  private ScanDescription checkPushedAndEqual(
      ReadFixture fixture, Function<Dataset<Row>, Dataset<Row>> query) {
    return new PushedAggregates(spark, fixture).pushedAndEqual(query).description();
  }
}
