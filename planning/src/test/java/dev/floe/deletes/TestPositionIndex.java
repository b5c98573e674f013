package dev.floe.deletes;

import static dev.floe.deletes.DeletionVectorFixtures.TWO_TO_32;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class TestPositionIndex {
  /** 3-5 and 10 low; a run across the first key boundary; one lone position past 2^33. */
  private static final PositionIndex SPREAD =
      PositionIndex.builder()
          .addRange(3, 6)
          .add(10)
          .addRange(TWO_TO_32 - 2, TWO_TO_32 + 3)
          .add(2 * TWO_TO_32 + 1)
          .build();

  static List<List<Long>> runs(PositionIndex index, long start, long endExclusive) {
    List<List<Long>> runs = new ArrayList<>();
    index.forEachRunIn(
        start, endExclusive, (runStart, runEnd) -> runs.add(List.of(runStart, runEnd)));
    return runs;
  }

  @Test
  void emptyIndexDeletesNothing() {
    PositionIndex empty = PositionIndex.empty();

    assertThat(empty.isEmpty()).as("empty index is empty").isTrue();
    assertThat(empty.cardinality()).as("no positions").isZero();
    assertThat(empty.isDeleted(0)).as("position 0 is live").isFalse();
    assertThat(runs(empty, 0, Long.MAX_VALUE)).as("no runs anywhere").isEmpty();
    assertThat(PositionIndex.builder().build().isEmpty())
        .as("a builder given nothing builds an empty index")
        .isTrue();
  }

  @Test
  void positionsBelowAndAbove32BitsRoundTrip() {
    assertThat(SPREAD.cardinality()).as("3 + 1 + 5 + 1 positions").isEqualTo(10);
    assertThat(SPREAD.isEmpty()).isFalse();
    assertThat(LongStream.of(3, 4, 5, 10, TWO_TO_32 - 2, TWO_TO_32 - 1, TWO_TO_32, TWO_TO_32 + 2))
        .as("every added position is deleted")
        .allMatch(SPREAD::isDeleted);
    assertThat(LongStream.of(0, 2, 6, 9, 11, TWO_TO_32 - 3, TWO_TO_32 + 3, 2 * TWO_TO_32))
        .as("positions next to the deleted ones are live")
        .noneMatch(SPREAD::isDeleted);
    assertThat(SPREAD.isDeleted(2 * TWO_TO_32 + 1)).as("position past 2^33").isTrue();
  }

  @Test
  void runsAreMaximalAndCutAtWindowEdges() {
    assertThat(runs(SPREAD, 0, Long.MAX_VALUE))
        .as("whole file: the run across the key boundary is one run")
        .containsExactly(
            List.of(3L, 6L),
            List.of(10L, 11L),
            List.of(TWO_TO_32 - 2, TWO_TO_32 + 3),
            List.of(2 * TWO_TO_32 + 1, 2 * TWO_TO_32 + 2));
    assertThat(runs(SPREAD, 4, 10))
        .as("run cut at the window start")
        .containsExactly(List.of(4L, 6L));
    assertThat(runs(SPREAD, 0, 5)).as("run cut at the window end").containsExactly(List.of(3L, 5L));
    assertThat(runs(SPREAD, 6, 10)).as("window between runs").isEmpty();
    assertThat(runs(SPREAD, 7, 7)).as("empty window").isEmpty();
    assertThat(runs(SPREAD, TWO_TO_32 - 1, TWO_TO_32 + 1))
        .as("window straddling the key boundary")
        .containsExactly(List.of(TWO_TO_32 - 1, TWO_TO_32 + 1));
    assertThat(runs(SPREAD, TWO_TO_32 + 1, TWO_TO_32 + 2))
        .as("one-row window inside the run")
        .containsExactly(List.of(TWO_TO_32 + 1, TWO_TO_32 + 2));
  }

  @Test
  void batchWindowsTogetherSeeEveryDeletedPositionOnce() {
    PositionIndexBuilder builder = PositionIndex.builder();
    TreeSet<Long> expected = new TreeSet<>();
    for (long position = 0; position < 1000; position++) {
      if (position % 7 == 0 || (position >= 300 && position < 420) || position % 97 == 3) {
        builder.add(position);
        expected.add(position);
      }
    }
    PositionIndex index = builder.build();

    TreeSet<Long> seen = new TreeSet<>();
    List<Long> lastEnds = new ArrayList<>();
    for (long batchStart = 0; batchStart < 1000; batchStart += 64) {
      long batchEnd = Math.min(batchStart + 64, 1000);
      long start = batchStart;
      index.forEachRunIn(
          batchStart,
          batchEnd,
          (runStart, runEnd) -> {
            assertThat(runStart).as("run inside its batch").isBetween(start, batchEnd - 1);
            assertThat(runEnd).as("run end inside its batch").isBetween(runStart + 1, batchEnd);
            assertThat(lastEnds.isEmpty() || lastEnds.get(lastEnds.size() - 1) < runStart)
                .as("runs are ascending and never touch")
                .isTrue();
            lastEnds.add(runEnd);
            for (long position = runStart; position < runEnd; position++) {
              assertThat(seen.add(position)).as("position %s seen once", position).isTrue();
            }
          });
      lastEnds.clear();
    }

    assertThat(seen).as("batches cover exactly the deleted positions").isEqualTo(expected);
    assertThat(index.cardinality()).isEqualTo(expected.size());
  }

  @Test
  void unionHoldsEveryPositionAndJoinsTouchingRuns() {
    PositionIndex first = PositionIndex.builder().addRange(0, 5).add(TWO_TO_32 + 7).build();
    PositionIndex second = PositionIndex.builder().addRange(5, 10).add(3).add(20).build();

    PositionIndex union = PositionIndex.union(List.of(first, PositionIndex.empty(), second));

    assertThat(union.cardinality()).as("3 is in both, counted once").isEqualTo(12);
    assertThat(runs(union, 0, Long.MAX_VALUE))
        .as("[0,5) and [5,10) from two files make one run")
        .containsExactly(
            List.of(0L, 10L), List.of(20L, 21L), List.of(TWO_TO_32 + 7, TWO_TO_32 + 8));
    assertThat(runs(first, 0, Long.MAX_VALUE))
        .as("the union leaves its inputs unchanged")
        .containsExactly(List.of(0L, 5L), List.of(TWO_TO_32 + 7, TWO_TO_32 + 8));
    assertThat(PositionIndex.union(List.of()).isEmpty()).as("union of nothing").isTrue();
    assertThat(PositionIndex.union(List.of(PositionIndex.empty(), second)))
        .as("union with one non-empty index is that index")
        .isSameAs(second);
  }

  @Test
  void unionAcceptsOtherImplementationsThroughTheirRuns() {
    PositionIndex fake = new EveryTenthOfFirstHundred();
    PositionIndex union =
        PositionIndex.union(List.of(fake, PositionIndex.builder().add(1).add(TWO_TO_32).build()));

    assertThat(union.cardinality()).as("10 from the fake, 2 from the bitmap").isEqualTo(12);
    assertThat(union.isDeleted(90)).as("position from the fake").isTrue();
    assertThat(union.isDeleted(TWO_TO_32)).as("position from the bitmap").isTrue();
    assertThat(union.isDeleted(91)).isFalse();
  }

  @Test
  void invalidPositionsAndWindowsAreRejected() {
    assertThatThrownBy(() -> SPREAD.isDeleted(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot look up position -1");
    assertThatThrownBy(() -> runs(SPREAD, 10, 5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("[10, 5)");
    assertThatThrownBy(() -> PositionIndex.builder().add(-2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot delete position -2");
    assertThatThrownBy(() -> PositionIndex.builder().addRange(4, 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("[4, 3)");
  }

  @Test
  void builderBuildsOnce() {
    PositionIndexBuilder builder = PositionIndex.builder().add(1);
    PositionIndex built = builder.build();

    assertThatThrownBy(() -> builder.add(2))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("after build()");
    assertThat(built.isDeleted(2)).as("built index unchanged").isFalse();
  }

  /** A hand-written index that is not bitmap-backed: positions 0, 10, ..., 90. */
  private static final class EveryTenthOfFirstHundred implements PositionIndex {
    @Override
    public boolean isEmpty() {
      return false;
    }

    @Override
    public long cardinality() {
      return 10;
    }

    @Override
    public long sizeInBytes() {
      return 0;
    }

    @Override
    public boolean isDeleted(long position) {
      return position < 100 && position % 10 == 0;
    }

    @Override
    public void forEachRunIn(long start, long endExclusive, RunConsumer consumer) {
      for (long position = start; position < Math.min(endExclusive, 100); position++) {
        if (isDeleted(position)) {
          consumer.accept(position, position + 1);
        }
      }
    }
  }
}
