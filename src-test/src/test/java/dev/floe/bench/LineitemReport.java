package dev.floe.bench;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The issue-8 suite's Markdown report, its check of issue 26's targets, and its chart. */
final class LineitemReport {
  /** Every case: Floe at most this over Comet. */
  static final double COMET_TARGET = 0.75;

  /** Reads of lineitem without deletes: Floe at most this over Iceberg. */
  static final double READ_TARGET = 0.6;

  /** Reads of the nested table: Floe at most this over Iceberg. */
  static final double NESTED_TARGET = 0.8;

  /** Reads of the nested table: Floe at most this over Spark's Parquet reader. */
  static final double NESTED_SPARK_PARQUET_TARGET = 1.0;

  /** Full scans: Floe at most this over the in-memory floor. */
  static final double FLOOR_TARGET = 1.5;

  /** Scans of merge-on-read tables: Floe at most this over Iceberg. */
  static final double DELETES_TARGET = 0.4;

  /** COUNT(*) with deletion vectors or position deletes: Floe at most this over Iceberg. */
  static final double COUNT_WITH_DELETES_TARGET = 0.05;

  static final String TARGETS =
      "Issue 26's targets: on every case Floe <= 0.75x Comet; reads of lineitem <= 0.6x Iceberg;"
          + " nested reads <= 0.8x Iceberg and <= 1.0x Spark Parquet; full scans within 1.5x of"
          + " the in-memory floor; scans with deletes <= 0.4x Iceberg; COUNT(*) with deletion"
          + " vectors or position deletes <= 0.05x Iceberg";

  /** Floe's page checks on the lineitem full scan: at most this much slower than without. */
  static final double CHECKSUM_COST_TARGET_PERCENT = 3;

  private LineitemReport() {}

