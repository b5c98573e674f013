package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The readers' order changes from round to round, and Floe and "Floe (rows)", twins on the same
 * table, run side by side in at most one measured round of a default run: a fixed rotation had Floe
 * run just after "Floe (rows)" in every round, which flattered Floe.
 */
class TestLineitemRounds {
  /** The readers of a default run, with Comet and the floor each timed or not. */
  private static final List<List<BenchmarkReader>> READER_SETS =
      List.of(
          readers(),
          readers(BenchmarkReader.COMET),
          readers(BenchmarkReader.IN_MEMORY),
          readers(BenchmarkReader.COMET, BenchmarkReader.IN_MEMORY));

  private static List<BenchmarkReader> readers(BenchmarkReader... optional) {
    List<BenchmarkReader> readers =
        new java.util.ArrayList<>(
            List.of(BenchmarkReader.FLOE, BenchmarkReader.ICEBERG, BenchmarkReader.SPARK_PARQUET));
    readers.addAll(List.of(optional));
    readers.add(BenchmarkReader.FLOE_ROWS);
    return List.copyOf(readers);
  }

  @Test
  void floeAndItsTwinRunSideBySideInAtMostOneMeasuredRound() {
    for (List<BenchmarkReader> readers : READER_SETS) {
      LineitemRounds rounds = new LineitemRounds(null, List.of(), readers, List.of());
      for (int measured : new int[] {3, 5}) {
        int sideBySide = 0;
        // round 0 is the warm-up
        for (int round = 1; round <= measured; round++) {
          List<BenchmarkReader> order = rounds.order(round);
          assertThat(order).as("round %d", round).containsExactlyInAnyOrderElementsOf(readers);
          int floe = order.indexOf(BenchmarkReader.FLOE);
          int twin = order.indexOf(BenchmarkReader.FLOE_ROWS);
          if (Math.abs(floe - twin) == 1) {
            sideBySide++;
          }
        }
        assertThat(sideBySide)
            .as(
                "rounds of %d with %s where Floe and Floe (rows) run side by side",
                measured, readers)
            .isLessThanOrEqualTo(1);
      }
    }
  }

  @Test
  void theOrderChangesFromRoundToRound() {
    LineitemRounds rounds = new LineitemRounds(null, List.of(), READER_SETS.get(3), List.of());
    assertThat(List.of(rounds.order(1), rounds.order(2), rounds.order(3)))
        .as("three measured rounds")
        .doesNotHaveDuplicates();
  }
}
