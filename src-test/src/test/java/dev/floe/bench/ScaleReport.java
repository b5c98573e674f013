package dev.floe.bench;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The scale benchmark's Markdown report: per case, Floe's and Iceberg's answers (partition counts,
 * row counts) and then their time, heap and allocation, side by side with the ratio Floe/Iceberg. A
 * reader that ran out of heap shows {@code OOM} in its cells.
 */
final class ScaleReport {
  private final Map<String, Map<ScaleReader, ScaleOutcome>> cases = new LinkedHashMap<>();
  private final List<String> notes = new ArrayList<>();
  private final Map<String, String> histograms = new LinkedHashMap<>();

  void add(ScaleStep step, ScaleReader reader, ScaleOutcome outcome) {
    cases
        .computeIfAbsent(step.label(), label -> new EnumMap<>(ScaleReader.class))
        .put(reader, outcome);
    if (!outcome.message().isEmpty()) {
      notes.add(
          reader.label()
              + ", "
              + step.label()
              + ": "
              + outcome.status()
              + ", "
              + outcome.message());
    }
  }

  void addNote(String note) {
    notes.add(note);
  }

  void addHistogram(String title, String histogram) {
    histograms.put(title, histogram);
  }

  /** The report, under these lines describing the run. */
  String markdown(List<String> header) {
    StringBuilder out = new StringBuilder("## Scale benchmark: Floe vs Iceberg's Spark reader\n\n");
    header.forEach(line -> out.append("- ").append(line).append('\n'));
    out.append("\n### Answers (partition counts and row counts)\n\n");
    out.append("| case | Floe | Iceberg | Floe/Iceberg |\n|---|---:|---:|---:|\n");
    cases.forEach(
        (label, row) ->
            out.append("| ")
                .append(label)
                .append(" | ")
                .append(cell(row.get(ScaleReader.FLOE), ScaleOutcome::answer, 1))
                .append(" | ")
                .append(cell(row.get(ScaleReader.ICEBERG), ScaleOutcome::answer, 1))
                .append(" | ")
                .append(ratio(row, ScaleOutcome::answer))
                .append(" |\n"));
    out.append("\n### Time, heap and allocation of the driver\n\n");
    out.append(
        "| case | Floe ms | Iceberg ms | Floe/Iceberg | Floe peak heap MB | Iceberg peak heap MB"
            + " | Floe/Iceberg | Floe live MB | Iceberg live MB | Floe retained MB | Iceberg"
            + " retained MB | Floe allocated MB | Iceberg allocated MB | Floe/Iceberg |\n");
    out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    cases.forEach(
        (label, row) -> {
          out.append("| ").append(label);
          column(out, row, ScaleOutcome::millis, 1, true);
          column(out, row, ScaleOutcome::peakHeapBytes, 1e6, true);
          column(out, row, ScaleOutcome::liveHeapBytes, 1e6, false);
          column(out, row, ScaleOutcome::retainedHeapBytes, 1e6, false);
          column(out, row, ScaleOutcome::allocatedBytes, 1e6, true);
          out.append(" |\n");
        });
    if (!notes.isEmpty()) {
      out.append("\nNotes:\n\n");
      notes.forEach(note -> out.append("- ").append(note).append('\n'));
    }
    histograms.forEach(
        (title, histogram) ->
            out.append("\n### ")
                .append(title)
                .append("\n\n```\n")
                .append(histogram.strip())
                .append("\n```\n"));
    return out.toString();
  }

  private static void column(
      StringBuilder out,
      Map<ScaleReader, ScaleOutcome> row,
      ToLongFunction<ScaleOutcome> figure,
      double unit,
      boolean withRatio) {
    out.append(" | ")
        .append(cell(row.get(ScaleReader.FLOE), figure, unit))
        .append(" | ")
        .append(cell(row.get(ScaleReader.ICEBERG), figure, unit));
    if (withRatio) {
      out.append(" | ").append(ratio(row, figure));
    }
  }

  /** A figure, or what happened instead: OOM, failed, skipped, or - when not measured. */
  static String cell(ScaleOutcome outcome, ToLongFunction<ScaleOutcome> figure, double unit) {
    if (outcome == null) {
      return "-";
    }
    return switch (outcome.status()) {
      case OK -> {
        long value = figure.applyAsLong(outcome);
        if (value < 0) {
          yield "-";
        }
        yield unit == 1
            ? String.format(Locale.ROOT, "%,d", value)
            : String.format(Locale.ROOT, "%,.0f", value / unit);
      }
      case OOM -> "OOM";
      case FAILED -> "failed";
      case SKIPPED -> "skipped";
    };
  }

  /** Floe's figure over Iceberg's, when both were measured and Iceberg's is not zero. */
  static String ratio(Map<ScaleReader, ScaleOutcome> row, ToLongFunction<ScaleOutcome> figure) {
    ScaleOutcome floe = row.get(ScaleReader.FLOE);
    ScaleOutcome iceberg = row.get(ScaleReader.ICEBERG);
    if (floe == null || iceberg == null || !floe.succeeded() || !iceberg.succeeded()) {
      return "n/a";
    }
    long numerator = figure.applyAsLong(floe);
    long denominator = figure.applyAsLong(iceberg);
    if (numerator < 0 || denominator <= 0) {
      return "n/a";
    }
    double value = (double) numerator / denominator;
    if (value > 0 && value < 0.01) {
      // two significant digits: 2 partitions against 62,500 must not print as 0.00
      return new BigDecimal(value).round(new MathContext(2)).toPlainString();
    }
    return String.format(Locale.ROOT, "%.2f", value);
  }
}
