package dev.floe.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.QueryExecution;

/**
 * Times {@code SELECT count(*)} on the delete benchmark's tables (the base table without deletes,
 * and one table each with deletion vectors, position delete files and equality delete files) with
 * Floe, with Floe's pushdown turned off, with Apache Iceberg's Spark reader at its defaults, and on
 * the base table with Spark's Parquet reader. Run it with {@code bin/bench-count}
 * (docs/benchmarks.md); {@link CountBenchmarkSettings} lists the system properties that size it.
 *
 * <p>Every count is compared with the rows the table must hold, computed from the ids written and
 * deleted: a reader that fails or counts wrongly gets no time, and the run ends with exit status 1
 * after the report. The report also says what each plan read, from its batch scan's description.
 */
public final class CountBenchmark {
  private CountBenchmark() {}

  /** One timed count by one reader on one table, and what its plan read (null if it failed). */
  private record Counted(ReadOutcome outcome, CountPlan plan) {}

  public static void main(String[] arguments) throws IOException {
    CountBenchmarkSettings settings = CountBenchmarkSettings.from(System.getProperties());
    ReadBenchmarkSettings sizes = settings.sizes();
    PrintStream out = System.out;
    List<String> problems;
    boolean wrongAnswer;
    try (BenchmarkWorkspace workspace =
        BenchmarkWorkspace.open(sizes.workDirectory(), "floe-count-bench")) {
      SparkSession spark = workspace.spark().session();
      DeleteTableWriter writer =
          new DeleteTableWriter(workspace.spark(), new EventsDeleteBase(sizes), out);
      List<DeleteBenchmarkTable> tables =
          writer.prepare(settings.kinds(), List.of(settings.deletedPercent()));
      List<CountReader> readers = readers(settings);
      String loadBefore = DeleteReadBenchmark.loadAverage();
      Measurement measurement = measure(spark, settings, readers, tables, out);
      String load =
          "Load average (1, 5, 15 min) before the counts: "
              + loadBefore
              + "; after: "
              + DeleteReadBenchmark.loadAverage()
              + ".";
      BenchmarkWorkspace.publish(
          report(settings, readers, tables, measurement, load), sizes.markdownOutput(), out);
      problems = measurement.problems();
      wrongAnswer =
          measurement.results().hasWrongAnswer() || !measurement.disagreements().isEmpty();
    }
    BenchmarkWorkspace.exitOnProblems(
        String.format(Locale.ROOT, "COUNT BENCHMARK: %d problem(s)", problems.size()),
        problems,
        wrongAnswer ? "AND AT LEAST ONE WRONG COUNT" : null);
  }

  private static List<CountReader> readers(CountBenchmarkSettings settings) {
    List<CountReader> readers = new ArrayList<>(List.of(CountReader.values()));
    if (!settings.rowByRow()) {
      readers.remove(CountReader.FLOE_ROW_BY_ROW);
    }
    return readers;
  }

  /**
   * The figures of a run.
   *
   * @param plans per table (in order), what each reader's last run read
   * @param disagreements tables on which the readers that answered gave different counts
   */
  private record Measurement(
      ReadReportTable results,
      List<Map<CountReader, CountPlan>> plans,
      List<Map<CountReader, ReadOutcome>> outcomes,
      List<String> disagreements) {
    Measurement {
      Objects.requireNonNull(results, "results");
      plans = List.copyOf(plans);
      outcomes = List.copyOf(outcomes);
      disagreements = List.copyOf(disagreements);
    }

    List<String> problems() {
      List<String> problems = new ArrayList<>(results.problems());
      problems.addAll(disagreements);
      return problems;
    }
  }

