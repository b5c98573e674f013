package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The readers' order changes from round to round, and Floe never runs next to its twins on the same
 * table ("Floe (rows)", "Floe + Comet exec", "Floe (no CRC)"): a fixed rotation had Floe run just
 * after "Floe (rows)" in every round, which flattered Floe.
 */
class TestLineitemRounds {
  /**
   * The readers of a default run, with Comet (and Floe under Comet's operators) and the floor each
   * timed or not.
   */
  private static final List<List<BenchmarkReader>> READER_SETS =
      List.of(
          readers(),
          readers(BenchmarkReader.COMET),
          readers(BenchmarkReader.IN_MEMORY),
          readers(BenchmarkReader.COMET, BenchmarkReader.IN_MEMORY));

  private static List<BenchmarkReader> readers(BenchmarkReader... optional) {
    List<BenchmarkReader> readers =
        new ArrayList<>(
            List.of(BenchmarkReader.FLOE, BenchmarkReader.ICEBERG, BenchmarkReader.SPARK_PARQUET));
    readers.addAll(List.of(optional));
    readers.add(BenchmarkReader.FLOE_ROWS);
    if (readers.contains(BenchmarkReader.COMET)) {
      readers.add(BenchmarkReader.FLOE_COMET);
    }
    return List.copyOf(readers);
  }

  @Test
  void floeNeverRunsNextToItsTwins() {
    List<List<BenchmarkReader>> sets = new ArrayList<>(READER_SETS);
    sets.add(readers(BenchmarkReader.COMET, BenchmarkReader.FLOE_WITHOUT_CHECKSUMS));
    for (List<BenchmarkReader> readers : sets) {
      LineitemRounds rounds = new LineitemRounds(null, List.of(), readers, List.of());
      // round 0 is the warm-up
      for (int round = 0; round <= 10; round++) {
        List<BenchmarkReader> order = rounds.order(round);
        assertThat(order).as("round %d", round).containsExactlyInAnyOrderElementsOf(readers);
        int floe = order.indexOf(BenchmarkReader.FLOE);
        List<BenchmarkReader> neighbours =
            order.subList(Math.max(0, floe - 1), Math.min(order.size(), floe + 2));
        assertThat(neighbours)
            .as("Floe and its neighbours in round %d of %s", round, order)
            .doesNotContainAnyElementsOf(LineitemRounds.TWINS);
      }
    }
  }

  @Test
  void floeBesideATwinIsSeenOnEitherSide() {
    BenchmarkReader floe = BenchmarkReader.FLOE;
    BenchmarkReader rows = BenchmarkReader.FLOE_ROWS;
    BenchmarkReader iceberg = BenchmarkReader.ICEBERG;
    assertThat(LineitemRounds.floeBesideATwin(List.of(rows, floe, iceberg))).isTrue();
    assertThat(LineitemRounds.floeBesideATwin(List.of(iceberg, floe, rows))).isTrue();
    assertThat(LineitemRounds.floeBesideATwin(List.of(floe, iceberg, rows))).isFalse();
    assertThat(LineitemRounds.floeBesideATwin(List.of(rows, iceberg, floe))).isFalse();
  }

  @Test
  void theOrderChangesFromRoundToRound() {
    LineitemRounds rounds = new LineitemRounds(null, List.of(), READER_SETS.get(3), List.of());
    assertThat(List.of(rounds.order(1), rounds.order(2), rounds.order(3)))
        .as("three measured rounds")
        .doesNotHaveDuplicates();
  }
}
