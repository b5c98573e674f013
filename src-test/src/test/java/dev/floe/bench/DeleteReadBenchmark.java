package dev.floe.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;

/**
 * Reads merge-on-read tables (deletion vectors, position delete files, equality delete files; a
 * tenth and a half of the rows deleted, by default) with Floe and with Apache Iceberg's Spark
 * reader, and the same table without deletes with Spark's Parquet reader too, for context. Run it
 * with {@code bin/bench-deletes} (docs/benchmarks.md); {@link DeleteBenchmarkSettings} lists the
 * system properties that size it.
 *
 * <p>Every answer is compared with the answer the table must give, computed from the ids written
 * and deleted, before any figure is reported. A reader that fails or answers wrongly gets no time,
 * only the reason, and the run ends with exit status 1 after the report, so that no one reads past
 * a wrong answer.
 */
public final class DeleteReadBenchmark {
  private static final String ICEBERG_EXECUTOR_CACHE = "spark.sql.iceberg.executor-cache.enabled";

  private DeleteReadBenchmark() {}

  public static void main(String[] arguments) throws IOException {
    DeleteBenchmarkSettings settings = DeleteBenchmarkSettings.from(System.getProperties());
    ReadBenchmarkSettings sizes = settings.sizes();
    PrintStream out = System.out;
    List<String> problems;
    boolean wrongAnswer;
    try (BenchmarkWorkspace workspace =
        BenchmarkWorkspace.open(sizes.workDirectory(), "floe-delete-bench")) {
      SparkSession spark = workspace.spark().session();
      spark.conf().set(ICEBERG_EXECUTOR_CACHE, Boolean.toString(settings.icebergExecutorCache()));
      DeleteTableWriter writer =
          new DeleteTableWriter(workspace.spark(), new EventsDeleteBase(sizes), out);
      List<DeleteBenchmarkTable> tables =
          writer.prepare(settings.kinds(), settings.deletedPercents());
      String loadBefore = loadAverage();
      ReadReportTable results = measure(spark, settings, tables, out);
      String load =
          "Load average (1, 5, 15 min) before the reads: "
              + loadBefore
              + "; after: "
              + loadAverage()
              + ".";
      BenchmarkWorkspace.publish(
          report(settings, tables, results, load), sizes.markdownOutput(), out);
      problems = results.problems();
      wrongAnswer = results.hasWrongAnswer();
    }
    BenchmarkWorkspace.exitOnProblems(
        String.format(
            Locale.ROOT, "DELETE BENCHMARK: %d case(s) without a figure", problems.size()),
        problems,
        wrongAnswer ? "AND AT LEAST ONE WRONG ANSWER" : null);
  }

  private static ReadReportTable measure(
      SparkSession spark,
      DeleteBenchmarkSettings settings,
      List<DeleteBenchmarkTable> tables,
      PrintStream out) {
    List<BenchmarkReader> readers = BenchmarkReader.COMPARED;
    ReadReportTable results =
        new ReadReportTable(
            List.of("table", "deleted", "case"),
            readers.stream().map(BenchmarkReader::label).toList(),
            List.of(new ReadReportTable.Ratio(0, 1), new ReadReportTable.Ratio(0, 2)));
    ReadTimer timer = new ReadTimer(settings.sizes().warmupRuns(), settings.sizes().measuredRuns());
    for (DeleteBenchmarkTable table : tables) {
      EventsSummary expected = table.expected(settings.sizes().rows());
      List<ReadCase> cases =
          List.of(
              new ReadCase(
                  "aggregate: " + String.join(", ", EventsSummary.QUERY),
                  rows -> EventsSummary.of(rows.selectExpr(EventsSummary.QUERY).first()).answer()),
              new ReadCase("COUNT(*)", rows -> Long.toString(rows.count())));
      List<String> expectedAnswers = List.of(expected.answer(), Long.toString(expected.rows()));
      for (int index = 0; index < cases.size(); index++) {
        ReadCase readCase = cases.get(index);
        List<ReadOutcome> row = new ArrayList<>();
        for (BenchmarkReader reader : readers) {
          if (reader == BenchmarkReader.SPARK_PARQUET && table.hasDeletes()) {
            row.add(ReadOutcome.notApplicable("Spark's Parquet reader does not apply deletes"));
            continue;
          }
          out.printf(
              "%s, %d%% deleted, %s: %s ...%n",
              table.label(), table.deletedPercent(), readCase.name(), reader.label());
          ReadOutcome outcome =
              timer.measure(readCase, () -> reader.load(spark, table.fixture(), table.dataFiles()));
          row.add(outcome.checkedAgainst(expectedAnswers.get(index), "expected"));
        }
        results.add(List.of(table.label(), table.deletedPercent() + "%", readCase.name()), row);
      }
    }
    return results;
  }

  private static String report(
      DeleteBenchmarkSettings settings,
      List<DeleteBenchmarkTable> tables,
      ReadReportTable results,
      String load) {
    ReadBenchmarkSettings sizes = settings.sizes();
    StringBuilder text = new StringBuilder();
    text.append("## Delete-heavy reads: Floe vs Iceberg's Spark reader\n\n");
    text.append(
        String.format(
            Locale.ROOT,
            "Each table: the same %,d rows in %d Parquet files (zstd, written once by Iceberg's"
                + " Spark SQL), columns `%s`, unpartitioned; the rows with `id %% (100 / percent) ="
                + " 0` deleted. Spark %s, local[2], Java %s,"
                + " Iceberg executor cache for delete files %s. Median of %d runs after %d"
                + " warm-up, ms [min-max]. Every answer was checked against the answer computed"
                + " from the ids written and deleted.%n%n",
            sizes.rows(),
            sizes.files(),
            EventsTable.COLUMNS,
            org.apache.spark.package$.MODULE$.SPARK_VERSION(),
            System.getProperty("java.version"),
            settings.icebergExecutorCache() ? "on (Iceberg's default)" : "off",
            sizes.measuredRuns(),
            sizes.warmupRuns()));
    for (DeleteBenchmarkTable table : tables) {
      text.append(
          String.format(
              Locale.ROOT,
              "- `%s` (%s, %d%% deleted): %s%n",
              table.fixture().name(),
              table.label(),
              table.deletedPercent(),
              table.summary()));
    }
    text.append('\n').append(load).append("\n\n").append(results.markdown());
    return text.toString();
  }

  /** The machine is shared: the report says how busy it was (also for the count benchmark). */
  static String loadAverage() {
    Path file = Path.of("/proc/loadavg");
    try {
      String[] fields = Files.readString(file).trim().split("\\s+");
      return String.join(", ", fields[0], fields[1], fields[2]);
    } catch (IOException | RuntimeException e) {
      return "unknown (" + file + ": " + e.getMessage() + ")";
    }
  }
}
