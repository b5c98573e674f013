package dev.floe.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.sql.SparkSession;

/**
 * The figures of a suite run: per case, each reader's outcome (checked) and what Floe's scan said
 * it planned.
 *
 * @param cases the cases, in report order
 * @param outcomes per case, each timed reader's checked outcome (in the readers' order)
 * @param floePlans per case, the descriptions of Floe's batch scans (pruning counts)
 */
record LineitemMeasurement(
    ReadReportTable results,
    List<LineitemCase> cases,
    List<Map<BenchmarkReader, ReadOutcome>> outcomes,
    List<List<String>> floePlans) {
  LineitemMeasurement {
    Objects.requireNonNull(results, "results");
    cases = List.copyOf(cases);
    outcomes = List.copyOf(outcomes);
    floePlans = List.copyOf(floePlans);
  }

  List<String> problems() {
    return results.problems();
  }

  /**
   * The plans first, when Comet is timed ({@link CometPlanCheck}); then warm-up rounds and measured
   * rounds ({@link LineitemRounds}); each round runs every case once with every reader, starting
   * with another reader each round. Interleaving spreads the JVM's warm-up and the shared machine's
   * changing load over every reader and case alike (timed one after another, the first table
   * measured was about twice as slow as the same table measured last).
   */
  static LineitemMeasurement run(
      SparkSession spark,
      List<LineitemCase> cases,
      List<BenchmarkReader> readers,
      int warmupRounds,
      int runs,
      PrintStream out) {
    LineitemRounds rounds =
        new LineitemRounds(
            spark, cases, readers, CometPlanCheck.settle(spark, cases, readers, out));
    for (int round = 0; round < warmupRounds + runs; round++) {
      boolean measured = round >= warmupRounds;
      long start = System.nanoTime();
      rounds.run(round, measured);
      out.printf(
          Locale.ROOT,
          "%s round %d of %d: %.1f s%n",
          measured ? "Measured" : "Warm-up",
          measured ? round - warmupRounds + 1 : round + 1,
          measured ? runs : warmupRounds,
          (System.nanoTime() - start) / 1e9);
    }
    ReadReportTable results =
        new ReadReportTable(
            List.of("table", "case"),
            readers.stream().map(BenchmarkReader::label).toList(),
            ratios(readers));
    List<Map<BenchmarkReader, ReadOutcome>> outcomes = new ArrayList<>();
    List<List<String>> plans = new ArrayList<>();
    for (int index = 0; index < cases.size(); index++) {
      LineitemCase suiteCase = cases.get(index);
      Map<BenchmarkReader, ReadOutcome> checked = check(suiteCase, readers, rounds.outcomes(index));
      outcomes.add(checked);
      results.add(
          List.of(tableLabel(suiteCase), suiteCase.name()),
          readers.stream().map(checked::get).toList());
      List<String> plan = floePlan(spark, suiteCase);
      out.printf("Floe's scan for %s: %s%n", suiteCase.label(), String.join(" | ", plan));
      plans.add(plan);
    }
    return new LineitemMeasurement(results, cases, outcomes, plans);
  }

  /**
   * The report's ratios of medians: Floe/Iceberg, Floe/Spark Parquet, Iceberg/Floe, then Floe over
   * each other reader timed (Comet, the in-memory floor, Floe without its checks, Floe handing rows
   * to Spark) and, with the last, that one over Iceberg: its reader's share without pushdown; with
   * Floe under Comet's operators, that one over Comet: Floe's scan against Comet's own.
   */
  static List<ReadReportTable.Ratio> ratios(List<BenchmarkReader> readers) {
    int floe = readers.indexOf(BenchmarkReader.FLOE);
    List<ReadReportTable.Ratio> ratios =
        new ArrayList<>(
            List.of(
                new ReadReportTable.Ratio(floe, readers.indexOf(BenchmarkReader.ICEBERG)),
                new ReadReportTable.Ratio(floe, readers.indexOf(BenchmarkReader.SPARK_PARQUET)),
                new ReadReportTable.Ratio(readers.indexOf(BenchmarkReader.ICEBERG), floe)));
    for (BenchmarkReader other :
        List.of(
            BenchmarkReader.COMET,
            BenchmarkReader.IN_MEMORY,
            BenchmarkReader.FLOE_WITHOUT_CHECKSUMS,
            BenchmarkReader.FLOE_ROWS)) {
      if (readers.contains(other)) {
        ratios.add(new ReadReportTable.Ratio(floe, readers.indexOf(other)));
      }
    }
    if (readers.contains(BenchmarkReader.FLOE_ROWS)) {
      ratios.add(
          new ReadReportTable.Ratio(
              readers.indexOf(BenchmarkReader.FLOE_ROWS),
              readers.indexOf(BenchmarkReader.ICEBERG)));
    }
    if (readers.contains(BenchmarkReader.FLOE_COMET)) {
      ratios.add(
          new ReadReportTable.Ratio(
              readers.indexOf(BenchmarkReader.FLOE_COMET), readers.indexOf(BenchmarkReader.COMET)));
    }
    return ratios;
  }

  static String tableLabel(LineitemCase suiteCase) {
    DeleteBenchmarkTable table = suiteCase.table();
    return table.hasDeletes() ? table.label() + ", " + table.deletedPercent() + "%" : table.label();
  }

  /**
   * The reference is the expected answer where one was computed, else Spark's Parquet reader's,
   * else Iceberg's: every reader that answers otherwise gets no figure.
   */
  private static Map<BenchmarkReader, ReadOutcome> check(
      LineitemCase suiteCase,
      List<BenchmarkReader> readers,
      Map<BenchmarkReader, ReadOutcome> raw) {
    String reference = suiteCase.expected();
    String referenceName = "expected";
    if (reference == null) {
      for (BenchmarkReader reader :
          List.of(BenchmarkReader.SPARK_PARQUET, BenchmarkReader.ICEBERG)) {
        if (raw.get(reader).succeeded()) {
          reference = raw.get(reader).answer();
          referenceName = reader.label();
          break;
        }
      }
    }
    Map<BenchmarkReader, ReadOutcome> checked = new EnumMap<>(BenchmarkReader.class);
    for (BenchmarkReader reader : readers) {
      checked.put(reader, raw.get(reader).checkedAgainst(reference, referenceName));
    }
    return checked;
  }

  /** Floe's batch scan descriptions for the case's query, planned but not run. */
  private static List<String> floePlan(SparkSession spark, LineitemCase suiteCase) {
    try {
      return CountPlan.of(
              suiteCase
                  .query()
                  .apply(
                      BenchmarkReader.FLOE.load(
                          spark, suiteCase.table().fixture(), suiteCase.table().dataFiles()))
                  .queryExecution()
                  .executedPlan())
          .scanDescriptions();
    } catch (RuntimeException e) {
      return List.of("no plan: " + ReadTimer.rootMessage(e));
    }
  }
}
