package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestDistributedPlanningSettings {

  @Test
  void fullSizeIsTenThousandManifestsWithAndWithoutDeletes() {
    DistributedPlanningSettings settings = DistributedPlanningSettings.from(Map.of());

    assertThat(settings.shapes())
        .as("the data-only table, then the same with deletes; no larger third table")
        .containsExactly(
            TableShape.dataOnly(10_000, 100, 20),
            TableShape.dataOnly(10_000, 100, 20).withDeleteFilesPerPartition(50));
    assertThat(settings.master()).isEqualTo("local[2]");
    assertThat(settings.heap()).isEqualTo("6g");
    assertThat(settings.markdownOutput()).isNull();
  }

  @Test
  void smokeKeepsThePlanningBenchmarksTinyTables() {
    DistributedPlanningSettings settings =
        DistributedPlanningSettings.from(
            Map.of("bench.size", "smoke", "bench.largeManifests", "20"));

    assertThat(settings.shapes())
        .as("bench.largeManifests means nothing here")
        .containsExactly(
            TableShape.dataOnly(10, 10, 4),
            TableShape.dataOnly(10, 10, 4).withDeleteFilesPerPartition(3));
    assertThat(settings.warmupRuns()).isEqualTo(1);
    assertThat(settings.measuredRuns()).isEqualTo(3);
  }

  @Test
  void propertiesOverrideThePreset() {
    DistributedPlanningSettings settings =
        DistributedPlanningSettings.from(
            Map.of(
                "bench.manifests", "2000",
                "bench.filesPerManifest", "50",
                "bench.deletesPerPartition", "0",
                "bench.master", "local[4]",
                "bench.heap", "12g",
                "bench.runs", "9"));

    assertThat(settings.shapes())
        .as("no deletes: the data-only table alone")
        .containsExactly(TableShape.dataOnly(2000, 50, 20));
    assertThat(settings.master()).isEqualTo("local[4]");
    assertThat(settings.heap()).isEqualTo("12g");
    assertThat(settings.measuredRuns()).isEqualTo(9);
  }

  @Test
  void theBenchProfilesDefaultReportGetsAFileOfItsOwn() {
    assertThat(
            DistributedPlanningSettings.from(
                    Map.of("bench.output", "target/benchmarks/planning.md"))
                .markdownOutput())
        .as("the planning benchmark's report is not overwritten")
        .isEqualTo(Path.of("target/benchmarks/distributed-planning.md"));
    assertThat(
            DistributedPlanningSettings.from(Map.of("bench.output", "/tmp/mine.md"))
                .markdownOutput())
        .isEqualTo(Path.of("/tmp/mine.md"));
  }

  @Test
  void aBadHeapIsRefusedByName() {
    assertThatThrownBy(() -> DistributedPlanningSettings.from(Map.of("bench.heap", "-Xmx6g")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bench.heap must be a JVM heap size such as 6g or 4096m, not '-Xmx6g'");
  }
}
