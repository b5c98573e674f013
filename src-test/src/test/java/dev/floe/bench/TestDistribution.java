package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestDistribution {
  @Test
  void oddCountTakesTheMiddleValue() {
    Distribution distribution = Distribution.of(new long[] {30, 10, 20});

    assertThat(distribution).as("sorted 10, 20, 30").isEqualTo(new Distribution(20, 10, 30));
  }

  @Test
  void evenCountTakesTheMeanOfTheMiddleTwo() {
    Distribution distribution = Distribution.of(new long[] {40, 10, 30, 20});

    assertThat(distribution.median()).as("mean of 20 and 30").isEqualTo(25);
    assertThat(distribution.min()).isEqualTo(10);
    assertThat(distribution.max()).isEqualTo(40);
  }

  @Test
  void leavesTheMeasurementsUntouched() {
    long[] values = {3, 1, 2};

    Distribution.of(values);

    assertThat(values).as("the caller's array is not sorted in place").containsExactly(3, 1, 2);
  }

  @Test
  void rejectsNoMeasurements() {
    assertThatThrownBy(() -> Distribution.of(new long[0]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot summarize no measurements");
  }

  @Test
  void rejectsAMedianOutsideItsRange() {
    assertThatThrownBy(() -> new Distribution(5, 6, 7))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Not a distribution: min 6, median 5, max 7");
  }
}
