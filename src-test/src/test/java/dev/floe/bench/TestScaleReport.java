package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class TestScaleReport {
  private static final ScaleStep STEP =
      ScaleStep.partitions("1,000,000 files: partitions", "/t", 0);
  private static final ScaleOutcome FLOE =
      new ScaleOutcome(
          ScaleOutcome.Status.OK,
          "",
          2,
          9_000,
          3_000_000_000L,
          1_500_000_000L,
          900_000_000L,
          800_000_000L);
  private static final ScaleOutcome ICEBERG_OOM =
      ScaleOutcome.failed(
          ScaleOutcome.Status.OOM, "OutOfMemoryError after 60000 ms: Java heap space");

  @Test
  void anOutOfMemoryReaderShowsOomAndNoRatio() {
    ScaleReport report = new ScaleReport();
    report.add(STEP, ScaleReader.FLOE, FLOE);
    report.add(STEP, ScaleReader.ICEBERG, ICEBERG_OOM);
    String markdown = report.markdown(List.of("header line"));
    assertThat(markdown)
        .as("answers row")
        .contains("| 1,000,000 files: partitions | 2 | OOM | n/a |")
        .as("figures row: ms, peak, live, retained, allocated in MB")
        .contains(
            "| 1,000,000 files: partitions | 9,000 | OOM | n/a | 1,500 | OOM | n/a | 900 | OOM"
                + " | 800 | OOM | 3,000 | OOM | n/a |")
        .as("the reason is noted")
        .contains("- Iceberg, 1,000,000 files: partitions: OOM, OutOfMemoryError after 60000 ms");
  }

  @Test
  void ratiosAreFloeOverIceberg() {
    ScaleReport report = new ScaleReport();
    report.add(STEP, ScaleReader.FLOE, FLOE);
    report.add(
        STEP,
        ScaleReader.ICEBERG,
        new ScaleOutcome(
            ScaleOutcome.Status.OK,
            "",
            62_500,
            18_000,
            6_000_000_000L,
            2_000_000_000L,
            1_800_000_000L,
            1_000_000_000L));
    assertThat(report.markdown(List.of()))
        .as("2 / 62,500 partitions in two significant digits")
        .contains("| 2 | 62,500 | 0.000032 |")
        .as("time 9,000 / 18,000 ms")
        .contains("| 9,000 | 18,000 | 0.50 |");
  }

  @Test
  void outcomesSurviveTheResultsFile() {
    Properties properties = new Properties();
    FLOE.store(properties, "step.0.");
    ICEBERG_OOM.store(properties, "step.1.");
    assertThat(ScaleOutcome.load(properties, "step.0.")).as("ok").isEqualTo(FLOE);
    assertThat(ScaleOutcome.load(properties, "step.1.")).as("oom").isEqualTo(ICEBERG_OOM);
    assertThat(ScaleOutcome.load(properties, "step.2.")).as("never stored").isNull();
  }
}
