package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.it.spark.ReadFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestLineitemReport {
  private static final List<BenchmarkReader> READERS =
      List.of(
          BenchmarkReader.FLOE,
          BenchmarkReader.ICEBERG,
          BenchmarkReader.SPARK_PARQUET,
          BenchmarkReader.COMET,
          BenchmarkReader.IN_MEMORY);

  private static final DeleteBenchmarkTable LINEITEM = table("lineitem", "no deletes", 0);
  private static final DeleteBenchmarkTable NESTED = table("nested", "no deletes", 0);
  private static final DeleteBenchmarkTable DELETION_VECTORS =
      table("lineitem_dv_10", DeleteKind.DELETION_VECTORS.label(), 10);
  private static final DeleteBenchmarkTable POSITION_DELETES =
      table("lineitem_position_10", DeleteKind.POSITION_DELETES.label(), 10);

  @Test
  void theTableHasAColumnAndARatioForCometAndTheFloor() {
    ReadReportTable table = reportTable(READERS);
    table.add(
        List.of("lineitem", "Q1 aggregate"),
        List.of(
            measured(60),
            measured(100),
            measured(80),
            measured(120),
            ReadOutcome.measured("rows", 40, 40, 40)));

    assertThat(table.markdown())
        .as("new columns after the existing ones, Floe over each")
        .startsWith(
            "| table | case | Floe ms | Iceberg ms | Spark Parquet ms | Comet ms | In memory ms"
                + " | Floe/Iceberg | Floe/Spark Parquet | Iceberg/Floe | Floe/Comet"
                + " | Floe/In memory |\n")
        .contains("| lineitem | Q1 aggregate | 60 [60-60] | 100 [100-100] | 80 [80-80]")
        .contains("| 0.60 | 0.75 | 1.67 | 0.50 | 1.50 |");
  }

  /** The suite's report table for these readers, with its ratios. */
  private static ReadReportTable reportTable(List<BenchmarkReader> readers) {
    return new ReadReportTable(
        List.of("table", "case"),
        readers.stream().map(BenchmarkReader::label).toList(),
        LineitemMeasurement.ratios(readers));
  }

  /** Floe under Comet's operators is set against Comet's own scan, its own column last. */
  @Test
  void floeUnderCometsOperatorsIsSetAgainstComet() {
    List<BenchmarkReader> readers =
        List.of(
            BenchmarkReader.FLOE,
            BenchmarkReader.ICEBERG,
            BenchmarkReader.SPARK_PARQUET,
            BenchmarkReader.COMET,
            BenchmarkReader.FLOE_COMET);
    ReadReportTable table = reportTable(readers);
    table.add(
        List.of("lineitem", "Q1 aggregate"),
        List.of(measured(400), measured(500), measured(600), measured(100), measured(150)));

    assertThat(table.markdown())
        .startsWith(
            "| table | case | Floe ms | Iceberg ms | Spark Parquet ms | Comet ms"
                + " | Floe + Comet exec ms | Floe/Iceberg | Floe/Spark Parquet | Iceberg/Floe"
                + " | Floe/Comet | Floe + Comet exec/Comet |\n")
        .contains("| 0.80 | 0.67 | 1.25 | 4.00 | 1.50 |");
  }

  /**
   * Floe with aggregate pushdown off times the aggregates only (a case collected, not sent to the
   * noop sink), and the report sets Floe against it and it against Iceberg.
   */
  @Test
  void floeHandingRowsToSparkIsTimedOnAggregatesBesideFloe() {
    List<BenchmarkReader> readers =
        List.of(
            BenchmarkReader.FLOE,
            BenchmarkReader.ICEBERG,
            BenchmarkReader.SPARK_PARQUET,
            BenchmarkReader.FLOE_ROWS);
    ReadReportTable table = reportTable(readers);
    table.add(
        List.of("lineitem", "scan aggregate"),
        List.of(measured(30), measured(100), measured(80), measured(60)));

    assertThat(table.markdown())
        .startsWith(
            "| table | case | Floe ms | Iceberg ms | Spark Parquet ms | Floe (rows) ms"
                + " | Floe/Iceberg | Floe/Spark Parquet | Iceberg/Floe | Floe/Floe (rows)"
                + " | Floe (rows)/Iceberg |\n")
        .contains("| 0.30 | 0.38 | 3.33 | 0.50 | 0.60 |");
    assertThat(
            suiteCase(LINEITEM, "scan aggregate", LineitemCase.Goal.READ)
                .readBy(BenchmarkReader.FLOE_ROWS))
        .as("an aggregate")
        .isTrue();
    assertThat(
            new LineitemCase(
                    LINEITEM,
                    LineitemCases.FULL_SCAN,
                    rows -> rows,
                    true,
                    null,
                    LineitemCase.Goal.FULL_SCAN)
                .readBy(BenchmarkReader.FLOE_ROWS))
        .as("a scan to the noop sink has no aggregate to push")
        .isFalse();
  }

  @Test
  void eachCaseIsHeldToIssueTwentySixsTargets() {
    List<LineitemCase> cases =
        List.of(
            suiteCase(LINEITEM, "Q1 aggregate", LineitemCase.Goal.READ),
            suiteCase(LINEITEM, LineitemCases.FULL_SCAN, LineitemCase.Goal.FULL_SCAN),
            suiteCase(NESTED, "sums", LineitemCase.Goal.NESTED),
            suiteCase(NESTED, "full read (noop)", LineitemCase.Goal.NESTED_FULL_SCAN),
            suiteCase(DELETION_VECTORS, "COUNT(*)", LineitemCase.Goal.COUNT_WITH_DELETES),
            suiteCase(POSITION_DELETES, "scan aggregate", LineitemCase.Goal.DELETES));
    List<Map<BenchmarkReader, ReadOutcome>> outcomes = new ArrayList<>();
    outcomes.add(outcomes(60, 100, 80, measured(80), measured(30)));
    outcomes.add(outcomes(60, 100, 80, measured(70), measured(30)));
    outcomes.add(outcomes(80, 100, 80, measured(200), measured(10)));
    outcomes.add(outcomes(81, 100, 82, measured(200), measured(54)));
    outcomes.add(outcomes(5, 100, Double.NaN, ReadOutcome.fellBack("format v3"), null));
    outcomes.add(outcomes(40, 100, Double.NaN, measured(50), null));

    List<String> targets = LineitemReport.targets(measurement(cases, outcomes));

    assertThat(targets)
        .as("Comet on every case, then each kind's own targets")
        .containsExactly(
            "lineitem: Q1 aggregate: Floe/Comet 0.75 <= 0.75: met; Floe/Iceberg 0.60 <= 0.6: met",
            "lineitem: "
                + LineitemCases.FULL_SCAN
                + ": Floe/Comet 0.86 <= 0.75: MISSED; Floe/Iceberg 0.60 <= 0.6: met;"
                + " Floe/In memory 2.00 <= 1.5: MISSED",
            "nested: sums: Floe/Comet 0.40 <= 0.75: met; Floe/Iceberg 0.80 <= 0.8: met;"
                + " Floe/Spark Parquet 1.00 <= 1: met",
            "nested: full read (noop): Floe/Comet 0.41 <= 0.75: met; Floe/Iceberg 0.81 <= 0.8:"
                + " MISSED; Floe/Spark Parquet 0.99 <= 1: met; Floe/In memory 1.50 <= 1.5: met",
            "v3 deletion vectors 10%: COUNT(*): Floe/Comet: no figure (Comet fell back);"
                + " Floe/Iceberg 0.05 <= 0.05: met",
            "v2 position deletes 10%: scan aggregate: Floe/Comet 0.80 <= 0.75: MISSED;"
                + " Floe/Iceberg 0.40 <= 0.4: met");
  }

  @Test
  void cometsCoverageSaysWhereItFellBackAndWhy() {
    List<LineitemCase> cases =
        List.of(
            suiteCase(LINEITEM, "Q1 aggregate", LineitemCase.Goal.READ),
            suiteCase(DELETION_VECTORS, "COUNT(*)", LineitemCase.Goal.COUNT_WITH_DELETES));
    List<Map<BenchmarkReader, ReadOutcome>> outcomes =
        List.of(
            outcomes(60, 100, 80, measured(80), measured(30)),
            outcomes(5, 100, Double.NaN, ReadOutcome.fellBack("format version 3"), null));

    assertThat(LineitemReport.cometCoverage(measurement(cases, outcomes)))
        .containsExactly(
            "lineitem: Q1 aggregate: native",
            "v3 deletion vectors 10%: COUNT(*): fell back: format version 3");
  }

  @Test
  void aCaseWithoutCometOrFloorSaysSo() {
    Map<BenchmarkReader, ReadOutcome> outcomes = new EnumMap<>(BenchmarkReader.class);
    outcomes.put(BenchmarkReader.FLOE, measured(60));
    outcomes.put(BenchmarkReader.ICEBERG, measured(100));
    outcomes.put(BenchmarkReader.SPARK_PARQUET, measured(80));
    LineitemCase fullScan =
        suiteCase(LINEITEM, LineitemCases.FULL_SCAN, LineitemCase.Goal.FULL_SCAN);

    assertThat(LineitemReport.targets(measurement(List.of(fullScan), List.of(outcomes))))
        .as("Comet and the floor were not timed (a Spark 4 line, bench.lineitem.inMemory=false)")
        .containsExactly(
            "lineitem: "
                + LineitemCases.FULL_SCAN
                + ": Floe/Comet: not run; Floe/Iceberg 0.60 <= 0.6: met; Floe/In memory: not run");
  }

  private static LineitemMeasurement measurement(
      List<LineitemCase> cases, List<Map<BenchmarkReader, ReadOutcome>> outcomes) {
    ReadReportTable table =
        new ReadReportTable(List.of("table", "case"), List.of("Floe"), List.of());
    return new LineitemMeasurement(
        table, cases, outcomes, cases.stream().map(suiteCase -> List.<String>of()).toList());
  }

  private static Map<BenchmarkReader, ReadOutcome> outcomes(
      double floe, double iceberg, double sparkParquet, ReadOutcome comet, ReadOutcome inMemory) {
    Map<BenchmarkReader, ReadOutcome> outcomes = new EnumMap<>(BenchmarkReader.class);
    outcomes.put(BenchmarkReader.FLOE, measured(floe));
    outcomes.put(BenchmarkReader.ICEBERG, measured(iceberg));
    outcomes.put(
        BenchmarkReader.SPARK_PARQUET,
        Double.isNaN(sparkParquet) ? ReadOutcome.notApplicable("deletes") : measured(sparkParquet));
    outcomes.put(BenchmarkReader.COMET, comet);
    outcomes.put(
        BenchmarkReader.IN_MEMORY,
        inMemory == null ? ReadOutcome.notApplicable("deletes") : inMemory);
    return outcomes;
  }

  private static ReadOutcome measured(double millis) {
    return ReadOutcome.measured("rows", millis, millis, millis);
  }

  private static LineitemCase suiteCase(
      DeleteBenchmarkTable table, String name, LineitemCase.Goal goal) {
    return new LineitemCase(table, name, rows -> rows, false, null, goal);
  }

  private static DeleteBenchmarkTable table(String name, String label, int deletedPercent) {
    ReadFixture fixture =
        new ReadFixture(name, "ice.bench." + name, Path.of("/tmp", name), 100, List.of());
    return new DeleteBenchmarkTable(
        deletedPercent == 0 ? name : label, deletedPercent, fixture, List.of(), "summary");
  }
}
