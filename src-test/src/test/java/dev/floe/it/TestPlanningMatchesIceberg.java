package dev.floe.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The differential suite: for every scenario table, every snapshot in its history, every branch and
 * tag, and time travel to every snapshot and snapshot-log timestamp, Floe plans exactly what Apache
 * Iceberg plans: the same data files, each with the same spec, sequence numbers, record count,
 * first row id and delete files; and, with a split size, the same byte ranges.
 */
class TestPlanningMatchesIceberg {
  /**
   * Split sizes: smaller than a row group (fixed-size splits cut files that have no usable
   * offsets), mid-sized, and larger than every file.
   */
  private static final List<Long> SPLIT_SIZES = List.of(1_000L, 4_096L, 128L * 1024 * 1024);

  private final Planner oracle = new IcebergPlanner();
  private final Planner floe = new FloePlanner();

  @TestFactory
  Stream<DynamicNode> floePlansTheSameFilesAsIceberg() {
    return ScenarioLibrary.shared().stream()
        .map(
            scenario ->
                dynamicContainer(
                    scenario.toString(),
                    scenario.targets().stream()
                        .map(
                            target ->
                                dynamicTest(
                                    target.toString(),
                                    () ->
                                        assertThat(floe.planFiles(scenario, target))
                                            .as("Floe's plan of %s at %s", scenario, target)
                                            .isEqualTo(oracle.planFiles(scenario, target))))));
  }

  @TestFactory
  Stream<DynamicNode> floeSplitsFilesLikeIceberg() {
    return ScenarioLibrary.shared().stream()
        .map(
            scenario ->
                dynamicContainer(
                    scenario.toString(),
                    SPLIT_SIZES.stream()
                        .map(
                            splitSize ->
                                dynamicTest(
                                    "split size " + splitSize,
                                    () -> {
                                      ScanTarget current = new ScanTarget.Current();
                                      assertThat(floe.planSplits(scenario, current, splitSize))
                                          .as(
                                              "Floe's splits of %s (split size %d)",
                                              scenario, splitSize)
                                          .isEqualTo(
                                              oracle.planSplits(scenario, current, splitSize));
                                    }))));
  }
}
