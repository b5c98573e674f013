package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestReadSeries {
  private static ReadOutcome run(String answer, double millis) {
    return ReadOutcome.measured(answer, millis, millis, millis);
  }

  @Test
  void summarizesSingleRunsAsMedianAndRange() {
    ReadSeries series = new ReadSeries();
    series.add(run("42", 300));
    series.add(run("42", 100.5));
    series.add(run("42", 200));

    ReadOutcome outcome = series.outcome();

    assertThat(outcome.succeeded()).as("every run answered alike").isTrue();
    assertThat(outcome.answer()).as("their answer").isEqualTo("42");
    assertThat(outcome.medianMillis()).as("median of three").isEqualTo(200);
    assertThat(outcome.minMillis()).as("least, to the microsecond").isEqualTo(100.5);
    assertThat(outcome.maxMillis()).as("greatest").isEqualTo(300);
  }

  @Test
  void aChangedAnswerLeavesNoFigure() {
    ReadSeries series = new ReadSeries();
    series.add(run("42", 100));
    series.add(run("41", 100));
    series.add(run("42", 100));

    ReadOutcome outcome = series.outcome();

    assertThat(outcome.status()).as("no figure").isEqualTo(ReadOutcome.Status.FAILED);
    assertThat(outcome.note())
        .as("what changed, and when")
        .isEqualTo("answered 42 and then 41 (run 2)");
  }

  @Test
  void theFirstFailureIsKept() {
    ReadSeries series = new ReadSeries();
    series.add(run("42", 100));
    series.add(ReadOutcome.failed("IOException: gone"));
    series.add(ReadOutcome.failed("IOException: still gone"));
    series.add(run("42", 100));

    assertThat(series.outcome().note()).as("the first failure").isEqualTo("IOException: gone");
  }

  @Test
  void needsSingleRunsAndAtLeastOne() {
    assertThatThrownBy(() -> new ReadSeries().outcome())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("No run in this series");
    assertThatThrownBy(() -> new ReadSeries().add(ReadOutcome.measured("42", 200, 100, 300)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Not a single run: 100.0 to 300.0 ms");
  }
}
