package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestAllocationMeter {
  private static volatile Object sink;

  @Test
  void countsWhatThisThreadAllocates() {
    AllocationMeter meter = AllocationMeter.create();
    long before = meter.allocatedBytes();

    sink = new byte[8 * 1024 * 1024];
    sink = null;

    assertThat(meter.allocatedBytes() - before)
        .as("an 8 MiB array is counted, whatever else the JVM allocated meanwhile")
        .isGreaterThanOrEqualTo(8L * 1024 * 1024);
  }

  @Test
  void describesItsMethodHonestly() {
    AllocationMeter meter = AllocationMeter.create();

    assertThat(meter.method())
        .as("a meter that misses exited threads says its figures are lower bounds")
        .contains(meter.countsExitedThreads() ? "exited ones included" : "LOWER BOUNDS");
  }
}
