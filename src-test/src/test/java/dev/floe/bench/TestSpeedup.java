package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

class TestSpeedup {
  @Test
  void givesBothRatios() {
    Speedup speedup = new Speedup(20, 500);

    assertThat(speedup.floeOverOther()).as("Floe/Iceberg").isCloseTo(0.04, Offset.offset(1e-12));
    assertThat(speedup.otherOverFloe()).as("Iceberg/Floe").isCloseTo(25.0, Offset.offset(1e-12));
  }

  @Test
  void saysHowManyTimesFasterOrSlower() {
    assertThat(new Speedup(20, 500).phrase("Iceberg"))
        .as("25 times: no decimal from 10 on")
        .isEqualTo("Floe 25x faster than Iceberg");
    assertThat(new Speedup(100, 140).phrase("Iceberg"))
        .as("one decimal below 10")
        .isEqualTo("Floe 1.4x faster than Iceberg");
    assertThat(new Speedup(150, 100).phrase("Iceberg"))
        .as("slower: Floe's time over the other's")
        .isEqualTo("Floe 1.5x slower than Iceberg");
    assertThat(new Speedup(100, 104).phrase("Iceberg"))
        .as("a factor that rounds to 1.0 is no speed-up")
        .isEqualTo("Floe about as fast as Iceberg");
    assertThat(new Speedup(104, 100).phrase("Spark's Parquet reader"))
        .as("nor a slow-down")
        .isEqualTo("Floe about as fast as Spark's Parquet reader");
  }

  @Test
  void formatsFactorsWithADecimalOnlyWhereItMatters() {
    assertThat(Speedup.times(1.26)).as("rounds to one decimal").isEqualTo("1.3");
    assertThat(Speedup.times(9.94)).as("still below 10").isEqualTo("9.9");
    assertThat(Speedup.times(9.96)).as("would print 10.0").isEqualTo("10");
    assertThat(Speedup.times(123.4)).as("a hundredfold").isEqualTo("123");
  }

  @Test
  void needsTwoPositiveTimes() {
    assertThatThrownBy(() -> new Speedup(0, 100))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("A speed-up needs two positive, finite times, not 0.0 and 100.0");
    assertThatThrownBy(() -> new Speedup(100, Double.NaN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not 100.0 and NaN");
    assertThatThrownBy(() -> new Speedup(Double.POSITIVE_INFINITY, 100))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not Infinity and 100.0");
  }
}
