package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class TestEventsSummary {
  @Test
  void expectedSumsOverTheLiveIdsOnly() {
    // ids 0..11; a tenth deleted: 0 and 10 go, 1..9 and 11 stay
    EventsSummary summary =
        EventsSummary.expected(12, id -> DeleteBenchmarkSettings.isDeleted(id, 10));

    assertThat(summary.rows()).as("12 written, 2 deleted").isEqualTo(10);
    assertThat(summary.sumOfIds()).as("1 + ... + 9 + 11").isEqualTo(56);
    assertThat(summary.sumOfN()).as("n = id below the cycle").isEqualTo(56);
    assertThat(summary.sumOfPrices()).as("a cent per id").isEqualTo(new BigDecimal("0.56"));
    assertThat(summary.names()).as("names are never null").isEqualTo(10);
    assertThat(summary.amounts())
        .as("amount is null for ids divisible by 10, both of which are deleted")
        .isEqualTo(10);
  }

  @Test
  void nAndPriceCycleAndAmountIsNullEveryTenthId() {
    EventsSummary summary = EventsSummary.expected(EventsTable.N_CYCLE + 2, id -> false);

    assertThat(summary.rows()).isEqualTo(EventsTable.N_CYCLE + 2);
    assertThat(summary.sumOfN())
        .as("0 + ... + 99,999, then 0 and 1 again")
        .isEqualTo((long) EventsTable.N_CYCLE * (EventsTable.N_CYCLE - 1) / 2 + 1);
    assertThat(summary.sumOfPrices())
        .as("the same in cents")
        .isEqualTo(BigDecimal.valueOf(summary.sumOfN(), 2));
    assertThat(summary.amounts())
        .as("ids 0, 10, ..., 100,000 have no amount: 10,001 of them")
        .isEqualTo(EventsTable.N_CYCLE + 2 - 10_001);
  }

  @Test
  void theAnswerPrintsEveryFigureAndTheDecimalPlainly() {
    EventsSummary summary = new EventsSummary(3, 30, 3, new BigDecimal("123456789012.30"), 3, 2);

    assertThat(summary.answer())
        .isEqualTo(
            "rows 3, sum(id) 30, sum(n) 3, sum(price) 123456789012.30, count(name) 3, count(amount)"
                + " 2");
  }
}
