package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Floe's reader filters rows exactly as Spark would: on a typed table with nulls, partitioned by
 * identity, every WHERE clause returns Iceberg's rows, and for the clauses Floe claims Spark keeps
 * no Filter above the scan (so an aggregate could be pushed). Float and nested predicates stay with
 * Spark, whose Filter remains.
 */
class TestFloeFiltersExactly {
  private static final String NAME = "filters_exact";
  private static final int ROWS = 720;

  /** A Filter node of Spark's optimized plan, not the scan's own {@code filter=} text. */
  private static final Pattern FILTER_NODE = Pattern.compile("(?m)^[\\s+\\-:|]*Filter ");

  private static final WrittenOnce<ReadFixture> TABLE =
      new WrittenOnce<>(NAME, () -> write(new FixtureWriter(SharedSpark.get())));

  private static ReadFixture write(FixtureWriter writer) {
    writer.sql(
        NAME,
        "CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + FixtureWriter.DATABASE,
        "CREATE TABLE {t} (id BIGINT NOT NULL, part STRING, flag BOOLEAN, i INT, l BIGINT,"
            + " f FLOAT, dec DECIMAL(9, 2), wide DECIMAL(38, 10), day DATE, ts TIMESTAMP,"
            + " ts_ntz TIMESTAMP_NTZ, s STRING, bin BINARY, point STRUCT<x: INT, label: STRING>)"
            + " USING iceberg PARTITIONED BY (part)",
        "INSERT INTO {t} SELECT /*+ REPARTITION(3) */ * FROM (" + rows(0, ROWS / 2) + ")",
        "INSERT INTO {t} " + rows(ROWS / 2, ROWS));
    return writer.fixture(NAME, ROWS);
  }

  private static String rows(int from, int to) {
    return """
        SELECT id,
          CASE id % 3 WHEN 0 THEN NULL WHEN 1 THEN 'a' ELSE 'b' END,
          CASE WHEN id % 11 = 0 THEN NULL ELSE id % 2 = 0 END,
          CASE WHEN id % 13 = 0 THEN NULL ELSE CAST(id % 9 - 4 AS INT) END,
          CASE id % 17 WHEN 0 THEN NULL WHEN 1 THEN 9223372036854775807
            WHEN 2 THEN -9223372036854775808 ELSE id * 1000003 - 400000000 END,
          CASE id % 19 WHEN 0 THEN NULL WHEN 1 THEN CAST('NaN' AS FLOAT)
            WHEN 2 THEN CAST('-0.0' AS FLOAT) ELSE CAST((id - 300) / 3.0 AS FLOAT) END,
          CASE WHEN id % 23 = 0 THEN NULL ELSE CAST((id % 50 - 25) * 0.37 AS DECIMAL(9, 2)) END,
          CASE WHEN id % 29 = 0 THEN NULL
            ELSE CAST((id - 360) * 12345678901.0123456789 AS DECIMAL(38, 10)) END,
          CASE WHEN id % 31 = 0 THEN NULL ELSE date_add(DATE'1969-12-25', CAST(id % 20 AS INT)) END,
          CASE WHEN id % 37 = 0 THEN NULL ELSE timestamp_micros((id - 100) * 3600000001) END,
          CASE WHEN id % 41 = 0 THEN NULL
            ELSE CAST(timestamp_micros((id - 360) * 86400000123) AS TIMESTAMP_NTZ) END,
          CASE id % 10 WHEN 0 THEN NULL WHEN 1 THEN '' WHEN 2 THEN 'a' WHEN 3 THEN 'ab'
            WHEN 4 THEN 'é' WHEN 5 THEN '\uFFFF' WHEN 6 THEN '😀' WHEN 7 THEN 'a😀'
            WHEN 8 THEN 'ünïcødé ✓ 表' ELSE concat('s-', CAST(id % 20 AS STRING)) END,
          CASE id % 7 WHEN 0 THEN NULL WHEN 1 THEN X'' WHEN 2 THEN X'80' WHEN 3 THEN X'7F'
            ELSE unhex(hex(id * id)) END,
          CASE WHEN id % 8 = 0 THEN NULL
            ELSE named_struct('x', IF(id % 5 = 0, NULL, CAST(id % 10 AS INT)),
              'label', concat('p', CAST(id % 4 AS STRING))) END
        FROM range({from}, {to})
        """
        .replace("{from}", Integer.toString(from))
        .replace("{to}", Integer.toString(to));
  }

