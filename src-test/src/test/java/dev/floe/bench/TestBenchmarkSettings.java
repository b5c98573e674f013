package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestBenchmarkSettings {
  @Test
  void fullSizeByDefault() {
    BenchmarkSettings settings = BenchmarkSettings.from(Map.of());

    assertThat(settings.sizes())
        .as("the brief's sizes: 1000 and 5000 manifests of 100 files, 20 partitions, 50 deletes")
        .isEqualTo(new BenchmarkSettings.TableSizes(1000, 100, 5000, 20, 50));
    assertThat(settings.threads())
        .as("the N-thread case uses every processor")
        .isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(settings.warmupRuns()).as("full warm-up rounds").isEqualTo(2);
    assertThat(settings.measuredRuns()).as("full measured rounds").isEqualTo(5);
    assertThat(settings.markdownOutput()).as("no Markdown unless asked").isNull();
    assertThat(settings.workDirectory()).as("a temporary directory unless asked").isNull();
  }

  @Test
  void smokePresetIsSmallAndRefinable() {
    BenchmarkSettings settings =
        BenchmarkSettings.from(
            Map.of(
                "bench.size", "smoke",
                "bench.manifests", "7",
                "bench.runs", "5",
                "bench.output", "target/x.md"));

    assertThat(settings.sizes())
        .as("the smoke preset with the manifest count overridden")
        .isEqualTo(new BenchmarkSettings.TableSizes(7, 10, 20, 4, 3));
    assertThat(settings.warmupRuns()).isEqualTo(1);
    assertThat(settings.measuredRuns()).isEqualTo(5);
    assertThat(settings.markdownOutput()).isEqualTo(Path.of("target/x.md"));
  }

  @Test
  void shapesAreBaseThenDeletesThenLarge() {
    BenchmarkSettings settings = BenchmarkSettings.from(Map.of("bench.size", "smoke"));

    assertThat(settings.shapes())
        .extracting(TableShape::name)
        .as("base table, base table with deletes, large table")
        .containsExactly(
            "10 manifests x 10 files",
            "10 manifests x 10 files + 3 position deletes/partition",
            "20 manifests x 10 files");
  }

  @Test
  void zeroSkipsTheLargeTableAndTheDeletes() {
    BenchmarkSettings settings =
        BenchmarkSettings.from(
            Map.of(
                "bench.size",
                "smoke",
                "bench.largeManifests",
                "0",
                "bench.deletesPerPartition",
                "0"));

    assertThat(settings.shapes())
        .extracting(TableShape::name)
        .containsExactly("10 manifests x 10 files");
  }

  @Test
  void rejectsAnUnknownSize() {
    assertThatThrownBy(() -> BenchmarkSettings.from(Map.of("bench.size", "huge")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bench.size must be 'full' or 'smoke', not 'huge'");
  }

  @Test
  void rejectsANonNumber() {
    assertThatThrownBy(() -> BenchmarkSettings.from(Map.of("bench.runs", "many")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bench.runs must be a whole number >= 0, not 'many'");
  }

  @Test
  void rejectsZeroMeasuredRuns() {
    assertThatThrownBy(() -> BenchmarkSettings.from(Map.of("bench.runs", "0")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Need warm-up >= 0, runs >= 1 and threads >= 1");
  }
}
