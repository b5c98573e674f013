package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestBenchmarkReport {
  private static final TableShape TABLE = TableShape.dataOnly(1000, 100, 20);
  private static final Comparison HALF_THE_TIME =
      new Comparison(
          TABLE.name(),
          "1 thread",
          new Distribution(500_000_000, 490_000_000, 510_000_000),
          new Distribution(1_000_000_000, 950_000_000, 1_100_000_000),
          new Distribution(300_000_000, 300_000_000, 300_000_000),
          new Distribution(1_200_000_000, 1_200_000_000, 1_200_000_000));

  private final BenchmarkReport report =
      new BenchmarkReport(
          List.of("Java 17"),
          List.of(new BenchmarkReport.BuiltTable(TABLE, 12_300)),
          List.of(HALF_THE_TIME));

  @Test
  void markdownHasOneRowPerCaseWithRatios() {
    String markdown = report.markdown();

    assertThat(markdown)
        .as("times in ms, MB in 10^6 bytes, ratios Floe/Iceberg")
        .contains(
            "| 1000 manifests x 100 files, 1 thread | 500.0 [490.0, 510.0]"
                + " | 1000.0 [950.0, 1100.0] | 0.50 | 300.0 [300.0, 300.0]"
                + " | 1200.0 [1200.0, 1200.0] | 0.25 |");
    assertThat(markdown)
        .as("the table list says how it was built")
        .contains("| 1000 manifests x 100 files | 1000 | 100000 | 0 | 12.3 s |");
    assertThat(markdown).as("the environment is listed").contains("- Java 17");
  }

  @Test
  void reusedTableSaysSo() {
    BenchmarkReport reused =
        new BenchmarkReport(
            List.of(),
            List.of(new BenchmarkReport.BuiltTable(TABLE, BenchmarkReport.BuiltTable.REUSED)),
            List.of(HALF_THE_TIME));

    assertThat(reused.markdown())
        .contains("| 1000 manifests x 100 files | 1000 | 100000 | 0 | reused |");
    assertThat(reused.text()).contains("reused from an earlier run");
  }

  @Test
  void textAlignsTheColumns() {
    List<String> lines = report.text().lines().toList();
    String header =
        lines.stream().filter(line -> line.startsWith("case")).findFirst().orElseThrow();
    String row = lines.get(lines.indexOf(header) + 1);

    assertThat(row.length()).as("every row as wide as the header").isEqualTo(header.length());
    assertThat(row).endsWith("0.25");
  }
}