  static String markdown(
      LineitemBenchmarkSettings settings,
      List<DeleteBenchmarkTable> tables,
      LineitemMeasurement measurement,
      String load,
      double seconds) {
    StringBuilder text = new StringBuilder();
    text.append("## Issue 8 read suite: Floe vs Iceberg's Spark reader, Comet, Spark's Parquet")
        .append(" reader and the in-memory floor\n\n")
        .append(introduction(settings, seconds));
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
    if (settings.comet()) {
      text.append("\nWhere Comet ran its native Iceberg scan (")
          .append(CometPlan.NATIVE_ICEBERG_SCAN)
          .append("), checked in each case's plan before any time was taken (every other")
          .append(" reader's plan, made with Comet off, held no Comet operator, or that reader")
          .append(" would have no figure):\n\n");
      for (String line : cometCoverage(measurement)) {
        text.append("- ").append(line).append('\n');
      }
    }
    if (settings.floeUnderComet()) {
      text.append("\nWhere Comet ran its operators above Floe's scan (")
          .append(CometPlan.conversionNames())
          .append(" and at least one operator of the query's), checked the same way:\n\n");
      for (String line : cometCoverage(measurement, BenchmarkReader.FLOE_COMET)) {
        text.append("- ").append(line).append('\n');
      }
    }
    text.append('\n').append(TARGETS).append(":\n\n");
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

  /** Versions, settings, how the figures were taken and checked. */
  static String introduction(LineitemBenchmarkSettings settings, double seconds) {
    ReadBenchmarkSettings sizes = settings.sizes();
    StringBuilder text = new StringBuilder();
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
                + " minutes.",
            org.apache.spark.package$.MODULE$.SPARK_VERSION(),
            System.getProperty("java.version"),
            Runtime.getRuntime().availableProcessors(),
            Runtime.getRuntime().maxMemory() / 1e9,
            settings.deletes().icebergExecutorCache() ? "on" : "off",
            sizes.measuredRuns(),
            sizes.warmupRuns(),
            seconds / 60));
    if (settings.comet()) {
      text.append(" Comet: Iceberg's reader with Apache DataFusion Comet 0.12.0's native Iceberg")
          .append(" scan (iceberg-rust), with ")
          .append(settingsList(Comet.sessionSettings()))
          .append("; `")
          .append(Comet.ENABLED)
          .append("` is true only around Comet's queries, yet the off-heap memory Comet needs")
          .append(" serves Spark's own operators under every reader.");
      if (settings.floeUnderComet()) {
        text.append(" Floe + Comet exec: Floe's scan with Comet's native operators above it, Comet")
            .append(" converting Floe's batches to Arrow (")
            .append(settingsList(Comet.aboveSparkScans()))
            .append(" around its queries only); on the aggregates.");
      }
    }
    if (settings.inMemory()) {
      text.append(" In memory: the same query over the table's rows already in Spark's")
          .append(" in-memory columnar cache (read with Spark's Parquet reader, MEMORY_ONLY,")
          .append(" counted before the table's first timed query in each round): what Spark's")
          .append(" operators cost without decoding; tables without deletes only.");
    }
    return text.append("\n\n").toString();
  }

  /** Settings as the report writes them: {@code `name=value`}, joined by commas. */
  private static String settingsList(Map<String, String> settings) {
    return String.join(
        ", ",
        settings.entrySet().stream()
            .map(setting -> "`" + setting.getKey() + "=" + setting.getValue() + "`")
            .toList());
  }

  /** One line per case Comet was timed on: native, or fell back and why. */
  static List<String> cometCoverage(LineitemMeasurement measurement) {
    return cometCoverage(measurement, BenchmarkReader.COMET);
  }

  /** The same for a reader Comet runs ({@link BenchmarkReader#COMET} or Floe under it). */
  static List<String> cometCoverage(LineitemMeasurement measurement, BenchmarkReader reader) {
    List<String> lines = new ArrayList<>();
    for (int index = 0; index < measurement.cases().size(); index++) {
      ReadOutcome comet = measurement.outcomes().get(index).get(reader);
      if (comet == null || comet.status() == ReadOutcome.Status.NOT_APPLICABLE) {
        continue;
      }
      String label = measurement.cases().get(index).label();
      lines.add(
          switch (comet.status()) {
            case FELL_BACK, FAILED, WRONG_ANSWER -> label + ": " + comet.note();
            case MEASURED -> label + ": native";
            case NOT_APPLICABLE -> label + ": not run";
          });
    }
    return lines;
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
      List<String> checks = new ArrayList<>();
      checks.add(check(outcomes, BenchmarkReader.COMET, COMET_TARGET));
      switch (suiteCase.goal()) {
        case READ -> checks.add(check(outcomes, BenchmarkReader.ICEBERG, READ_TARGET));
        case FULL_SCAN -> {
          checks.add(check(outcomes, BenchmarkReader.ICEBERG, READ_TARGET));
          checks.add(check(outcomes, BenchmarkReader.IN_MEMORY, FLOOR_TARGET));
        }
        case NESTED -> {
          checks.add(check(outcomes, BenchmarkReader.ICEBERG, NESTED_TARGET));
          checks.add(check(outcomes, BenchmarkReader.SPARK_PARQUET, NESTED_SPARK_PARQUET_TARGET));
        }
        case NESTED_FULL_SCAN -> {
          checks.add(check(outcomes, BenchmarkReader.ICEBERG, NESTED_TARGET));
          checks.add(check(outcomes, BenchmarkReader.SPARK_PARQUET, NESTED_SPARK_PARQUET_TARGET));
          checks.add(check(outcomes, BenchmarkReader.IN_MEMORY, FLOOR_TARGET));
        }
        case DELETES -> checks.add(check(outcomes, BenchmarkReader.ICEBERG, DELETES_TARGET));
        case COUNT_WITH_DELETES ->
            checks.add(check(outcomes, BenchmarkReader.ICEBERG, COUNT_WITH_DELETES_TARGET));
      }
      lines.add(suiteCase.label() + ": " + String.join("; ", checks));
    }
    return lines;
  }

  /** Floe over {@code other} against a target, or why there is no figure to hold to it. */
  private static String check(
      Map<BenchmarkReader, ReadOutcome> outcomes, BenchmarkReader other, double target) {
    String name = "Floe/" + other.label();
    ReadOutcome theirs = outcomes.get(other);
    if (theirs == null) {
      return name + ": not run";
    }
    if (theirs.status() == ReadOutcome.Status.FELL_BACK) {
      return name + ": no figure (" + other.label() + " fell back)";
    }
    double ratio = outcomes.get(BenchmarkReader.FLOE).ratioTo(theirs);
    if (Double.isNaN(ratio)) {
      return name + ": no figure";
    }
    return String.format(
        Locale.ROOT,
        "%s %.2f <= %s: %s",
        name,
        ratio,
        BigDecimal.valueOf(target).stripTrailingZeros().toPlainString(),
        ratio <= target ? "met" : "MISSED");
  }

  static RatioChart chart(LineitemMeasurement measurement) {
    List<RatioChart.Bar> bars = new ArrayList<>();
    for (int index = 0; index < measurement.cases().size(); index++) {
      Map<BenchmarkReader, ReadOutcome> outcomes = measurement.outcomes().get(index);
      ReadOutcome floe = outcomes.get(BenchmarkReader.FLOE);
      ReadOutcome comet = outcomes.get(BenchmarkReader.COMET);
      bars.add(
          new RatioChart.Bar(
              measurement.cases().get(index).label(),
              floe.ratioTo(outcomes.get(BenchmarkReader.ICEBERG)),
              floe.ratioTo(outcomes.get(BenchmarkReader.SPARK_PARQUET)),
              comet == null ? Double.NaN : floe.ratioTo(comet)));
    }
    return new RatioChart(
        "Issue 8 read suite: Floe's time over Iceberg's, Spark Parquet's and Comet's (below 1:"
            + " Floe faster)",
        bars,
        List.of(
            new RatioChart.Target(NESTED_SPARK_PARQUET_TARGET, "Floe/Spark Parquet target, nested"),
            new RatioChart.Target(NESTED_TARGET, "Floe/Iceberg target, nested"),
            new RatioChart.Target(COMET_TARGET, "Floe/Comet target, every case"),
            new RatioChart.Target(READ_TARGET, "Floe/Iceberg target, lineitem"),
            new RatioChart.Target(DELETES_TARGET, "Floe/Iceberg target, with deletes"),
            new RatioChart.Target(
                COUNT_WITH_DELETES_TARGET,
                "Floe/Iceberg target, COUNT(*) with deletion vectors or position deletes")));
  }
}
