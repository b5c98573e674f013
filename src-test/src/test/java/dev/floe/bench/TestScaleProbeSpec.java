package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestScaleProbeSpec {
  private static final ScaleStep PARTITIONS_512 =
      ScaleStep.partitions(
          "100,000 files: partitions, split-size 512 MiB", "/t/medium", 512L << 20);
  private static final ScaleStep PRUNED = ScaleStep.count("1M: count", "/t/large", "id < 0");

  @Test
  void survivesItsPropertiesFile() {
    ScaleProbeSpec spec =
        new ScaleProbeSpec(
            "floe-large",
            ScaleReader.FLOE,
            "/t/small",
            Path.of("/tmp/floe.histogram"),
            25,
            List.of(PARTITIONS_512, PRUNED));
    assertThat(ScaleProbeSpec.fromProperties(spec.toProperties()))
        .as("the child reads what the parent wrote")
        .isEqualTo(spec);
    ScaleProbeSpec noHistogram =
        new ScaleProbeSpec("iceberg-x", ScaleReader.ICEBERG, "/t/small", null, 0, List.of(PRUNED));
    assertThat(ScaleProbeSpec.fromProperties(noHistogram.toProperties()).histogramFile())
        .as("no histogram stays none")
        .isNull();
  }

  @Test
  void stepsPassTheSplitSizeOnlyWhenGiven() {
    assertThat(PARTITIONS_512.options())
        .as("split-size in bytes")
        .isEqualTo(Map.of("split-size", "536870912"));
    assertThat(PRUNED.options()).as("the reader's default").isEmpty();
  }

  @Test
  void rejectsStepsAndSpecsThatCannotRun() {
    assertThatThrownBy(() -> ScaleStep.count("c", "/t", " "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("A count step needs a filter and a partitions step none: COUNT ' '");
    assertThatThrownBy(
            () ->
                new ScaleProbeSpec("Floe Large", ScaleReader.FLOE, "/t", null, 0, List.of(PRUNED)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("A probe needs a file-name-safe name and at least one step: 'Floe Large'");
  }
}
