package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestCometPlan {
  @Test
  void aPlanWithTheNativeIcebergScanIsNative() {
    CometPlan plan =
        new CometPlan(
            List.of("CometColumnarToRow", "CometHashAggregate", "CometIcebergNativeScan"),
            List.of());

    assertThat(plan.nativeIcebergScan()).as("Comet 0.12.0's native Iceberg scan").isTrue();
  }

  @Test
  void aFallbackGivesCometsReasonOrSaysThereWasNone() {
    CometPlan refused =
        new CometPlan(
            List.of(),
            List.of(
                "Iceberg table format version 3 is not supported.",
                "Comet only supports Iceberg table format V1 and V2"));
    CometPlan silent = new CometPlan(List.of("CometFilter"), List.of());

    assertThat(refused.nativeIcebergScan()).as("no native scan").isFalse();
    assertThat(refused.fallbackReason())
        .as("Comet's reasons, joined")
        .isEqualTo(
            "Iceberg table format version 3 is not supported.; Comet only supports Iceberg"
                + " table format V1 and V2");
    assertThat(silent.nativeIcebergScan()).as("a Comet filter over Spark's scan").isFalse();
    assertThat(silent.fallbackReason())
        .isEqualTo(
            "no CometIcebergNativeScan in the plan and no reason from Comet (Comet ran"
                + " [CometFilter])");
  }

  @Test
  void cometAboveASparkScanNeedsTheConversionAndAnOperatorOfTheQuery() {
    CometPlan above =
        new CometPlan(
            List.of("CometColumnarToRow", "CometHashAggregate", "CometSparkColumnarToColumnar"),
            List.of());
    CometPlan onlyConverted =
        new CometPlan(List.of("CometColumnarToRow", "CometSparkColumnarToColumnar"), List.of());
    CometPlan aboveRows =
        new CometPlan(List.of("CometHashAggregate", "CometSparkRowToColumnar"), List.of());
    CometPlan notConverted = new CometPlan(List.of("CometHashAggregate"), List.of());
    CometPlan none = new CometPlan(List.of(), List.of());

    assertThat(above.nativeAboveSparkScan()).as("an aggregate above the conversion").isTrue();
    assertThat(aboveRows.nativeAboveSparkScan())
        .as("an aggregate above the rows of an aggregate computed in the scan")
        .isTrue();
    assertThat(onlyConverted.nativeAboveSparkScan()).as("converted and back, no work").isFalse();
    assertThat(onlyConverted.aboveSparkScanFallbackReason())
        .isEqualTo(
            "Comet converted the scan's output but ran no operator of the query's above them"
                + " ([CometColumnarToRow, CometSparkColumnarToColumnar])");
    assertThat(notConverted.nativeAboveSparkScan()).as("no conversion of the scan").isFalse();
    assertThat(notConverted.aboveSparkScanFallbackReason())
        .isEqualTo(
            "no conversion of the scan's output to Arrow (CometSparkColumnarToColumnar or"
                + " CometSparkRowToColumnar) (Comet ran [CometHashAggregate])");
    assertThat(none.aboveSparkScanFallbackReason())
        .isEqualTo(
            "no conversion of the scan's output to Arrow (CometSparkColumnarToColumnar or"
                + " CometSparkRowToColumnar) (no Comet operator at all)");
  }
}
