package dev.floe.bench;

import java.util.Arrays;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Times a read case on one reader: unmeasured warm-up runs, then measured runs, each on a freshly
 * loaded DataFrame (a new scan, as a new query plans one). A reader that throws, or answers one run
 * otherwise than another, gets no time, only the reason.
 */
final class ReadTimer {
  private final int warmupRuns;
  private final int measuredRuns;

  ReadTimer(int warmupRuns, int measuredRuns) {
    if (warmupRuns < 0 || measuredRuns < 1) {
      throw new IllegalArgumentException(
          "Need >= 0 warm-up runs and >= 1 measured run, not " + warmupRuns + ", " + measuredRuns);
    }
    this.warmupRuns = warmupRuns;
    this.measuredRuns = measuredRuns;
  }

  ReadOutcome measure(ReadCase readCase, Supplier<Dataset<Row>> rows) {
    String answer = null;
    double[] millis = new double[measuredRuns];
    try {
      for (int run = 0; run < warmupRuns + measuredRuns; run++) {
        long start = System.nanoTime();
        String runAnswer = readCase.action().apply(rows.get());
        long elapsed = System.nanoTime() - start;
        if (answer != null && !answer.equals(runAnswer)) {
          return ReadOutcome.failed(
              "answered " + answer + " and then " + runAnswer + " (run " + (run + 1) + ")");
        }
        answer = runAnswer;
        if (run >= warmupRuns) {
          millis[run - warmupRuns] = elapsed / 1e6;
        }
      }
    } catch (RuntimeException e) {
      return ReadOutcome.failed(rootMessage(e));
    }
    Arrays.sort(millis);
    return ReadOutcome.measured(
        answer, millis[millis.length / 2], millis[0], millis[millis.length - 1]);
  }

  static String rootMessage(Throwable error) {
    Throwable root = error;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    String message = String.valueOf(root.getMessage()).lines().findFirst().orElse("");
    return root.getClass().getSimpleName() + ": " + message;
  }
}
