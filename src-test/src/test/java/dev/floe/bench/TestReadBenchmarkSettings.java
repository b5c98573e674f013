package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class TestReadBenchmarkSettings {
  @Test
  void smokePresetIsSmallAndPropertiesRefineIt() {
    Properties properties = new Properties();
    properties.setProperty("bench.read.size", "smoke");
    properties.setProperty("bench.read.runs", "3");
    properties.setProperty("bench.read.output", "target/read.md");
    ReadBenchmarkSettings settings = ReadBenchmarkSettings.from(properties);
    assertThat(settings.rows()).as("smoke rows").isEqualTo(100_000);
    assertThat(settings.measuredRuns()).as("runs from the property").isEqualTo(3);
    assertThat(settings.markdownOutput()).as("output").isEqualTo(Path.of("target/read.md"));
    assertThat(settings.workDirectory()).as("no work directory: a temporary one").isNull();
  }

  @Test
  void fullIsTheDefaultPreset() {
    assertThat(ReadBenchmarkSettings.from(new Properties()).rows())
        .as("full rows")
        .isEqualTo(4_000_000);
  }

  @Test
  void rejectsUnknownPresetsAndBadNumbers() {
    Properties unknown = new Properties();
    unknown.setProperty("bench.read.size", "huge");
    assertThatThrownBy(() -> ReadBenchmarkSettings.from(unknown))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Unknown bench.read.size 'huge'");
    Properties notANumber = new Properties();
    notANumber.setProperty("bench.read.rows", "many");
    assertThatThrownBy(() -> ReadBenchmarkSettings.from(notANumber))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bench.read.rows must be a whole number, not 'many'");
    Properties noRuns = new Properties();
    noRuns.setProperty("bench.read.runs", "0");
    assertThatThrownBy(() -> ReadBenchmarkSettings.from(noRuns))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("measured runs 0 (>= 1)");
  }
}
