package dev.floe.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.TestFactory;

/**
 * The differential suite: for every scenario table, every snapshot in its history, every branch and
 * tag, and time travel to every snapshot and snapshot-log timestamp, Floe plans exactly what Apache
 * Iceberg plans: the same data files, each with the same spec, sequence numbers, record count,
 * first row id and delete files; and, with any split size, the same files read. The two split
 * policies differ on purpose (Iceberg 1.10 cuts one split per row group, or fixed-size pieces when
 * a file has no offsets; Floe packs row groups up to the split size and never cuts a file blindly),
 * so ranges are checked by {@link PlanningContract} (every row group to exactly one reader) and by
 * {@link TestFloeSplitPolicy}, not against Iceberg.
 */
class TestPlanningMatchesIceberg {
  /**
   * Split sizes: smaller than a row group (fixed-size splits cut files that have no usable
   * offsets), mid-sized, and larger than every file.
   */
  private static final long WHOLE_FILES = 128L * 1024 * 1024;

  private static final List<Long> SPLIT_SIZES = List.of(1_000L, 4_096L, WHOLE_FILES);

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
                                    scenario + " at " + target,
                                    () ->
                                        assertThat(floe.planFiles(scenario, target))
                                            .as("Floe's plan of %s at %s", scenario, target)
                                            .isEqualTo(oracle.planFiles(scenario, target))))));
  }

  /**
   * Every scenario with a split size larger than every file, and the split-offsets scenario, whose
   * files cover every split case, with every split size: both read the same files.
   */
  @TestFactory
  Stream<DynamicNode> floeSplitsReadTheSameFilesAsIceberg() {
    return ScenarioLibrary.shared().stream()
        .map(
            scenario ->
                dynamicContainer(
                    scenario.toString(),
                    splitSizesFor(scenario).stream()
                        .map(
                            splitSize ->
                                dynamicTest(
                                    scenario + " split size " + splitSize,
                                    () -> {
                                      ScanTarget current = new ScanTarget.Current();
                                      assertThat(
                                              filesRead(
                                                  floe.planSplits(scenario, current, splitSize)))
                                          .as(
                                              "files Floe's splits of %s read (split size %d)",
                                              scenario, splitSize)
                                          .isEqualTo(
                                              filesRead(
                                                  oracle.planSplits(scenario, current, splitSize)));
                                    }))));
  }

  private static SortedSet<String> filesRead(List<SplitPiece> splits) {
    return splits.stream().map(SplitPiece::location).collect(Collectors.toCollection(TreeSet::new));
  }

  private static List<Long> splitSizesFor(Scenario scenario) {
    return scenario.name().equals("split-offsets") ? SPLIT_SIZES : List.of(WHOLE_FILES);
  }
}
