package dev.floe.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The issue-8 suite's Markdown report, its check of the targets, and its chart. */
final class LineitemReport {
  static final double READ_TARGET = 0.9;
  static final double SPARK_PARQUET_TARGET = 1.1;
  static final double DELETES_TARGET = 0.7;
  static final double COUNT_SPEEDUP_TARGET = 20;

  /** Floe's page checks on the lineitem full scan: at most this much slower than without. */
  static final double CHECKSUM_COST_TARGET_PERCENT = 3;

  private LineitemReport() {}

  static String markdown(
      LineitemBenchmarkSettings settings,
      List<DeleteBenchmarkTable> tables,
      LineitemMeasurement measurement,
      String load,
      double seconds) {
    ReadBenchmarkSettings sizes = settings.sizes();
    StringBuilder text = new StringBuilder();
    text.append(
        "## Issue 8 read suite: Floe vs Iceberg's Spark reader vs Spark's Parquet reader\n\n");
    text.append(
        String.format(
            Locale.ROOT,
            "Spark %s, local[2], Java %s, %d available processors, max heap %.1f GB; Iceberg's"
                + " reader at its defaults (vectorized; executor cache for delete files %s)."
                + " Median of %d measured rounds after %d warm-up round(s), each round running"
                + " every case with every reader (interleaved), ms [min-max]. Answers were checked"
                + " first: on tables with deletes against the answer computed with Spark's Parquet"
                + " reader from the data files minus the deleted rows (COUNT: from the row count),"
                + " elsewhere against Spark's Parquet reader's answer. The whole run took %.1f"
                + " minutes.%n%n",
            org.apache.spark.package$.MODULE$.SPARK_VERSION(),
            System.getProperty("java.version"),
            Runtime.getRuntime().availableProcessors(),
            Runtime.getRuntime().maxMemory() / 1e9,
            settings.deletes().icebergExecutorCache() ? "on" : "off",
            sizes.measuredRuns(),
            sizes.warmupRuns(),
            seconds / 60));
    for (DeleteBenchmarkTable table : tables) {
      text.append(
          String.format(
              Locale.ROOT,
              "- `%s` (%s%s, %,d live rows): %s%n",
              table.fixture().name(),
              table.label(),
              table.hasDeletes() ? ", " + table.deletedPercent() + "% deleted" : "",
              table.fixture().rowCount(),
              table.summary()));
    }
    text.append('\n').append(load).append("\n\n").append(measurement.results().markdown());
    if (settings.checksumCost()) {
      text.append("\nWhat Floe's page CRC-32 checks cost (Floe against Floe with")
          .append(" `verify-checksums=false`, medians and minimums; target: under ")
          .append(String.format(Locale.ROOT, "%.0f", CHECKSUM_COST_TARGET_PERCENT))
          .append(" % on the lineitem full scan):\n\n");
      for (String line : checksumCost(measurement)) {
        text.append("- ").append(line).append('\n');
      }
    }
    text.append("\nIssue 8's targets (Floe <= 0.9x Iceberg on every read, <= 1.1x Spark Parquet")
        .append(" without deletes, <= 0.7x Iceberg with deletes, COUNT(*) with deletion vectors")
        .append(" >= 20x faster than Iceberg):\n\n");
    for (String line : targets(measurement)) {
      text.append("- ").append(line).append('\n');
    }
    text.append("\nWhat Floe's scan planned for each case (its description):\n\n");
    for (int index = 0; index < measurement.cases().size(); index++) {
      text.append("- ")
          .append(measurement.cases().get(index).label())
          .append(": `")
          .append(
              String.join(
                      " | ",
                      measurement.floePlans().get(index).stream()
                          .map(LineitemReport::withoutLocation)
                          .toList())
                  .replace('`', '\''))
          .append("`\n");
    }
    return text.toString();
  }

  /**
   * One line per case Floe read with and without its checks: both medians and the difference in
   * percent, the same for the minimums (the least disturbed runs on a shared machine).
   */
  static List<String> checksumCost(LineitemMeasurement measurement) {
    List<String> lines = new ArrayList<>();
    for (int index = 0; index < measurement.cases().size(); index++) {
      Map<BenchmarkReader, ReadOutcome> outcomes = measurement.outcomes().get(index);
      ReadOutcome checked = outcomes.get(BenchmarkReader.FLOE);
      ReadOutcome unchecked = outcomes.get(BenchmarkReader.FLOE_WITHOUT_CHECKSUMS);
      if (unchecked == null || !checked.succeeded() || !unchecked.succeeded()) {
        continue;
      }
      double median = percentMore(checked.medianMillis(), unchecked.medianMillis());
      LineitemCase suiteCase = measurement.cases().get(index);
      String verdict =
          suiteCase.name().equals(LineitemCases.FULL_SCAN)
              ? median < CHECKSUM_COST_TARGET_PERCENT ? ": met" : ": MISSED"
              : "";
      lines.add(
          String.format(
              Locale.ROOT,
              "%s: median %.0f ms with checks, %.0f ms without: %+.1f %%%s; minimum %.0f against"
                  + " %.0f ms: %+.1f %%",
              suiteCase.label(),
              checked.medianMillis(),
              unchecked.medianMillis(),
              median,
              verdict,
              checked.minMillis(),
              unchecked.minMillis(),
              percentMore(checked.minMillis(), unchecked.minMillis())));
    }
    return lines;
  }

