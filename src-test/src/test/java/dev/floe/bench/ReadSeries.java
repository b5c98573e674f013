package dev.floe.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The single runs of one reader on one case, gathered from interleaved rounds, as one outcome: the
 * median and range of their times. A run that failed, or answered otherwise than the runs before
 * it, leaves the series without a figure, only the reason.
 */
final class ReadSeries {
  private final List<Long> micros = new ArrayList<>();
  private String answer;
  private ReadOutcome failure;

  /** Adds one run: an outcome of a single measured run, or its failure. */
  void add(ReadOutcome run) {
    if (failure != null) {
      return;
    }
    if (!run.succeeded()) {
      failure = run;
      return;
    }
    if (run.minMillis() != run.maxMillis()) {
      throw new IllegalArgumentException(
          "Not a single run: " + run.minMillis() + " to " + run.maxMillis() + " ms");
    }
    if (answer != null && !answer.equals(run.answer())) {
      failure =
          ReadOutcome.failed(
              "answered "
                  + answer
                  + " and then "
                  + run.answer()
                  + " (run "
                  + (micros.size() + 1)
                  + ")");
      return;
    }
    answer = run.answer();
    micros.add(Math.round(run.medianMillis() * 1000));
  }

  /** The median and range of the runs, or the first failure; a series needs one run. */
  ReadOutcome outcome() {
    if (failure != null) {
      return failure;
    }
    if (micros.isEmpty()) {
      throw new IllegalStateException("No run in this series");
    }
    Distribution times = Distribution.of(micros.stream().mapToLong(Long::longValue).toArray());
    return ReadOutcome.measured(
        answer, times.median() / 1000.0, times.min() / 1000.0, times.max() / 1000.0);
  }
}
