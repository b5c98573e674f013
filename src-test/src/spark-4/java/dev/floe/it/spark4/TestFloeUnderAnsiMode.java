package dev.floe.it.spark4;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.it.spark.ReadFixture;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.spark.SparkThrowable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Filters whose casts or arithmetic fail under Spark 4's ANSI mode (on by default) and return null
 * or wrap without it. What Spark 4.0 to 4.2 hand a scan for them: nothing for {@code i =
 * 3000000000} (Spark folds it to false for an int column), nothing for a literal that does not cast
 * ({@code day = '2024-02-30'}, {@code ts > 'not a date'}, {@code i = 'abc'}: Spark fails while it
 * optimizes, before any scan, or folds the null), and {@code CAST(col AS T) op v} for a cast of the
 * column ({@code CAST(s AS INT) = 5}, {@code s = 5}, {@code CAST(dec AS DECIMAL(3, 1)) = 1.5}),
 * which Floe does not convert. With ANSI mode on and off, Floe's outcome is Iceberg's: the same
 * rows, or an error of the same condition.
 */
class TestFloeUnderAnsiMode {
  private static final String ANSI = "spark.sql.ansi.enabled";

  private static ReadFixture table;

  @BeforeAll
  static void writeTable() {
    table =
        Spark4Tables.write(
            "ansi",
            5,
            "CREATE TABLE IF NOT EXISTS {t} (id BIGINT NOT NULL, i INT, s STRING, dec DECIMAL(9,"
                + " 2), day DATE, ts TIMESTAMP) USING iceberg",
            "INSERT INTO {t} SELECT /*+ REPARTITION(1) */ * FROM VALUES (1, 1, 'x', 123.45,"
                + " DATE'2024-02-28', TIMESTAMP'2024-01-01 00:00:00'), (2, 5, '5', 1.50,"
                + " DATE'2024-02-29', TIMESTAMP'2024-06-01 00:00:00') AS v(id, i, s, dec, day, ts)",
            "INSERT INTO {t} VALUES (6, 7, '7', 2.00, DATE'2024-03-01', NULL)",
            // the row that fails a cast shares its file with a row of id > 5
            "INSERT INTO {t} SELECT /*+ REPARTITION(1) */ * FROM VALUES (3, 3, 'y', 3.00, NULL,"
                + " NULL), (8, 8, '5', 4.00, NULL, NULL) AS v(id, i, s, dec, day, ts)");
  }

  static Stream<Arguments> clauses() {
    List<String> clauses =
        List.of(
            "i = 3000000000",
            "i > 2147483648",
            "CAST(s AS INT) = 5",
            "s = 5",
            "CAST(dec AS DECIMAL(3, 1)) = 1.5",
            "dec = 12345678901234567890.1",
            "dec = 1234567.125",
            "day = '2024-02-30'",
            "day = '2024-02-29'",
            "ts > 'not a date'",
            "ts > '2024-03-01'",
            "i = 'abc'",
            "i = '5'",
            "i + 2147483647 > 0",
            "id > 5 AND CAST(s AS INT) = 5");
    return Stream.of("true", "false")
        .flatMap(ansi -> clauses.stream().map(clause -> Arguments.of(ansi, clause)));
  }

  @ParameterizedTest(name = "ANSI {0}: {1}")
  @MethodSource("clauses")
  void outcomeIsIcebergs(String ansi, String clause) {
    Outcome expected = withAnsi(ansi, () -> Outcome.of(Spark4Tables.iceberg(table, clause)));
    Outcome actual = withAnsi(ansi, () -> Outcome.of(Spark4Tables.floe(table, clause)));
    assertThat(actual)
        .as("Floe's outcome of %s with ANSI mode %s", clause, ansi)
        .isEqualTo(expected);
  }

  /**
   * A failing conjunct written before one Floe evaluates exactly: Spark no longer evaluates the
   * exact one, and Floe's row filter has dropped row 3 (id 3, s 'y') before Spark casts its {@code
   * s}, so the query returns row 8 where Iceberg's reader, which filters no rows, fails. Spark's
   * own Parquet source does the same as Floe when it filters rows ({@code
   * spark.sql.parquet.recordLevelFilter.enabled} with the row-based reader) and the same as Iceberg
   * otherwise; file and row group pruning (file 1, ids 1 and 2, by {@code id > 5}) skip the failing
   * row {@code 'x'} in all three.
   */
  @Test
  void failingConjunctBeforeAnExactOneSeesOnlyTheRowsFloeKeeps() {
    String clause = "CAST(s AS INT) = 5 AND id > 5";
    String data = table.location().resolve("data").toString();
    SparkSession spark = Spark4Tables.spark();
    Outcome floe = withAnsi("true", () -> Outcome.of(Spark4Tables.floe(table, clause)));
    Outcome iceberg = withAnsi("true", () -> Outcome.of(Spark4Tables.iceberg(table, clause)));
    Outcome parquet = withAnsi("true", () -> Outcome.of(spark.read().parquet(data).where(clause)));
    Outcome parquetFilteringRows =
        withConfs(
            Map.of(
                ANSI,
                "true",
                "spark.sql.parquet.recordLevelFilter.enabled",
                "true",
                "spark.sql.parquet.enableVectorizedReader",
                "false"),
            () -> Outcome.of(spark.read().parquet(data).where(clause)));

    assertThat(floe)
        .isEqualTo(
            Outcome.rows(
                List.of("{\"id\":8,\"i\":8,\"s\":\"5\",\"dec\":4.00,\"day\":null,\"ts\":null}")));
    assertThat(parquetFilteringRows).as("Spark's Parquet source filtering rows").isEqualTo(floe);
    assertThat(iceberg).as("Iceberg's reader").isEqualTo(Outcome.error("CAST_INVALID_INPUT"));
    assertThat(parquet).as("Spark's vectorized Parquet source").isEqualTo(iceberg);
  }

  /** The rows of a query as sorted JSON, or the condition of the Spark error it fails with. */
  record Outcome(List<String> rows, String error) {
    static Outcome rows(List<String> rows) {
      return new Outcome(rows, null);
    }

    static Outcome error(String condition) {
      return new Outcome(null, condition);
    }

    static Outcome of(Dataset<Row> query) {
      try {
        return rows(Spark4Tables.rows(query));
      } catch (RuntimeException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
          if (cause instanceof SparkThrowable spark && spark.getCondition() != null) {
            return error(spark.getCondition().replaceAll("\\..*", ""));
          }
        }
        throw failure;
      }
    }
  }

  private static <T> T withAnsi(String ansi, Supplier<T> action) {
    return withConfs(Map.of(ANSI, ansi), action);
  }

  private static <T> T withConfs(Map<String, String> confs, Supplier<T> action) {
    SparkSession spark = Spark4Tables.spark();
    confs.forEach(spark.conf()::set);
    try {
      return action.get();
    } finally {
      confs.keySet().forEach(spark.conf()::unset);
    }
  }
}