  /**
   * Warm-up rounds, then measured rounds; each round counts every table once with every reader,
   * starting with another reader each round. Interleaving spreads the JVM's warm-up and the shared
   * machine's changing load over every reader and table alike: timed one table after another, the
   * first table measured was about twice as slow as the same table measured last.
   */
  private static Measurement measure(
      SparkSession spark,
      CountBenchmarkSettings settings,
      List<CountReader> readers,
      List<DeleteBenchmarkTable> tables,
      PrintStream out) {
    ReadTimer once = new ReadTimer(0, 1);
    int warmupRounds = settings.sizes().warmupRuns();
    int rounds = warmupRounds + settings.sizes().measuredRuns();
    List<Map<CountReader, ReadSeries>> series = new ArrayList<>();
    List<Map<CountReader, CountPlan>> plans = new ArrayList<>();
    for (int index = 0; index < tables.size(); index++) {
      series.add(new EnumMap<>(CountReader.class));
      plans.add(new EnumMap<>(CountReader.class));
    }
    for (int round = 0; round < rounds; round++) {
      boolean measured = round >= warmupRounds;
      out.printf(
          Locale.ROOT,
          "%s round %d of %d%n",
          measured ? "Measured" : "Warm-up",
          measured ? round - warmupRounds + 1 : round + 1,
          measured ? rounds - warmupRounds : warmupRounds);
      for (int index = 0; index < tables.size(); index++) {
        DeleteBenchmarkTable table = tables.get(index);
        for (int position = 0; position < readers.size(); position++) {
          CountReader reader = readers.get((position + round) % readers.size());
          if (!reads(reader, table)) {
            continue;
          }
          Counted counted = time(once, spark, reader, table);
          if (measured) {
            series
                .get(index)
                .computeIfAbsent(reader, key -> new ReadSeries())
                .add(counted.outcome());
            if (counted.plan() != null) {
              plans.get(index).put(reader, counted.plan());
            }
          }
        }
      }
    }
    int floe = readers.indexOf(CountReader.FLOE);
    int iceberg = readers.indexOf(CountReader.ICEBERG);
    ReadReportTable results =
        new ReadReportTable(
            List.of("table", "deleted"),
            readers.stream().map(CountReader::label).toList(),
            List.of(
                new ReadReportTable.Ratio(floe, iceberg),
                new ReadReportTable.Ratio(iceberg, floe)));
    List<Map<CountReader, ReadOutcome>> outcomes = new ArrayList<>();
    List<String> disagreements = new ArrayList<>();
    for (int index = 0; index < tables.size(); index++) {
      DeleteBenchmarkTable table = tables.get(index);
      String expected = Long.toString(table.fixture().rowCount());
      Map<CountReader, ReadOutcome> tableOutcomes = new EnumMap<>(CountReader.class);
      List<ReadOutcome> row = new ArrayList<>();
      for (CountReader reader : readers) {
        if (!reads(reader, table)) {
          row.add(ReadOutcome.notApplicable("Spark's Parquet reader does not apply deletes"));
          continue;
        }
        ReadOutcome outcome =
            series.get(index).get(reader).outcome().checkedAgainst(expected, "expected");
        row.add(outcome);
        tableOutcomes.put(reader, outcome);
      }
      disagreement(table, tableOutcomes).ifPresent(disagreements::add);
      results.add(List.of(table.label(), table.deletedPercent() + "%"), row);
      outcomes.add(tableOutcomes);
    }
    return new Measurement(results, plans, outcomes, disagreements);
  }

  /** Spark's Parquet reader counts only the table without deletes: it cannot apply them. */
  private static boolean reads(CountReader reader, DeleteBenchmarkTable table) {
    return reader != CountReader.SPARK_PARQUET || !table.hasDeletes();
  }

  /** The readers' counts, when not every reader that answered counted the same. */
  private static Optional<String> disagreement(
      DeleteBenchmarkTable table, Map<CountReader, ReadOutcome> outcomes) {
    Set<String> answers = new LinkedHashSet<>();
    StringBuilder counts = new StringBuilder();
    outcomes.forEach(
        (reader, outcome) -> {
          if (outcome.answer() != null) {
            answers.add(outcome.answer());
            counts
                .append(counts.length() == 0 ? "" : ", ")
                .append(reader.label())
                .append(' ')
                .append(outcome.answer());
          }
        });
    return answers.size() > 1
        ? Optional.of(
            "WRONG COUNT: " + table.label() + ": the readers counted differently: " + counts)
        : Optional.empty();
  }

  /** Times the count; the plan of the last run is read after the timed region. */
  private static Counted time(
      ReadTimer timer, SparkSession spark, CountReader reader, DeleteBenchmarkTable table) {
    AtomicReference<QueryExecution> lastRun = new AtomicReference<>();
    ReadCase count =
        new ReadCase(
            "COUNT(*)",
            rows -> {
              // collect, not first(): first() would plan and run another query than this one
              Dataset<Row> counted = rows.selectExpr("count(*)");
              long answer = counted.collectAsList().get(0).getLong(0);
              lastRun.set(counted.queryExecution());
              return Long.toString(answer);
            });
    ReadOutcome outcome =
        timer.measure(count, () -> reader.load(spark, table.fixture(), table.dataFiles()));
    QueryExecution execution = lastRun.get();
    return new Counted(outcome, execution == null ? null : CountPlan.of(execution.executedPlan()));
  }

