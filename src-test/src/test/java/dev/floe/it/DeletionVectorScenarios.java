package dev.floe.it;

import static dev.floe.it.EventsSchema.BY_CATEGORY;
import static dev.floe.it.EventsSchema.ID;
import static dev.floe.it.EventsSchema.SCHEMA;

import java.nio.file.Path;
import java.util.Set;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;

/**
 * Format v3 scenarios: deletion vectors (several sharing one Puffin file), a DV replaced by a newer
 * one, a DV that supersedes the position deletes of a table upgraded from v2, and row lineage
 * (first row ids assigned at commit and carried through manifest rewrites).
 */
final class DeletionVectorScenarios {
  private DeletionVectorScenarios() {}

  /**
   * DVs for two files in one Puffin file at different offsets; a later append they must not reach;
   * one DV replaced by a newer one; a DV committed with its data file (it applies: same sequence
   * number); equality deletes next to DVs.
   */
  static FixtureTable deletionVectors(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    DataFile a1 = table.data("a1", "category=a", 10);
    DataFile a2 = table.data("a2", "category=a", 20);
    DataFile b1 = table.data("b1", "category=b", 30);
    table.commit(table.table().newFastAppend().appendFile(a1).appendFile(a2).appendFile(b1));

    DeleteFile a1Vector = table.deletionVector("dvs-1", a1, 4, 2);
    table.commit(
        table
            .table()
            .newRowDelta()
            .addDeletes(a1Vector)
            .addDeletes(table.deletionVector("dvs-1", a2, 100, 3)));

    table.commit(table.table().newFastAppend().appendFile(table.data("a3-later", "category=a", 5)));

    table.commit(
        table
            .table()
            .newRowDelta()
            .validateFromSnapshot(table.currentSnapshot().snapshotId())
            .removeDeletes(a1Vector)
            .addDeletes(table.deletionVector("dvs-2", a1, 4, 4)));

    DataFile b2 = table.data("b2-same-commit", "category=b", 6);
    table.commit(
        table
            .table()
            .newRowDelta()
            .addRows(b2)
            .addDeletes(table.deletionVector("dvs-3", b2, 4, 1))
            .addDeletes(table.equalityDeletes("b-eq-same-commit", "category=b", 1, ID)));

    table.commit(
        table.table().newRowDelta().addDeletes(table.equalityDeletes("a-eq", "category=a", 1, ID)));
    return table;
  }

  /**
   * Written as v2 with position deletes, upgraded to v3, then given a DV for one file without
   * removing the old position deletes: the DV replaces every position delete for that file, while
   * the other file keeps them. Files written before the upgrade have no first row id.
   */
  static FixtureTable dvSupersedesPositionDeletes(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    DataFile a1 = table.data("a1", "category=a", 10);
    DataFile a2 = table.data("a2", "category=a", 20);
    table.commit(table.table().newFastAppend().appendFile(a1).appendFile(a2));
    table.commit(
        table
            .table()
            .newRowDelta()
            .addDeletes(table.positionDeletes("a-pos", "category=a", 2))
            .addDeletes(
                table
                    .positionDeletesBuilder(table.spec(), "a1-pos-referenced", "category=a", 1)
                    .withReferencedDataFile(a1.location())
                    .build()));
    table.upgradeTo(3);
    table.commit(table.table().newRowDelta().addDeletes(table.deletionVector("a1-dv", a1, 4, 3)));
    table.commit(table.table().newFastAppend().appendFile(table.data("a3-v3", "category=a", 5)));
    return table;
  }

  /**
   * Row lineage: appends get consecutive first row ids; rewriting manifests carries them as
   * EXISTING entries; compaction assigns new ids to the compacted file.
   */
  static FixtureTable rowLineage(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    DataFile a1 = table.data("a1", "category=a", 10);
    DataFile b1 = table.data("b1", "category=b", 20);
    table.commit(table.table().newFastAppend().appendFile(a1).appendFile(b1));
    table.commit(table.table().newFastAppend().appendFile(table.data("a2", "category=a", 5)));
    table.commit(table.table().rewriteManifests().clusterBy(file -> "all"));
    table.commit(
        table
            .table()
            .newRewrite()
            .rewriteFiles(Set.of(a1), Set.of(table.data("a1-compacted", "category=a", 8))));
    table.commit(table.table().newAppend().appendFile(table.data("c1", "category=c", 7)));
    return table;
  }
}
