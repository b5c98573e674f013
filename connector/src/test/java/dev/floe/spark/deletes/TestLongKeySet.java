package dev.floe.spark.deletes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The packed equality key set, against a set of boxed keys as the oracle. */
class TestLongKeySet {

  /** A key as the oracle holds it: its values, a null column as null. */
  private static List<Long> boxed(long[] key, long nulls, int width) {
    List<Long> values = new ArrayList<>();
    for (int column = 0; column < width; column++) {
      values.add((nulls & (1L << column)) != 0 ? null : key[column]);
    }
    return values;
  }

  @Test
  void agreesWithASetOfBoxedKeysThroughGrowth() {
    Random random = new Random(26);
    for (int width : new int[] {1, 2, 3, 63}) {
      LongKeySet set = new LongKeySet(width);
      Set<List<Long>> oracle = new HashSet<>();
      // few distinct values per column, so that keys repeat, collide and differ only in nulls
      for (int index = 0; index < 20_000; index++) {
        long[] key = new long[width];
        long nulls = 0;
        for (int column = 0; column < width; column++) {
          if (random.nextInt(10) == 0) {
            nulls |= 1L << column;
          } else {
            key[column] = random.nextInt(50) - 25 + (random.nextBoolean() ? Long.MIN_VALUE : 0);
          }
        }
        if (index % 2 == 0) {
          set.add(key, nulls);
          oracle.add(boxed(key, nulls, width));
        } else {
          assertThat(set.contains(key, nulls))
              .as("width %s, probe %s", width, boxed(key, nulls, width))
              .isEqualTo(oracle.contains(boxed(key, nulls, width)));
        }
      }
      assertThat(set.size()).as("distinct keys, width %s", width).isEqualTo(oracle.size());
      Set<List<Long>> listed = new HashSet<>();
      for (long[] key : set.keys()) {
        listed.add(boxed(key, key[width], width));
      }
      assertThat(listed).as("the keys listed, width %s", width).isEqualTo(oracle);
      assertThat(set.sizeInBytes()).as("size estimate").isGreaterThan(8L * width * set.size());
    }
  }

  @Test
  void aNullColumnDiffersFromZero() {
    LongKeySet set = new LongKeySet(2);
    set.add(new long[] {0, 5}, 0b01);

    assertThat(set.contains(new long[] {0, 5}, 0b01)).as("(null, 5)").isTrue();
    assertThat(set.contains(new long[] {0, 5}, 0)).as("(0, 5)").isFalse();
    assertThat(set.contains(new long[] {0, 5}, 0b11)).as("(null, null)").isFalse();
  }

  @Test
  void widthsOutsideTheNullMaskAreRefused() {
    assertThatThrownBy(() -> new LongKeySet(0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new LongKeySet(64)).isInstanceOf(IllegalArgumentException.class);
  }
}
