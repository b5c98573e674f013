package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestReadReportTable {
  private static ReadReportTable twoReaders() {
    return new ReadReportTable(
        List.of("table", "case"),
        List.of("Floe", "Iceberg", "Spark Parquet"),
        List.of(new ReadReportTable.Ratio(0, 1), new ReadReportTable.Ratio(0, 2)));
  }

  @Test
  void rendersLabelsTimesAndRatios() {
    ReadReportTable table = twoReaders();
    table.add(
        List.of("dv", "count"),
        List.of(
            ReadOutcome.measured("9", 100, 90, 120),
            ReadOutcome.measured("9", 400, 380, 500),
            ReadOutcome.notApplicable("no deletes")));

    assertThat(table.markdown())
        .as("one row, the ratio to the reader not run is n/a, no problem list")
        .isEqualTo(
            """
            | table | case | Floe ms | Iceberg ms | Spark Parquet ms | Floe/Iceberg | Floe/Spark Parquet |
            |---|---|---:|---:|---:|---:|---:|
            | dv | count | 100 [90-120] | 400 [380-500] | - | 0.25 | n/a |
            """);
    assertThat(table.problems()).as("nothing failed").isEmpty();
    assertThat(table.hasWrongAnswer()).as("no wrong answer").isFalse();
  }

  @Test
  void listsFailuresAndWrongAnswersUnderTheTable() {
    ReadReportTable table = twoReaders();
    table.add(
        List.of("equality", "count"),
        List.of(
            ReadOutcome.measured("8", 100, 90, 120).checkedAgainst("9", "expected"),
            ReadOutcome.failed("IOException: gone"),
            ReadOutcome.notApplicable("no deletes")));

    assertThat(table.problems())
        .as("reader, labels and reason")
        .containsExactly(
            "Floe, equality, count: WRONG ANSWER: answered 8, expected 9",
            "Iceberg, equality, count: IOException: gone");
    assertThat(table.hasWrongAnswer()).as("Floe answered wrongly").isTrue();
    assertThat(table.markdown())
        .as("no figure for either, and the reasons below")
        .contains("| equality | count | n/a | n/a | - | n/a | n/a |")
        .contains(
            "\nNo figure where a reader failed or answered differently:\n\n"
                + "- Floe, equality, count: WRONG ANSWER: answered 8, expected 9\n");
  }

  @Test
  void rejectsRowsOfTheWrongShapeAndRatiosOfUnknownReaders() {
    ReadReportTable table = twoReaders();
    assertThatThrownBy(() -> table.add(List.of("dv"), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("A row needs 2 labels and 3 outcomes, not 1 and 0");
    assertThatThrownBy(
            () ->
                new ReadReportTable(
                    List.of("case"), List.of("Floe"), List.of(new ReadReportTable.Ratio(0, 1))))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessageContaining("Index 1 out of bounds for length 1");
  }
}