  private static double percentMore(double checked, double unchecked) {
    return (checked / unchecked - 1) * 100;
  }

  /** A scan description from its filter on: the table's directory and snapshot are noise here. */
  static String withoutLocation(String description) {
    int filter = description.indexOf("filter=");
    return filter < 0 ? description : description.substring(filter);
  }

  /** One line per case: each target it is held to, with its ratio, met or missed. */
  static List<String> targets(LineitemMeasurement measurement) {
    List<String> lines = new ArrayList<>();
    for (int index = 0; index < measurement.cases().size(); index++) {
      LineitemCase suiteCase = measurement.cases().get(index);
      Map<BenchmarkReader, ReadOutcome> outcomes = measurement.outcomes().get(index);
      double floeOverIceberg =
          outcomes.get(BenchmarkReader.FLOE).ratioTo(outcomes.get(BenchmarkReader.ICEBERG));
      double floeOverParquet =
          outcomes.get(BenchmarkReader.FLOE).ratioTo(outcomes.get(BenchmarkReader.SPARK_PARQUET));
      List<String> checks = new ArrayList<>();
      switch (suiteCase.goal()) {
        case READ -> {
          checks.add(atMost("Floe/Iceberg", floeOverIceberg, READ_TARGET));
          checks.add(atMost("Floe/Spark Parquet", floeOverParquet, SPARK_PARQUET_TARGET));
        }
        case DELETES -> checks.add(atMost("Floe/Iceberg", floeOverIceberg, DELETES_TARGET));
        case COUNT_WITH_DELETION_VECTORS -> {
          checks.add(atMost("Floe/Iceberg", floeOverIceberg, DELETES_TARGET));
          double speedup = 1 / floeOverIceberg;
          checks.add(
              Double.isNaN(speedup)
                  ? "Iceberg/Floe: no figure"
                  : String.format(
                      Locale.ROOT,
                      "Iceberg/Floe %.1f >= %.0f: %s",
                      speedup,
                      COUNT_SPEEDUP_TARGET,
                      speedup >= COUNT_SPEEDUP_TARGET ? "met" : "MISSED"));
        }
      }
      lines.add(suiteCase.label() + ": " + String.join("; ", checks));
    }
    return lines;
  }

  private static String atMost(String name, double ratio, double target) {
    if (Double.isNaN(ratio)) {
      return name + ": no figure";
    }
    return String.format(
        Locale.ROOT,
        "%s %.2f <= %.1f: %s",
        name,
        ratio,
        target,
        ratio <= target ? "met" : "MISSED");
  }

  static RatioChart chart(LineitemMeasurement measurement) {
    List<RatioChart.Bar> bars = new ArrayList<>();
    for (int index = 0; index < measurement.cases().size(); index++) {
      Map<BenchmarkReader, ReadOutcome> outcomes = measurement.outcomes().get(index);
      ReadOutcome floe = outcomes.get(BenchmarkReader.FLOE);
      bars.add(
          new RatioChart.Bar(
              measurement.cases().get(index).label(),
              floe.ratioTo(outcomes.get(BenchmarkReader.ICEBERG)),
              floe.ratioTo(outcomes.get(BenchmarkReader.SPARK_PARQUET))));
    }
    return new RatioChart(
        "Issue 8 read suite: Floe's time over Iceberg's and over Spark Parquet's (below 1: Floe"
            + " faster)",
        bars,
        List.of(
            new RatioChart.Target(SPARK_PARQUET_TARGET, "Floe/Spark Parquet target, no deletes"),
            new RatioChart.Target(READ_TARGET, "Floe/Iceberg target, every read"),
            new RatioChart.Target(DELETES_TARGET, "Floe/Iceberg target, with deletes"),
            new RatioChart.Target(
                1 / COUNT_SPEEDUP_TARGET, "Floe/Iceberg target, COUNT(*) with deletion vectors")));
  }
}