  /** One WHERE clause, the columns to select (all when none), and whether Floe claims it. */
  record Clause(String filter, boolean exact, List<String> columns) {
    static Clause exact(String filter, String... columns) {
      return new Clause(filter, true, Arrays.asList(columns));
    }

    static Clause leftToSpark(String filter, String... columns) {
      return new Clause(filter, false, Arrays.asList(columns));
    }

    @Override
    public String toString() {
      return filter + (columns.isEmpty() ? "" : " selecting " + columns);
    }
  }

  static Stream<Clause> clauses() {
    return Stream.of(
        Clause.exact("i > 0"),
        Clause.exact("NOT (i > 0)"),
        Clause.exact("i <> 3"),
        Clause.exact("NOT (i <> 3)"),
        Clause.exact("i <=> 3"),
        Clause.exact("NOT (i <=> 3)"),
        Clause.exact("i IN (1, 2, NULL)"),
        Clause.exact("NOT (i IN (1, 2, NULL)) OR l IS NULL"),
        Clause.exact("i NOT IN (1, 2)"),
        Clause.exact("(i > 0 AND l < 0) OR NOT (flag AND s = 'a')"),
        Clause.exact("NOT ((i < -2 OR flag) AND NOT (l > 0 OR day IS NULL))"),
        Clause.exact("flag"),
        Clause.exact("NOT flag"),
        Clause.exact("flag = false OR flag IS NULL"),
        Clause.exact("l < 0", "id"),
        Clause.exact("l = 9223372036854775807 OR l < -9223372036854775807", "id", "i"),
        Clause.exact("s > 'a'"),
        Clause.exact("s < '😀'"),
        Clause.exact("s >= '\uFFFF'"),
        Clause.exact("s = 'a😀'"),
        Clause.exact("s LIKE 'a%'"),
        Clause.exact("NOT (s LIKE 'a%')"),
        Clause.exact("s IN ('', 'é', '😀', 'ünïcødé ✓ 表')"),
        Clause.exact("s <> ''"),
        Clause.exact("dec > 1.5"),
        Clause.exact("dec <= -3.70 OR dec = 0.00"),
        Clause.exact("wide < 0"),
        Clause.exact("wide >= 1234567890123.4567890000"),
        Clause.exact("day < DATE'1970-01-01'"),
        Clause.exact("day = DATE'1970-01-05' OR day IS NULL"),
        Clause.exact("ts >= TIMESTAMP'1970-01-10 00:00:00'"),
        Clause.exact("ts_ntz < TIMESTAMP_NTZ'1969-12-31 00:00:00'"),
        Clause.exact("bin > X'7F'"),
        Clause.exact("bin = X''"),
        Clause.exact("part = 'a' AND i > 0"),
        Clause.exact("part IS NULL OR i < 0"),
        Clause.exact("NOT (part = 'a')", "id", "part"),
        Clause.exact("part <=> NULL", "id"),
        Clause.leftToSpark("point IS NULL", "id"),
        Clause.leftToSpark("f > 0"),
        Clause.leftToSpark("NOT (f = 0) AND i > 0"),
        Clause.leftToSpark("point.x > 3"),
        Clause.leftToSpark("point.x IS NULL AND s = 'a'", "id"),
        Clause.leftToSpark("s LIKE '%b'"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("clauses")
  void returnsIcebergsRowsAndLeavesSparkNoFilterForExactClauses(Clause clause) {
    SparkSession spark = SharedSpark.get().session();
    ReadFixture table = TABLE.get();
    ReadQuery query =
        ReadQuery.where(clause.filter()).withColumns(clause.columns().toArray(new String[0]));

    Dataset<Row> floe = TableReader.FLOE.read(spark, table, query);
    ReadResult expected = ReadResult.of(TableReader.ICEBERG_CATALOG.read(spark, table, query));
    ReadResult actual = ReadResult.of(floe);

    assertThat(actual.rowDifferences(expected)).as("rows of %s", clause).isEmpty();
    assertThat(expected.rows()).as("a clause that selects nothing proves little").isNotEmpty();
    String plan = floe.queryExecution().optimizedPlan().treeString();
    assertThat(FILTER_NODE.matcher(plan).find())
        .as("a Filter above Floe's scan for %s in%n%s", clause, plan)
        .isEqualTo(!clause.exact());
  }
}
