package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class TestScaleBenchmarkSettings {
  @Test
  void fullIsTheDefaultPresetAndMatchesIssue20() {
    ScaleBenchmarkSettings settings = ScaleBenchmarkSettings.from(new Properties());
    assertThat(settings.tables().large().dataFiles()).as("1M files").isEqualTo(1_000_000);
    assertThat(settings.tables().medium().dataFiles()).as("100k files").isEqualTo(100_000);
    assertThat(settings.tables().fileBytes()).as("8 MiB files").isEqualTo(8L << 20);
    assertThat(settings.tables().small().dataFiles()).as("86 small files").isEqualTo(86);
    assertThat(settings.tables().smallFileBytes()).as("1.1 MB each").isEqualTo(1_100_000);
    assertThat(settings.drivers().heap()).as("driver heap").isEqualTo("2g");
    assertThat(settings.drivers().largerHeap()).as("heap of a rerun after OOM").isEqualTo("6g");
    assertThat(settings.largeSplitSizeBytes()).as("512 MiB").isEqualTo(512L << 20);
    assertThat(settings.buildOnly()).as("measures by default").isFalse();
    assertThat(settings.markdownOutput()).as("no output unless told").isNull();
    assertThat(settings.workDirectory()).as("a temporary directory unless told").isNull();
  }

  @Test
  void smokePresetIsTinyAndPropertiesRefineIt() {
    Properties properties = new Properties();
    properties.setProperty("bench.scale.size", "smoke");
    properties.setProperty("bench.scale.largeManifests", "6");
    properties.setProperty("bench.scale.driverHeap", "512m");
    properties.setProperty("bench.scale.buildOnly", "true");
    properties.setProperty("bench.scale.dir", "/work/bench-tables");
    properties.setProperty("bench.scale.output", " ");
    ScaleBenchmarkSettings settings = ScaleBenchmarkSettings.from(properties);
    assertThat(settings.tables().large().dataFiles()).as("6 x 10 files").isEqualTo(60);
    assertThat(settings.tables().medium().dataFiles()).as("smoke medium").isEqualTo(20);
    assertThat(settings.drivers().heap()).as("heap from the property").isEqualTo("512m");
    assertThat(settings.drivers().timeoutMinutes()).as("smoke timeout").isEqualTo(5);
    assertThat(settings.buildOnly()).as("build only").isTrue();
    assertThat(settings.workDirectory()).as("dir").isEqualTo(Path.of("/work/bench-tables"));
    assertThat(settings.markdownOutput()).as("a blank output is none").isNull();
  }

  @Test
  void rejectsUnknownPresetsBadNumbersAndHeaps() {
    assertThatThrownBy(() -> ScaleBenchmarkSettings.from(with("bench.scale.size", "huge")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Unknown bench.scale.size 'huge': use full or smoke");
    assertThatThrownBy(() -> ScaleBenchmarkSettings.from(with("bench.scale.fileMb", "-8")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bench.scale.fileMb must be a whole number >= 0, not '-8'");
    assertThatThrownBy(() -> ScaleBenchmarkSettings.from(with("bench.scale.driverHeap", "2 GB")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bench.scale.driverHeap must be a -Xmx size such as 2g, not '2 GB'");
    assertThatThrownBy(() -> ScaleBenchmarkSettings.from(with("bench.scale.buildOnly", "yes")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bench.scale.buildOnly must be true or false, not 'yes'");
    assertThatThrownBy(() -> ScaleBenchmarkSettings.from(with("bench.scale.smallFiles", "0")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Every table needs at least one manifest, file and partition");
  }

  private static Properties with(String key, String value) {
    Properties properties = new Properties();
    properties.setProperty(key, value);
    return properties;
  }
}
