package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * Sums, minimums and maximums of {@code length(...)} Floe computes on executors, on a table whose
 * strings count characters differently from bytes: accented letters, a character outside the Basic
 * Multilingual Plane, empty strings, bytes that are not UTF-8 (a lone continuation byte, a
 * truncated sequence, an encoded surrogate), a dictionary-encoded column of multi-byte codes, a
 * null row and deleted rows; lengths of a binary column and of expressions are left to Spark. Each
 * answer equals Iceberg's, which Spark's own {@code length} computes over Iceberg's rows, and each
 * is pushed where Spark offers it.
 */
class TestFloeLengthPushdown {
  private static final String TABLE = "pushdown_lengths";
  private static final long ROWS = 3000;
  private static final WrittenOnce<ReadFixture> FIXTURE =
      new WrittenOnce<>("the " + TABLE + " fixture", TestFloeLengthPushdown::write);

  private final SparkSession spark = SharedSpark.get().session();

  private static ReadFixture write() {
    FixtureWriter writer = new FixtureWriter(SharedSpark.get());
    String texts =
        String.join(
            ", ",
            "'plain ascii'",
            "''",
            "'\u00e9t\u00e9 \u00e0 caf\u00e9'",
            "'\u65e5\u672c\u8a9e\u306e\u6587'",
            "'\ud83d\ude00 grin'",
            "CAST(unhex('41804142') AS STRING)",
            "CAST(unhex('4142C3') AS STRING)",
            "CAST(unhex('EDA080F09F') AS STRING)",
            "CAST(unhex('FFFE41') AS STRING)");
    writer.sql(
        TABLE,
        "CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + FixtureWriter.DATABASE,
        "CREATE TABLE {t} (id bigint, text string, code string, raw binary) USING iceberg"
            + " TBLPROPERTIES ("
            + DeleteFixtures.MERGE_ON_READ_V2
            + ")",
        "INSERT INTO {t} SELECT id,"
            + " concat(element_at(array("
            + texts
            + "), CAST(id % 9 + 1 AS int)), repeat('\u00fc', CAST(id % 13 AS int))),"
            + " element_at(array('n\u00e9', '\u65e5\u672c', 'x', ''), CAST(id % 4 + 1 AS int)),"
            + " unhex(repeat('AB', CAST(id % 50 AS int)))"
            + " FROM range(0, "
            + ROWS
            + ")",
        "INSERT INTO {t} VALUES (" + ROWS + ", NULL, NULL, NULL)",
        "DELETE FROM {t} WHERE id % 10 = 3");
    return writer.fixture(TABLE, ROWS + 1 - ROWS / 10);
  }

  @Test
  void lengthsOfStringsAndBinariesEqualIcebergs() {
    checkPushedAndEqual(
        rows ->
            rows.selectExpr(
                "sum(length(text))",
                "min(length(text))",
                "max(length(text))",
                "sum(length(code))",
                "max(char_length(code))",
                "min(character_length(code))",
                "count(*)"));
  }

  @Test
  void lengthsUnderAFilterEqualIcebergs() {
    checkPushedAndEqual(
        rows ->
            rows.where("id >= 100 AND id < 2500 AND code <> 'x'")
                .selectExpr("sum(length(text))", "max(length(code))", "min(length(text))"));
  }

  /**
   * Spark splits an AVG it cannot push whole into a SUM and a COUNT of the lengths; the COUNT is
   * the column's count of values.
   */
  @Test
  void averagesAndCountsOfLengthsEqualIcebergs() {
    checkPushedAndEqual(
        rows -> rows.selectExpr("avg(length(text))", "count(length(code))", "avg(length(code))"));
  }

  @Test
  void lengthsInAnsiModeEqualIcebergs() {
    String key = "spark.sql.ansi.enabled";
    String before = spark.conf().get(key);
    spark.conf().set(key, true);
    try {
      checkPushedAndEqual(rows -> rows.selectExpr("sum(length(text))", "max(length(code))"));
    } finally {
      spark.conf().set(key, before);
    }
  }

  /**
   * Lengths of expressions, and of binaries (which Spark does not offer), are Spark's to compute;
   * the answers still equal Iceberg's.
   */
  @Test
  void lengthsOfExpressionsAndBinariesAreLeftToSpark() {
    for (String length : List.of("length(trim(text))", "length(upper(code))", "length(raw)")) {
      Function<Dataset<Row>, Dataset<Row>> query =
          rows -> rows.selectExpr("sum(" + length + ")", "max(" + length + ")");
      Dataset<Row> floe = query.apply(floe());
      List<Row> answer = floe.collectAsList();
      assertThat(ScanDescription.ofExecuted(floe, TABLE).hasAggregate())
          .as("Floe pushes no aggregate of %s", length)
          .isFalse();
      assertThat(answer).as(length).isEqualTo(query.apply(iceberg()).collectAsList());
      assertThat(answer.get(0).isNullAt(0)).as("the sum of %s", length).isFalse();
    }
  }

  private void checkPushedAndEqual(Function<Dataset<Row>, Dataset<Row>> query) {
    PushedAggregates.Answer answer = sides().pushedAndEqual(query);
    assertThat(answer.description().text()).as("Floe's scan").contains("(LENGTH(");
    Row row = answer.rows().get(0);
    for (int column = 0; column < row.size(); column++) {
      assertThat(row.isNullAt(column)).as("aggregate %d of rows with values", column).isFalse();
    }
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
}
