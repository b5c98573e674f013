package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * Sums Floe computes on executors, on a table built to overflow them: {@code decimal(4, 2)} prices
 * whose sum needs 8 digits (Spark casts each partial sum back to the column's type, so a partial
 * sum of more than 4 digits would turn the answer null), a {@code decimal(2, 0)} column of 99s,
 * longs near 2^63 whose sum overflows a long, and deleted rows. Each answer, or each failure under
 * ANSI mode, equals Iceberg's, which Spark computes over Iceberg's rows; each is pushed.
 */
class TestFloeSumPushdown {
  private static final String TABLE = "pushdown_large_sums";
  private static final long ROWS = 3000;
  private static final WrittenOnce<ReadFixture> FIXTURE =
      new WrittenOnce<>("the " + TABLE + " fixture", TestFloeSumPushdown::write);

  private final SparkSession spark = SharedSpark.get().session();

  private static ReadFixture write() {
    FixtureWriter writer = new FixtureWriter(SharedSpark.get());
    writer.sql(
        TABLE,
        "CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + FixtureWriter.DATABASE,
        "CREATE TABLE {t} (id bigint, price decimal(4, 2), big bigint, n int, tiny decimal(2, 0))"
            + " USING iceberg"
            + " TBLPROPERTIES ("
            + DeleteFixtures.MERGE_ON_READ_V2
            + ")",
        "INSERT INTO {t} SELECT id, CAST(99.99 - (id % 7) AS decimal(4, 2)),"
            + " 9223372036854775000 - id, CAST(id * 1000 AS int), CAST(99 AS decimal(2, 0))"
            + " FROM range(0, "
            + ROWS
            + ")",
        "INSERT INTO {t} VALUES (" + ROWS + ", NULL, NULL, NULL, NULL)",
        "DELETE FROM {t} WHERE id % 10 = 3");
    return writer.fixture(TABLE, ROWS + 1 - ROWS / 10);
  }

  @Test
  void decimalSumsLongerThanTheirColumnEqualIcebergs() {
    checkPushedAndEqual(
        rows ->
            rows.selectExpr(
                "sum(price)", "avg(price)", "count(*)", "min(price)", "max(price)", "sum(n)"));
  }

  /**
   * Every value of {@code tiny} is 99, its column's largest: each addition leaves {@code decimal(2,
   * 0)}, so nearly every row becomes a partial row of its own, handed to Spark batch by batch.
   */
  @Test
  void aSumThatLeavesItsColumnAtEveryRowEqualsIcebergs() {
    checkPushedAndEqual(rows -> rows.selectExpr("sum(tiny)", "avg(tiny)", "count(tiny)"));
  }

  @Test
  void decimalSumsUnderAFilterEqualIcebergs() {
    checkPushedAndEqual(
        rows -> rows.where("id >= 100 AND id < 2500").selectExpr("sum(price)", "sum(n)"));
  }

  @Test
  void longSumsThatOverflowWrapAsIcebergsDoOutsideAnsiMode() {
    withAnsi(false, () -> checkPushedAndEqual(rows -> rows.selectExpr("sum(big)", "count(big)")));
  }

  /**
   * Spark rewrites an AVG it cannot push whole into a SUM it adds as a long, where its own AVG of
   * integers adds doubles: past 2^63 the rewritten one would fail or wrap. Floe leaves those to
   * Spark, in and out of ANSI mode; an AVG of decimals, added exactly either way, is pushed.
   */
  @Test
  void averagesOfIntegersAreLeftToSparkAndEqualIcebergs() {
    for (boolean ansi : new boolean[] {false, true}) {
      withAnsi(
          ansi,
          () -> {
            Function<Dataset<Row>, Dataset<Row>> query =
                rows -> rows.selectExpr("avg(big)", "avg(n)", "count(big)");
            Dataset<Row> floe = query.apply(floe());
            List<Row> answer = floe.collectAsList();
            assertThat(ScanDescription.ofExecuted(floe, TABLE).hasAggregate())
                .as("Floe pushes no aggregate with an AVG of integers (ANSI %s)", ansi)
                .isFalse();
            assertThat(answer)
                .as("Floe's averages of integers, ANSI %s", ansi)
                .isEqualTo(query.apply(iceberg()).collectAsList());
          });
    }
    checkPushedAndEqual(rows -> rows.selectExpr("avg(price)", "sum(n)"));
  }

  @Test
  void longSumsThatOverflowFailAsIcebergsDoInAnsiMode() {
    withAnsi(
        true,
        () -> {
          Function<Dataset<Row>, Dataset<Row>> query = rows -> rows.selectExpr("sum(big)");
          assertThatThrownBy(() -> query.apply(iceberg()).collectAsList())
              .as("Iceberg's sum of overflowing longs in ANSI mode")
              .satisfies(TestFloeSumPushdown::isArithmeticOverflow);
          assertThatThrownBy(() -> query.apply(floe()).collectAsList())
              .as("Floe's pushed sum of overflowing longs in ANSI mode")
              .satisfies(TestFloeSumPushdown::isArithmeticOverflow);
          Function<Dataset<Row>, Dataset<Row>> trySum =
              rows -> rows.selectExpr("try_sum(big)", "sum(price)");
          assertThat(trySum.apply(floe()).collectAsList())
              .as("Floe's try_sum of overflowing longs in ANSI mode")
              .isEqualTo(trySum.apply(iceberg()).collectAsList());
        });
  }

  /** Spark's overflow error, wrapped in the failed job's exception. */
  private static void isArithmeticOverflow(Throwable failure) {
    Throwable cause = failure;
    while (cause != null && !(cause instanceof ArithmeticException)) {
      cause = cause.getCause();
    }
    assertThat(cause).as("an ArithmeticException among the causes of %s", failure).isNotNull();
    assertThat(cause.getMessage()).contains("overflow");
  }

  private void checkPushedAndEqual(Function<Dataset<Row>, Dataset<Row>> query) {
    PushedAggregates.Answer answer = sides().pushedAndEqual(query);
    assertThat(answer.description().text()).as("Floe's scan").contains("SUM(");
    assertThat(answer.rows().get(0).isNullAt(0))
        .as("the first aggregate of rows with values")
        .isFalse();
  }

  private PushedAggregates sides() {
    return new PushedAggregates(spark, FIXTURE.get());
  }

  private Dataset<Row> floe() {
    return sides().floe();
  }

  private Dataset<Row> iceberg() {
    return sides().iceberg();
  }

  private void withAnsi(boolean ansi, Runnable check) {
    String key = "spark.sql.ansi.enabled";
    String before = spark.conf().get(key);
    spark.conf().set(key, ansi);
    try {
      check.run();
    } finally {
      spark.conf().set(key, before);
    }
  }
}
