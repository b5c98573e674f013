package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestReadOutcome {
  private static final ReadOutcome RIGHT = ReadOutcome.measured("rows 9", 200, 150, 400);

  @Test
  void aMeasuredOutcomeShowsItsMedianAndRange() {
    assertThat(RIGHT.cell()).as("median [min-max]").isEqualTo("200 [150-400]");
    assertThat(RIGHT.ratioTo(ReadOutcome.measured("rows 9", 400, 400, 400)))
        .as("medians")
        .isEqualTo(0.5);
  }

  @Test
  void anAnswerOtherThanTheReferenceLosesItsFigure() {
    ReadOutcome checked = RIGHT.checkedAgainst("rows 10", "expected");

    assertThat(checked.status()).as("status").isEqualTo(ReadOutcome.Status.WRONG_ANSWER);
    assertThat(checked.note())
        .as("says what was answered and what was expected")
        .isEqualTo("WRONG ANSWER: answered rows 9, expected rows 10");
    assertThat(checked.cell()).as("no figure").isEqualTo("n/a");
    assertThat(checked.isProblem()).as("listed under the table").isTrue();
    assertThat(checked.ratioTo(RIGHT)).as("no ratio").isNaN();
  }

  @Test
  void theSameAnswerOrNoReferenceKeepsTheFigure() {
    assertThat(RIGHT.checkedAgainst("rows 9", "Iceberg")).as("same answer").isSameAs(RIGHT);
    assertThat(RIGHT.checkedAgainst(null, "Iceberg"))
        .as("the reference reader failed: nothing to compare with")
        .isSameAs(RIGHT);
  }

  @Test
  void failuresAreProblemsAndNotApplicableReadersAreNot() {
    ReadOutcome failed = ReadOutcome.failed("IOException: gone");
    ReadOutcome skipped = ReadOutcome.notApplicable("cannot apply deletes");

    assertThat(failed.checkedAgainst("rows 9", "expected"))
        .as("a failure stays a failure")
        .isSameAs(failed);
    assertThat(failed.isProblem()).as("failure").isTrue();
    assertThat(skipped.isProblem()).as("not run on purpose").isFalse();
    assertThat(skipped.cell()).as("a dash, not n/a").isEqualTo("-");
  }

  @Test
  void aFallbackHasNoFigureAndIsNoProblem() {
    ReadOutcome fellBack = ReadOutcome.fellBack("Iceberg table format version 3 is not supported");

    assertThat(fellBack.status()).as("status").isEqualTo(ReadOutcome.Status.FELL_BACK);
    assertThat(fellBack.note())
        .as("Comet's reason, said as a fallback")
        .isEqualTo("fell back: Iceberg table format version 3 is not supported");
    assertThat(fellBack.cell()).as("said in its cell, not a time").isEqualTo("fell back");
    assertThat(fellBack.isProblem()).as("not a failure of the run").isFalse();
    assertThat(RIGHT.ratioTo(fellBack)).as("no ratio to a fallback").isNaN();
    assertThat(fellBack.checkedAgainst("rows 9", "expected"))
        .as("no answer to check")
        .isSameAs(fellBack);
  }

  @Test
  void rejectsInconsistentOutcomes() {
    assertThatThrownBy(() -> ReadOutcome.measured(null, 1, 1, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("A measured outcome needs an answer");
    assertThatThrownBy(() -> ReadOutcome.measured("x", 5, 6, 7))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("min <= median <= max");
    assertThatThrownBy(() -> ReadOutcome.failed(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("every other one has one");
  }
}
