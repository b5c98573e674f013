package dev.floe.bench;

import java.util.Locale;
import java.util.Objects;

/**
 * A reader's outcome for one case: its answer and the median and range of its times in ms, or why
 * there is no figure.
 *
 * @param status whether the reader was measured, failed, answered wrongly or was not run
 * @param answer the answer of the last run, or null when the reader did not answer
 * @param note why there is no figure (the failure, the wrong answer, why it was not run)
 */
record ReadOutcome(
    Status status,
    String answer,
    double medianMillis,
    double minMillis,
    double maxMillis,
    String note) {

  enum Status {
    MEASURED,
    /** The reader threw: its message is the note. */
    FAILED,
    /** The reader answered, but not what the reference answered: no figure for a wrong answer. */
    WRONG_ANSWER,
    /** The reader cannot read this table (Spark's Parquet reader and a table with deletes). */
    NOT_APPLICABLE,
    /**
     * The accelerator timed (Comet) would not run the case natively: Spark's plan fell back to the
     * reader it accelerates, so a time would not be its own. The note says why.
     */
    FELL_BACK
  }

  ReadOutcome {
    Objects.requireNonNull(status, "status");
    if ((status == Status.MEASURED) != (note == null)) {
      throw new IllegalArgumentException(
          "A measured outcome has no note and every other one has one: " + status + ", " + note);
    }
    if (status == Status.MEASURED
        && (answer == null || !(minMillis <= medianMillis && medianMillis <= maxMillis))) {
      throw new IllegalArgumentException(
          String.format(
              Locale.ROOT,
              "A measured outcome needs an answer and min <= median <= max: %s, %.1f, %.1f, %.1f",
              answer,
              minMillis,
              medianMillis,
              maxMillis));
    }
  }

  static ReadOutcome measured(String answer, double medianMillis, double minMillis, double max) {
    return new ReadOutcome(Status.MEASURED, answer, medianMillis, minMillis, max, null);
  }

  static ReadOutcome failed(String failure) {
    return new ReadOutcome(Status.FAILED, null, Double.NaN, Double.NaN, Double.NaN, failure);
  }

  static ReadOutcome notApplicable(String why) {
    return new ReadOutcome(Status.NOT_APPLICABLE, null, Double.NaN, Double.NaN, Double.NaN, why);
  }

  /** An outcome without a figure because Comet fell back; {@code reason} is Comet's. */
  static ReadOutcome fellBack(String reason) {
    return new ReadOutcome(
        Status.FELL_BACK, null, Double.NaN, Double.NaN, Double.NaN, "fell back: " + reason);
  }

  boolean succeeded() {
    return status == Status.MEASURED;
  }

  /** A failure or a wrong answer: what the report lists under its table. */
  boolean isProblem() {
    return status == Status.FAILED || status == Status.WRONG_ANSWER;
  }

  /**
   * This outcome, or a wrong answer if it answered otherwise than the reference; a null reference
   * (the reference reader failed) checks nothing.
   *
   * @param referenceName who gave the reference answer, for the note
   */
  ReadOutcome checkedAgainst(String reference, String referenceName) {
    if (!succeeded() || reference == null || answer.equals(reference)) {
      return this;
    }
    return new ReadOutcome(
        Status.WRONG_ANSWER,
        answer,
        Double.NaN,
        Double.NaN,
        Double.NaN,
        "WRONG ANSWER: answered " + answer + ", " + referenceName + " " + reference);
  }

  String cell() {
    return switch (status) {
      case MEASURED ->
          String.format(Locale.ROOT, "%.0f [%.0f-%.0f]", medianMillis, minMillis, maxMillis);
      case FAILED, WRONG_ANSWER -> "n/a";
      case NOT_APPLICABLE -> "-";
      case FELL_BACK -> "fell back";
    };
  }

  /** This median over the other's, or NaN when either has no figure. */
  double ratioTo(ReadOutcome other) {
    return succeeded() && other.succeeded() ? medianMillis / other.medianMillis : Double.NaN;
  }
}
