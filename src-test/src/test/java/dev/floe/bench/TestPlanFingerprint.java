package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestPlanFingerprint {
  private static final String FILE_A = "/t/data/part=0/a.parquet";
  private static final String FILE_B = "/t/data/part=1/b.parquet";
  private static final String FILE_A_DELETES = "/t/data/part=0/delete-a.parquet";
  private static final String FILE_A_MORE_DELETES = "/t/data/part=0/delete-a2.parquet";

  @Test
  void samePlanInAnotherOrderMatches() {
    PlanFingerprint oracle = new PlanFingerprint();
    oracle.add(FILE_A, List.of(FILE_A_DELETES, FILE_A_MORE_DELETES));
    oracle.add(FILE_B, List.of());
    PlanFingerprint plan = new PlanFingerprint();
    plan.add(FILE_B, List.of());
    plan.add(FILE_A, List.of(FILE_A_MORE_DELETES, FILE_A_DELETES));

    assertThatCode(() -> plan.requireSameAs(oracle, "Floe", "Iceberg", "t"))
        .as("neither task order nor delete order is part of a plan's meaning")
        .doesNotThrowAnyException();
  }

  @Test
  void missingDataFileFails() {
    PlanFingerprint oracle = new PlanFingerprint();
    oracle.add(FILE_A, List.of());
    oracle.add(FILE_B, List.of());
    PlanFingerprint plan = new PlanFingerprint();
    plan.add(FILE_A, List.of());

    assertThatThrownBy(() -> plan.requireSameAs(oracle, "Floe", "Iceberg", "t"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Floe and Iceberg planned table 't' differently")
        .hasMessageContaining("missing data file " + FILE_B);
  }

  @Test
  void extraDataFileFails() {
    PlanFingerprint oracle = new PlanFingerprint();
    oracle.add(FILE_A, List.of());
    PlanFingerprint plan = new PlanFingerprint();
    plan.add(FILE_A, List.of());
    plan.add(FILE_B, List.of());

    assertThatThrownBy(() -> plan.requireSameAs(oracle, "Floe", "Iceberg", "t"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("extra data file " + FILE_B);
  }

  @Test
  void missingDeleteFileFails() {
    PlanFingerprint oracle = new PlanFingerprint();
    oracle.add(FILE_A, List.of(FILE_A_DELETES, FILE_A_MORE_DELETES));
    PlanFingerprint plan = new PlanFingerprint();
    plan.add(FILE_A, List.of(FILE_A_DELETES));

    assertThatThrownBy(() -> plan.requireSameAs(oracle, "Floe", "Iceberg", "t"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(FILE_A + " has 1 delete files, Iceberg gives 2");
  }

  @Test
  void sameNumberOfOtherDeleteFilesFails() {
    PlanFingerprint oracle = new PlanFingerprint();
    oracle.add(FILE_A, List.of(FILE_A_DELETES));
    PlanFingerprint plan = new PlanFingerprint();
    plan.add(FILE_A, List.of(FILE_A_MORE_DELETES));

    assertThatThrownBy(() -> plan.requireSameAs(oracle, "Floe", "Iceberg", "t"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(FILE_A + " has 1 delete files, Iceberg gives 1 (different ones)");
  }

  @Test
  void sameDataFileTwiceFails() {
    PlanFingerprint plan = new PlanFingerprint();
    plan.add(FILE_A, List.of());

    assertThatThrownBy(() -> plan.add(FILE_A, List.of()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("The plan holds data file " + FILE_A + " twice");
  }
}
