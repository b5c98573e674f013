package dev.floe.it.spark4;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.it.spark.ReadFixture;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Spark 4 compares strings under collations, Floe byte for byte: a predicate Spark evaluates under
 * a collation that is not binary ({@code UTF8_LCASE}, {@code UNICODE_CI}, accent insensitive,
 * trimming) must neither prune a file, a row group or a dictionary, nor be evaluated by Floe's row
 * filter. The table is laid out so that a binary reading of such a predicate loses rows: partition
 * {@code UP} holds only upper case ({@code 'ABC'} to {@code 'ABD'}, bounds a binary {@code = 'abc'}
 * excludes), partition {@code mix} holds {@code 'ABC'} between bounds {@code 'AAA'} and {@code
 * 'zzz'} (only its dictionary excludes {@code 'abc'}), partition {@code low} holds {@code 'Abc'},
 * {@code 'ábc'} and trailing blanks.
 *
 * <p>Spark 4.0 to 4.2 hand a scan no predicate for {@code s COLLATE X op v} (the collated column is
 * an expression V2 filters do not translate), and {@code CAST(s AS STRING COLLATE X) op v}, with a
 * literal typed {@code STRING COLLATE X}, for {@code s op v COLLATE X}; {@code s LIKE 'AB%' COLLATE
 * X} is binary in Spark (a pattern's collation does not apply) and reaches the scan as a binary
 * {@code STARTS_WITH}. Each clause returns the rows of Iceberg's reader and of Spark evaluating the
 * whole table itself; Floe's scan filter holds no comparison of a string column for a collated
 * clause.
 */
class TestFloeLeavesCollatedPredicatesToSpark {
  private static final String NAME = "collated";

  /**
   * A comparison of {@code s} or {@code p} in Floe's scan filter: what a collated part must not be.
   */
  private static final Pattern STRING_COMPARISON =
      Pattern.compile("\\b[sp] (=|!=|<|<=|>|>=|in|not in|starts with|not starts with) ");

  private static ReadFixture table;

  @BeforeAll
  static void writeTable() {
    // Spark 4.0 parses trimming collations only with this setting; later lines always do
    Spark4Tables.spark().conf().set("spark.sql.collation.trim.enabled", "true");
    table =
        Spark4Tables.write(
            NAME,
            13,
            "CREATE TABLE IF NOT EXISTS {t} (id BIGINT NOT NULL, p STRING, s STRING) USING iceberg"
                + " PARTITIONED BY (p)",
            "INSERT INTO {t} VALUES (1, 'UP', 'ABC'), (2, 'UP', 'ABD'), (3, 'UP', 'ABC ')",
            "INSERT INTO {t} VALUES (4, 'mix', 'AAA'), (5, 'mix', 'ABC'), (6, 'mix', 'zzz')",
            "INSERT INTO {t} VALUES (7, 'low', 'x'), (8, 'low', 'abz'), (9, 'low', NULL), (10,"
                + " 'low', 'ábc'), (11, 'low', 'Abc'), (12, 'low', 'aa'), (13, 'low', 'abc  ')");
  }

  static Stream<String> collatedClauses() {
    return Stream.of(
        "s = 'abc' COLLATE UTF8_LCASE",
        "s = 'ABC' COLLATE UNICODE_CI",
        "s = 'abc' COLLATE UNICODE_CI_AI",
        "s COLLATE UTF8_LCASE = 'abc'",
        "collate(s, 'UTF8_LCASE') = 'abc'",
        "s IN ('abc' COLLATE UTF8_LCASE, 'x')",
        "s COLLATE UNICODE_CI IN ('abc', 'X')",
        "s < 'abd' COLLATE UTF8_LCASE",
        "s >= 'abd' COLLATE UNICODE_CI",
        "s BETWEEN 'abc' COLLATE UTF8_LCASE AND 'abz' COLLATE UTF8_LCASE",
        "NOT (s = 'abc' COLLATE UTF8_LCASE)",
        "s <> 'abc' COLLATE UTF8_LCASE",
        "s <=> 'abc' COLLATE UTF8_LCASE",
        "s = 'abc' COLLATE UTF8_LCASE OR id = 7",
        "id > 1 AND s = 'abc' COLLATE UTF8_LCASE",
        "startswith(s, 'ab' COLLATE UTF8_LCASE)",
        "s COLLATE UTF8_LCASE LIKE 'ab%'",
        "s = 'ABC' COLLATE UTF8_BINARY_RTRIM",
        "s = 'abc' COLLATE UTF8_LCASE_RTRIM",
        "p = 'up' COLLATE UTF8_LCASE",
        "p COLLATE UTF8_LCASE IN ('up', 'MIX')");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("collatedClauses")
  void collatedClauseReturnsSparksRowsAndIsNotPushed(String clause) {
    Dataset<Row> floe = Spark4Tables.floe(table, clause);
    assertThat(Spark4Tables.rows(floe))
        .as("Floe's rows of %s", clause)
        .isNotEmpty()
        .isEqualTo(Spark4Tables.rows(Spark4Tables.iceberg(table, clause)))
        .isEqualTo(Spark4Tables.rows(sparkAlone(clause)));
    String filter = Spark4Tables.floeFilter(floe);
    assertThat(STRING_COMPARISON.matcher(filter).find())
        .as("a comparison of a string column in Floe's scan filter %s for %s", filter, clause)
        .isFalse();
  }

  /**
   * Rows a binary reading of the clause would lose: the upper-case file's bounds and the mixed
   * file's dictionary both exclude {@code 'abc'}.
   */
  @Test
  void collatedEqualityKeepsTheFilesABinaryComparisonWouldPrune() {
    Dataset<Row> floe = Spark4Tables.floe(table, "s = 'abc' COLLATE UTF8_LCASE").select("id");
    assertThat(Spark4Tables.rows(floe))
        .containsExactlyInAnyOrder("{\"id\":1}", "{\"id\":11}", "{\"id\":5}");
    assertThat(Spark4Tables.floeScan(floe))
        .as("three files, one a partition, none pruned")
        .contains("dataFiles=[live=3, skippedByPartition=0, skippedByMetrics=0]");
  }

  /** Spark evaluates these byte for byte, whatever collation the literal carries. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {"s LIKE 'AB%' COLLATE UTF8_LCASE", "s = 'ABC' COLLATE UTF8_BINARY", "s = 'ABC'"})
  void binaryClauseIsStillPushed(String clause) {
    Dataset<Row> floe = Spark4Tables.floe(table, clause);
    assertThat(Spark4Tables.rows(floe))
        .as("Floe's rows of %s", clause)
        .isNotEmpty()
        .isEqualTo(Spark4Tables.rows(Spark4Tables.iceberg(table, clause)))
        .isEqualTo(Spark4Tables.rows(sparkAlone(clause)));
    assertThat(STRING_COMPARISON.matcher(Spark4Tables.floeFilter(floe)).find())
        .as("a binary comparison of s in Floe's scan filter for %s", clause)
        .isTrue();
  }

  /**
   * MIN, MAX and COUNT of a collated expression: Spark hands {@code MAX(CAST(s AS STRING COLLATE
   * X))} to the scan, which must not answer it from binary bounds ({@code 'AAA'} is the binary
   * minimum, {@code 'aa'} the case-insensitive one).
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "min(s COLLATE UTF8_LCASE); max(s COLLATE UTF8_LCASE); count(s COLLATE UTF8_LCASE)",
        "min(CAST(s AS STRING COLLATE UTF8_LCASE)); max(CAST(s AS STRING COLLATE UNICODE_CI))",
        "count(CAST(s AS STRING COLLATE UNICODE_CI)); min(p COLLATE UTF8_LCASE)"
      })
  void aggregateOfACollatedExpressionIsSparks(String aggregates) {
    Dataset<Row> floe = Spark4Tables.floe(table, "").selectExpr(aggregates.split("; "));
    Dataset<Row> iceberg = Spark4Tables.iceberg(table, "").selectExpr(aggregates.split("; "));
    assertThat(Spark4Tables.rows(floe))
        .as("Floe's %s", aggregates)
        .isEqualTo(Spark4Tables.rows(iceberg));
    assertThat(Spark4Tables.floeScan(floe)).as("aggregate pushed").doesNotContain("aggregate=[");
  }

  @Test
  void caseInsensitiveMinimumIsNotTheBinaryOne() {
    Dataset<Row> floe =
        Spark4Tables.floe(table, "").selectExpr("min(CAST(s AS STRING COLLATE UTF8_LCASE)) AS m");
    assertThat(Spark4Tables.rows(floe)).containsExactly("{\"m\":\"aa\"}");
  }

  /**
   * A join on a collated key, with a dimension filter only Spark evaluates, so that Spark may plan
   * a runtime filter for the fact scan: whatever Spark hands the scan at run time, the files
   * holding {@code 'ABC'} and {@code 'Abc'} must stay.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"f.s = d.k COLLATE UTF8_LCASE", "f.s COLLATE UNICODE_CI = d.k"})
  void joinOnACollatedKeyKeepsTheMatchingFiles(String condition) {
    SparkSession spark = Spark4Tables.spark();
    ReadFixture keys =
        Spark4Tables.write(
            "collated_keys",
            2,
            "CREATE TABLE IF NOT EXISTS {t} (k STRING, label STRING) USING iceberg",
            "INSERT OVERWRITE {t} VALUES ('abc', 'pick'), ('nothing', 'other')");
    Map<String, String> confs =
        Map.of(
            "spark.sql.optimizer.dynamicPartitionPruning.enabled", "true",
            "spark.sql.optimizer.dynamicPartitionPruning.reuseBroadcastOnly", "false",
            "spark.sql.optimizer.runtime.bloomFilter.enabled", "true");
    confs.forEach(spark.conf()::set);
    try {
      Spark4Tables.iceberg(keys, "").createOrReplaceTempView("collated_keys_view");
      String query =
          "SELECT f.id, d.k FROM %s f JOIN collated_keys_view d ON "
              + condition
              + " WHERE upper(d.label) = 'PICK'";
      Spark4Tables.floe(table, "").createOrReplaceTempView("collated_floe");
      Spark4Tables.iceberg(table, "").createOrReplaceTempView("collated_iceberg");
      Dataset<Row> floe = spark.sql(String.format(query, "collated_floe"));
      assertThat(Spark4Tables.rows(floe))
          .as("Floe's rows of %s", condition)
          .contains("{\"id\":1,\"k\":\"abc\"}", "{\"id\":11,\"k\":\"abc\"}")
          .isEqualTo(Spark4Tables.rows(spark.sql(String.format(query, "collated_iceberg"))));
    } finally {
      confs.keySet().forEach(spark.conf()::unset);
    }
  }

  /** Spark's own answer: the table read whole, then filtered in Spark, no scan involved. */
  private static Dataset<Row> sparkAlone(String clause) {
    Dataset<Row> all = Spark4Tables.iceberg(table, "");
    return Spark4Tables.spark().createDataFrame(all.collectAsList(), all.schema()).where(clause);
  }
}
