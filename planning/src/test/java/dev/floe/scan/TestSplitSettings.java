package dev.floe.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestSplitSettings {
  private static final long MIB = 1024 * 1024;
  private static final SplitSettings DEFAULTS = new SplitSettings(128 * MIB, 4 * MIB, 10, true);

  @Test
  void aScanWithAGroupForEverySlotKeepsTheTarget() {
    assertThat(DEFAULTS.targetFor(800_000 * MIB, 8 * MIB, 200)).isEqualTo(128 * MIB);
    assertThat(DEFAULTS.targetFor(256 * MIB, 8 * MIB, 2))
        .as("exactly one group a slot")
        .isEqualTo(128 * MIB);
  }

  @Test
  void aSmallScanSharesItsWeightOverTheSlots() {
    assertThat(DEFAULTS.targetFor(344 * MIB, 4 * MIB, 8))
        .as("3 groups at 128 MiB for 8 slots: 43 MiB each")
        .isEqualTo(43 * MIB);
  }

  @Test
  void aScanOfFewWavesFillsWholeWaves() {
    assertThat(DEFAULTS.targetFor(336 * MIB, 4 * MIB, 2))
        .as("3 groups at 128 MiB on 2 slots: 4 groups of 84 MiB, plus a file's slack")
        .isEqualTo(88 * MIB);
    assertThat(DEFAULTS.targetFor(7 * 128 * MIB, 8 * MIB, 2))
        .as("7 groups on 2 slots: 8 of 112 MiB")
        .isEqualTo(120 * MIB);
    assertThat(DEFAULTS.targetFor(8 * 128 * MIB, 8 * MIB, 2))
        .as("4 full waves already")
        .isEqualTo(128 * MIB);
    assertThat(DEFAULTS.targetFor(3 * 128 * MIB, 100 * MIB, 2))
        .as("never above the target size")
        .isEqualTo(128 * MIB);
  }

  @Test
  void theShrinkStopsAtTheFloor() {
    assertThat(DEFAULTS.targetFor(344 * MIB, 4 * MIB, 100))
        .as("3.44 MiB a slot is below the 16 MiB floor")
        .isEqualTo(SplitSettings.MINIMUM_ADAPTIVE_TARGET);
    assertThat(new SplitSettings(8 * MIB, 0, 10, true).targetFor(MIB, MIB, 100))
        .as("a target already under the floor is kept")
        .isEqualTo(8 * MIB);
  }

  @Test
  void aScanThatMayNotAdaptKeepsItsTarget() {
    assertThat(new SplitSettings(128 * MIB, 4 * MIB, 10, false).targetFor(344 * MIB, 4 * MIB, 100))
        .isEqualTo(128 * MIB);
  }

  @Test
  void refusesMeaninglessSettings() {
    assertThatThrownBy(() -> new SplitSettings(0, 0, 10, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Target size must be positive: 0");
    assertThatThrownBy(() -> new SplitSettings(1, -1, 10, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Open file cost must not be negative: -1");
    assertThatThrownBy(() -> new SplitSettings(1, 0, 0, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Lookback must be at least 1: 0");
    assertThatThrownBy(() -> DEFAULTS.targetFor(1, 1, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Parallelism must be at least 1: 0");
  }
}
