package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestTableShape {
  @Test
  void expectedOutcomeCountsEveryDeleteOfAFilesPartition() {
    TableShape shape = TableShape.dataOnly(2, 3, 2).withDeleteFilesPerPartition(4);

    assertThat(shape.name()).isEqualTo("2 manifests x 3 files + 4 position deletes/partition");
    assertThat(shape.dataFiles()).isEqualTo(6);
    assertThat(shape.deleteFiles()).as("4 in each of 2 partitions").isEqualTo(8);
    assertThat(shape.expectedOutcome())
        .as("6 files, 4 delete references each, record counts 50000..50005")
        .isEqualTo(new PlanOutcome(6, 24, 6 * 50_000 + 15));
  }

  @Test
  void eachManifestHoldsOnePartitionAndManifestsCycleThroughThem() {
    TableShape shape = TableShape.dataOnly(4, 5, 3);

    assertThat(shape.partitionOf(0)).isEqualTo(0);
    assertThat(shape.partitionOf(4)).as("the first manifest's last file").isEqualTo(0);
    assertThat(shape.partitionOf(5)).as("the second manifest").isEqualTo(1);
    assertThat(shape.partitionOf(15)).as("the fourth manifest wraps around").isEqualTo(0);
  }

  @Test
  void filtersKeepTheFilesTheyName() {
    TableShape shape = TableShape.dataOnly(4, 5, 3);

    assertThat(PlanFilter.lastPartition(shape).expectedOutcome(shape))
        .as("partition 2: the third manifest, files 10..14")
        .isEqualTo(new PlanOutcome(5, 0, 5 * 50_000 + 10 + 11 + 12 + 13 + 14));
    assertThat(PlanFilter.tenFilesById(shape).expectedOutcome(shape))
        .as("files 10..19")
        .isEqualTo(new PlanOutcome(10, 0, 10 * 50_000 + 145));
  }

  @Test
  void rejectsAnEmptyTable() {
    assertThatThrownBy(() -> TableShape.dataOnly(0, 100, 20))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("A table needs at least one of data manifests: 0");
  }

  @Test
  void rejectsNegativeDeletes() {
    assertThatThrownBy(() -> TableShape.dataOnly(1, 1, 1).withDeleteFilesPerPartition(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Delete files per partition must not be negative: -1");
  }
}
