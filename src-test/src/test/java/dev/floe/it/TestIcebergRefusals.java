package dev.floe.it;

import static dev.floe.it.EventsSchema.BY_CATEGORY;
import static dev.floe.it.EventsSchema.ID;
import static dev.floe.it.EventsSchema.SCHEMA;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.exceptions.ValidationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tables Apache Iceberg 1.10.1 refuses to write, pinned down so that the scenario library's
 * gaps are explained (a format version left out of a scenario, a commit shaped the way a real
 * writer would shape it) and so that an Iceberg upgrade that lifts a refusal is noticed.
 */
class TestIcebergRefusals {
  @TempDir Path warehouse;

  @Test
  void v1TablesTakeNoDeleteFiles() {
    FixtureTable table = FixtureTable.create(warehouse, 1, SCHEMA, BY_CATEGORY);
    table.commit(table.table().newFastAppend().appendFile(table.data("a1", "category=a", 10)));
    DeleteFile deletes = table.positionDeletes("a-pos", "category=a", 1);
    assertThatThrownBy(() -> table.commit(table.table().newRowDelta().addDeletes(deletes)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Deletes are supported in V2 and above");
  }

  @Test
  void v2TablesTakeNoDeletionVectors() {
    FixtureTable table = FixtureTable.create(warehouse, 2, SCHEMA, BY_CATEGORY);
    DataFile a1 = table.data("a1", "category=a", 10);
    table.commit(table.table().newFastAppend().appendFile(a1));
    DeleteFile vector = table.deletionVector("dv", a1, 4, 1);
    assertThatThrownBy(() -> table.commit(table.table().newRowDelta().addDeletes(vector)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Must not use DVs for position deletes in V2");
  }

  @Test
  void v3TablesTakeNoPositionDeleteFiles() {
    FixtureTable table = FixtureTable.create(warehouse, 3, SCHEMA, BY_CATEGORY);
    table.commit(table.table().newFastAppend().appendFile(table.data("a1", "category=a", 10)));
    DeleteFile deletes = table.positionDeletes("a-pos", "category=a", 1);
    assertThatThrownBy(() -> table.commit(table.table().newRowDelta().addDeletes(deletes)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Must use DVs for position deletes in V3");
  }

  /**
   * Not a refusal to write: Iceberg commits two DVs for one data file in one commit, then refuses
   * to plan the table. The spec allows one DV per data file per snapshot, so no scenario has this;
   * {@link TestFloePlanningErrors} checks that Floe rejects such a table as corrupt.
   */
  @Test
  void twoDeletionVectorsForOneDataFileCommitButCannotBePlanned() {
    FixtureTable table = FixtureTable.create(warehouse, 3, SCHEMA, BY_CATEGORY);
    DataFile a1 = table.data("a1", "category=a", 10);
    table.commit(table.table().newFastAppend().appendFile(a1));
    table.commit(
        table
            .table()
            .newRowDelta()
            .addDeletes(table.deletionVector("dv-1", a1, 4, 1))
            .addDeletes(table.deletionVector("dv-2", a1, 4, 1)));
    Scenario scenario = new Scenario("two-dvs", 3, table.table());
    assertThatThrownBy(() -> new IcebergPlanner().planFiles(scenario, new ScanTarget.Current()))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("Can't index multiple DVs for " + a1.location());
  }

  @Test
  void aDeletionVectorIsReplacedOnlyByAWriterThatReadTheOldOne() {
    FixtureTable table = FixtureTable.create(warehouse, 3, SCHEMA, BY_CATEGORY);
    DataFile a1 = table.data("a1", "category=a", 10);
    table.commit(table.table().newFastAppend().appendFile(a1));
    DeleteFile first = table.deletionVector("dv-1", a1, 4, 1);
    table.commit(table.table().newRowDelta().addDeletes(first));
    assertThatThrownBy(
            () ->
                table.commit(
                    table
                        .table()
                        .newRowDelta()
                        .removeDeletes(first)
                        .addDeletes(table.deletionVector("dv-2", a1, 4, 2))))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("Found concurrently added DV for " + a1.location());
  }

  @Test
  void compactionWithANewSequenceNumberMustHaveSeenTheDeletes() {
    FixtureTable table = FixtureTable.create(warehouse, 2, SCHEMA, BY_CATEGORY);
    DataFile a1 = table.data("a1", "category=a", 10);
    table.commit(table.table().newFastAppend().appendFile(a1));
    table.commit(
        table.table().newRowDelta().addDeletes(table.equalityDeletes("a-eq", "category=a", 1, ID)));
    assertThatThrownBy(
            () ->
                table.commit(
                    table
                        .table()
                        .newRewrite()
                        .deleteFile(a1)
                        .addFile(table.data("a1-compacted", "category=a", 9))))
        .isInstanceOf(ValidationException.class)
        .hasMessageContaining("Cannot commit, found new delete for replaced data file");
  }
}
