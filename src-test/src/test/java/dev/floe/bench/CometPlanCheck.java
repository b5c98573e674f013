package dev.floe.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * Before any time is taken, the plan of every lineitem case under every reader, when Comet is one
 * of them: Comet's must hold its native Iceberg scan, or Comet fell back and its time would be
 * Iceberg's (the case gets "fell back" and Comet's reason instead of a figure); Floe under Comet's
 * operators must have them above Floe's scan, or it would time Floe alone; every other reader's
 * plan, made with Comet off, must hold no Comet operator, or the suite's switch is broken and that
 * reader gets no figure.
 */
final class CometPlanCheck {
  private CometPlanCheck() {}

  /**
   * Per case, the outcomes the plans settle before any run: Comet's when it falls back, and a
   * failure for any other reader that went through Comet. Empty maps when Comet is not timed.
   */
  static List<Map<BenchmarkReader, ReadOutcome>> settle(
      SparkSession spark,
      List<LineitemCase> cases,
      List<BenchmarkReader> readers,
      PrintStream out) {
    List<Map<BenchmarkReader, ReadOutcome>> settled = new ArrayList<>();
    for (LineitemCase suiteCase : cases) {
      Map<BenchmarkReader, ReadOutcome> outcomes = new EnumMap<>(BenchmarkReader.class);
      if (readers.contains(BenchmarkReader.COMET)) {
        for (BenchmarkReader reader : readers) {
          if (suiteCase.readBy(reader)) {
            check(spark, suiteCase, reader, out, outcomes);
          }
        }
      }
      settled.add(outcomes);
    }
    return settled;
  }

  private static void check(
      SparkSession spark,
      LineitemCase suiteCase,
      BenchmarkReader reader,
      PrintStream out,
      Map<BenchmarkReader, ReadOutcome> outcomes) {
    CometPlan plan;
    try {
      plan =
          switch (reader) {
            case COMET -> Comet.enabled(spark, () -> plan(spark, suiteCase, reader));
            case FLOE_COMET ->
                Comet.enabledAboveSparkScans(spark, () -> plan(spark, suiteCase, reader));
            default -> plan(spark, suiteCase, reader);
          };
    } catch (RuntimeException e) {
      outcomes.put(reader, ReadOutcome.failed("cannot plan: " + ReadTimer.rootMessage(e)));
      return;
    }
    if (reader == BenchmarkReader.COMET) {
      if (plan.nativeIcebergScan()) {
        out.printf("Comet runs %s natively: %s%n", suiteCase.label(), plan.operators());
      } else {
        out.printf("Comet FELL BACK on %s: %s%n", suiteCase.label(), plan.fallbackReason());
        outcomes.put(reader, ReadOutcome.fellBack(plan.fallbackReason()));
      }
    } else if (reader == BenchmarkReader.FLOE_COMET) {
      if (plan.nativeAboveSparkScan()) {
        out.printf("Comet runs %s natively above Floe: %s%n", suiteCase.label(), plan.operators());
      } else {
        String reason = plan.aboveSparkScanFallbackReason();
        out.printf("Comet FELL BACK above Floe on %s: %s%n", suiteCase.label(), reason);
        outcomes.put(reader, ReadOutcome.fellBack(reason));
      }
    } else if (!plan.operators().isEmpty()) {
      outcomes.put(
          reader,
          ReadOutcome.failed(
              "went through Comet with " + Comet.ENABLED + "=false: " + plan.operators()));
    }
  }

  private static CometPlan plan(
      SparkSession spark, LineitemCase suiteCase, BenchmarkReader reader) {
    DeleteBenchmarkTable table = suiteCase.table();
    return CometPlan.of(
        suiteCase
            .query()
            .apply(reader.load(spark, table.fixture(), table.dataFiles()))
            .queryExecution()
            .executedPlan());
  }
}
