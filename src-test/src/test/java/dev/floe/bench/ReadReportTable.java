package dev.floe.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A Markdown table of read outcomes: label columns (the case, or the table and the case), one
 * column of times per reader, then the ratios of medians asked for; under it, every failure and
 * wrong answer, since those rows have no figure.
 */
final class ReadReportTable {
  /** The median of reader {@code numerator} over that of reader {@code denominator}. */
  record Ratio(int numerator, int denominator) {}

  private record Line(List<String> labels, List<ReadOutcome> outcomes) {}

  private final List<String> labelColumns;
  private final List<String> readers;
  private final List<Ratio> ratios;
  private final List<Line> lines = new ArrayList<>();

  ReadReportTable(List<String> labelColumns, List<String> readers, List<Ratio> ratios) {
    this.labelColumns = List.copyOf(labelColumns);
    this.readers = List.copyOf(readers);
    this.ratios = List.copyOf(ratios);
    if (this.labelColumns.isEmpty() || this.readers.isEmpty()) {
      throw new IllegalArgumentException("A report table needs a label column and a reader");
    }
    for (Ratio ratio : this.ratios) {
      Objects.checkIndex(ratio.numerator(), this.readers.size());
      Objects.checkIndex(ratio.denominator(), this.readers.size());
    }
  }

  /** Adds a row: one label per label column, one outcome per reader, in the readers' order. */
  void add(List<String> labels, List<ReadOutcome> outcomes) {
    if (labels.size() != labelColumns.size() || outcomes.size() != readers.size()) {
      throw new IllegalArgumentException(
          String.format(
              Locale.ROOT,
              "A row needs %d labels and %d outcomes, not %d and %d",
              labelColumns.size(),
              readers.size(),
              labels.size(),
              outcomes.size()));
    }
    lines.add(new Line(List.copyOf(labels), List.copyOf(outcomes)));
  }

  /** Every failure and wrong answer, as "reader, labels: note". */
  List<String> problems() {
    List<String> problems = new ArrayList<>();
    for (Line line : lines) {
      for (int reader = 0; reader < readers.size(); reader++) {
        ReadOutcome outcome = line.outcomes().get(reader);
        if (outcome.isProblem()) {
          problems.add(
              readers.get(reader)
                  + ", "
                  + String.join(", ", line.labels())
                  + ": "
                  + outcome.note());
        }
      }
    }
    return problems;
  }

  /** True when some reader answered differently from the reference: the run's figures are moot. */
  boolean hasWrongAnswer() {
    return lines.stream()
        .flatMap(line -> line.outcomes().stream())
        .anyMatch(outcome -> outcome.status() == ReadOutcome.Status.WRONG_ANSWER);
  }

  String markdown() {
    StringBuilder text = new StringBuilder();
    text.append("| ").append(String.join(" | ", labelColumns));
    readers.forEach(reader -> text.append(" | ").append(reader).append(" ms"));
    ratios.forEach(ratio -> text.append(" | ").append(ratioName(ratio)));
    text.append(" |\n|");
    text.append("---|".repeat(labelColumns.size()));
    text.append("---:|".repeat(readers.size() + ratios.size()));
    text.append('\n');
    for (Line line : lines) {
      text.append("| ").append(String.join(" | ", line.labels()));
      line.outcomes().forEach(outcome -> text.append(" | ").append(outcome.cell()));
      for (Ratio ratio : ratios) {
        double value =
            line.outcomes()
                .get(ratio.numerator())
                .ratioTo(line.outcomes().get(ratio.denominator()));
        text.append(" | ")
            .append(Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.2f", value));
      }
      text.append(" |\n");
    }
    List<String> problems = problems();
    if (!problems.isEmpty()) {
      text.append("\nNo figure where a reader failed or answered differently:\n\n");
      problems.forEach(problem -> text.append("- ").append(problem).append('\n'));
    }
    return text.toString();
  }

  private String ratioName(Ratio ratio) {
    return readers.get(ratio.numerator()) + "/" + readers.get(ratio.denominator());
  }
}
