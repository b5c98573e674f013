package dev.floe.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import dev.floe.scan.FileScanTask;
import dev.floe.scan.ScanTaskGroup;
import dev.floe.scan.TableScan;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * A plan is deterministic: the same snapshot gives the same tasks, in the same order, with the same
 * delete files in the same order, and the same groups, whether manifests are read by one thread or
 * by many (so whichever read finishes first).
 */
class TestFloePlanDeterminism {
  @TestFactory
  Stream<DynamicTest> planDoesNotDependOnThePlanningThreadCount() {
    return ScenarioLibrary.shared().stream()
        .map(
            scenario ->
                dynamicTest(
                    scenario.toString(),
                    () -> {
                      TableScan scan =
                          FloePlanner.scan(scenario.location(), new ScanTarget.Current());
                      List<FileScanTask> oneThread = scan.planningThreads(1).planFiles();
                      for (int attempt = 0; attempt < 3; attempt++) {
                        assertThat(scan.planningThreads(4).planFiles())
                            .as("%s planned on 4 threads, attempt %d", scenario, attempt)
                            .isEqualTo(oneThread);
                      }
                      List<ScanTaskGroup> groups = scan.planningThreads(1).planGroups(3);
                      assertThat(scan.planningThreads(4).planGroups(3))
                          .as("%s grouped after planning on 4 threads", scenario)
                          .isEqualTo(groups);
                      List<FileScanTask> tasks = scan.planTasks();
                      assertThat(scan.planGroups())
                          .as("%s: every split in exactly one group", scenario)
                          .flatExtracting(ScanTaskGroup::tasks)
                          .containsExactlyInAnyOrderElementsOf(tasks);
                    }));
  }
}