  private static String report(
      CountBenchmarkSettings settings,
      List<CountReader> readers,
      List<DeleteBenchmarkTable> tables,
      Measurement measurement,
      String load) {
    ReadBenchmarkSettings sizes = settings.sizes();
    StringBuilder text = new StringBuilder();
    text.append("## COUNT(*): Floe vs Iceberg's Spark reader vs Spark's Parquet reader\n\n");
    text.append(
        String.format(
            Locale.ROOT,
            "`SELECT count(*)` (`df.selectExpr(\"count(*)\")`, which Spark offers to the source as"
                + " a pushed aggregate) on each table: the same %,d rows in %d Parquet files,"
                + " columns `%s`, unpartitioned; in a table with deletes the rows with `id %% %d ="
                + " 0` deleted. Spark %s, local[2], Java %s, every reader at its defaults (Floe"
                + " also with `%s=false`). Median of %d runs after %d warm-up rounds"
                + " (each round counts every table with every reader, interleaved), ms [min-max]. Every count was checked against"
                + " the rows computed from the ids written and deleted.%n%n",
            sizes.rows(),
            sizes.files(),
            EventsTable.COLUMNS,
            100 / settings.deletedPercent(),
            org.apache.spark.package$.MODULE$.SPARK_VERSION(),
            System.getProperty("java.version"),
            CountReader.AGGREGATE_PUSH_DOWN,
            sizes.measuredRuns(),
            sizes.warmupRuns()));
    for (DeleteBenchmarkTable table : tables) {
      text.append(
          String.format(
              Locale.ROOT,
              "- `%s` (%s, %d%% deleted, %,d live rows): %s%n",
              table.fixture().name(),
              table.label(),
              table.deletedPercent(),
              table.fixture().rowCount(),
              table.summary()));
    }
    text.append('\n').append(load).append("\n\n").append(measurement.results().markdown());
    text.append('\n');
    for (int index = 0; index < tables.size(); index++) {
      Map<CountReader, ReadOutcome> outcomes = measurement.outcomes().get(index);
      text.append("- ").append(tables.get(index).label()).append(": ");
      text.append(comparison(outcomes, CountReader.ICEBERG, "Iceberg"));
      if (outcomes.containsKey(CountReader.FLOE_ROW_BY_ROW)) {
        text.append("; ")
            .append(comparison(outcomes, CountReader.FLOE_ROW_BY_ROW, "its own row-by-row count"));
      }
      if (outcomes.containsKey(CountReader.SPARK_PARQUET)) {
        text.append("; ")
            .append(comparison(outcomes, CountReader.SPARK_PARQUET, "Spark's Parquet reader"));
      }
      text.append('\n');
    }
    text.append("\nWhat each count read (the last measured run's plan):\n\n");
    text.append("| table |");
    readers.forEach(reader -> text.append(' ').append(reader.label()).append(" |"));
    text.append("\n|---|").append("---|".repeat(readers.size())).append('\n');
    for (int index = 0; index < tables.size(); index++) {
      Map<CountReader, CountPlan> plans = measurement.plans().get(index);
      text.append("| ").append(tables.get(index).label()).append(" |");
      for (CountReader reader : readers) {
        CountPlan plan = plans.get(reader);
        text.append(' ').append(plan == null ? "-" : plan.summary()).append(" |");
      }
      text.append('\n');
    }
    return text.toString();
  }

  private static String comparison(
      Map<CountReader, ReadOutcome> outcomes, CountReader other, String otherName) {
    ReadOutcome floe = outcomes.get(CountReader.FLOE);
    ReadOutcome theirs = outcomes.get(other);
    if (floe == null || theirs == null || !floe.succeeded() || !theirs.succeeded()) {
      return "no comparison with " + otherName + " (a reader has no figure)";
    }
    return new Speedup(floe.medianMillis(), theirs.medianMillis()).phrase(otherName);
  }
}
