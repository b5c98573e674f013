package dev.floe.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import dev.floe.manifest.ManifestContent;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.ManifestFile.ManifestCounts;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Planning modes by name, and the rule {@code auto} follows (Iceberg's). */
class TestPlanningModes {
  private static final int LOCAL_THREADS = 4;

  @Test
  void modesParseByNameInAnyCase() {
    assertThat(PlanningMode.parse("local", "Read option data-planning-mode"))
        .isEqualTo(PlanningMode.LOCAL);
    assertThat(PlanningMode.parse(" Distributed ", "x")).isEqualTo(PlanningMode.DISTRIBUTED);
    assertThat(PlanningMode.parse("AUTO", "x")).isEqualTo(PlanningMode.AUTO);
    assertThat(PlanningMode.DISTRIBUTED.modeName()).isEqualTo("distributed");
  }

  @Test
  void anUnknownModeNamesTheSettingAndTheValidOnes() {
    assertThatThrownBy(() -> PlanningMode.parse("remote", "Read option data-planning-mode"))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Invalid Read option data-planning-mode: 'remote'; expected one of local,"
                + " distributed, auto");
  }

  @Test
  void autoDistributesOnlyManyLargeManifestsWithMoreSlotsThanThreads() {
    List<ManifestFile> large = manifests(9, 64L << 20); // 576 MiB in 9 manifests
    assertThat(FileScanPlanner.autoDistributes(16, LOCAL_THREADS, large))
        .as("more slots, more than twice the threads' manifests, over 128 MiB a thread")
        .isTrue();
    assertThat(FileScanPlanner.autoDistributes(LOCAL_THREADS, LOCAL_THREADS, large))
        .as("no more executor slots than planning threads")
        .isFalse();
    assertThat(FileScanPlanner.autoDistributes(0, LOCAL_THREADS, large))
        .as("no executors at all (a local master)")
        .isFalse();
    assertThat(FileScanPlanner.autoDistributes(16, LOCAL_THREADS, manifests(8, 128L << 20)))
        .as("at most twice as many manifests as threads")
        .isFalse();
    assertThat(FileScanPlanner.autoDistributes(16, LOCAL_THREADS, manifests(4_096, 128L << 10)))
        .as("many manifests of 512 MiB in all: 128 MiB a thread, not more")
        .isFalse();
    assertThat(FileScanPlanner.autoDistributes(16, LOCAL_THREADS, manifests(4_097, 128L << 10)))
        .as("one more")
        .isTrue();
  }

  @Test
  void aReportNamesWhereManifestsWereReadNeverAuto() {
    assertThat(new ScanReport.Planning(PlanningMode.DISTRIBUTED, PlanningMode.LOCAL))
        .hasToString("[data=distributed, deletes=local]");
    assertThatThrownBy(() -> new ScanReport.Planning(PlanningMode.AUTO, PlanningMode.LOCAL))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("A plan reports the mode auto chose, not auto");
  }

  private static List<ManifestFile> manifests(int count, long length) {
    List<ManifestFile> manifests = new ArrayList<>();
    for (int index = 0; index < count; index++) {
      manifests.add(
          new ManifestFile(
              "file:/t/metadata/m" + index + ".avro",
              length,
              0,
              ManifestContent.DATA,
              1,
              1,
              1,
              ManifestCounts.UNKNOWN,
              null,
              null,
              null));
    }
    return manifests;
  }
}
