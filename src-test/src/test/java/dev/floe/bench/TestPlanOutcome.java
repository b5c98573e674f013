package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestPlanOutcome {
  @Test
  void counterSumsTasks() {
    PlanOutcome.Counter counter = new PlanOutcome.Counter();
    counter.add(100, 2);
    counter.add(50, 0);

    assertThat(counter.outcome())
        .as("2 files, 2 delete references, 150 records")
        .isEqualTo(new PlanOutcome(2, 2, 150));
  }

  @Test
  void equalOutcomePasses() {
    assertThatCode(
            () ->
                new PlanOutcome(2, 2, 150).requireEqualTo(new PlanOutcome(2, 2, 150), "Floe", "t"))
        .doesNotThrowAnyException();
  }

  @Test
  void differentOutcomeFailsNamingPlannerAndTable() {
    PlanOutcome planned = new PlanOutcome(2, 1, 150);

    assertThatThrownBy(() -> planned.requireEqualTo(new PlanOutcome(2, 2, 150), "Floe", "t"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Floe planned table 't' wrongly")
        .hasMessageContaining("deleteReferences=1")
        .hasMessageContaining("deleteReferences=2");
  }

  @Test
  void rejectsNegativeCounts() {
    assertThatThrownBy(() -> new PlanOutcome(-1, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Plan counts cannot be negative");
  }
}
