package dev.floe.it;

import static dev.floe.it.EventsSchema.BY_CATEGORY;
import static dev.floe.it.EventsSchema.NULL_VALUE;
import static dev.floe.it.EventsSchema.SCHEMA;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.expressions.Expressions;

/**
 * Scenarios built from data-file commits only (every format version): appends, overwrites, deletes,
 * compaction, and manifest rewrites that leave EXISTING and DELETED entries behind.
 */
final class AppendScenarios {
  private AppendScenarios() {}

  /** Fast appends (one manifest each) and a merge append, across partitions including null. */
  static FixtureTable appends(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(table.data("a1", "category=a", 10))
            .appendFile(table.data("b1", "category=b", 20)));
    table.commit(table.table().newFastAppend().appendFile(table.data("a2", "category=a", 30)));
    table.commit(
        table
            .table()
            .newAppend()
            .appendFile(table.data("null1", "category=" + NULL_VALUE, 40))
            .appendFile(table.data("c1", "category=c", 50)));
    return table;
  }

  /**
   * OverwriteFiles replacing a file, ReplacePartitions replacing a whole partition, and an
   * overwrite by row filter, each leaving DELETED entries in the new manifests.
   */
  static FixtureTable overwrites(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    DataFile a1 = table.data("a1", "category=a", 10);
    DataFile b1 = table.data("b1", "category=b", 20);
    DataFile b2 = table.data("b2", "category=b", 25);
    DataFile c1 = table.data("c1", "category=c", 30);
    table.commit(
        table.table().newAppend().appendFile(a1).appendFile(b1).appendFile(b2).appendFile(c1));
    table.commit(
        table
            .table()
            .newOverwrite()
            .deleteFile(a1)
            .addFile(table.data("a1-rewritten", "category=a", 9)));
    table.commit(table.table().newReplacePartitions().addFile(table.data("b3", "category=b", 5)));
    table.commit(
        table
            .table()
            .newOverwrite()
            .overwriteByRowFilter(Expressions.equal("category", "c"))
            .addFile(table.data("c2", "category=c", 7)));
    return table;
  }

  /** DeleteFiles by file and by a partition filter; a later append into a deleted partition. */
  static FixtureTable deletes(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    DataFile a1 = table.data("a1", "category=a", 10);
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(a1)
            .appendFile(table.data("a2", "category=a", 11))
            .appendFile(table.data("b1", "category=b", 12)));
    table.commit(table.table().newFastAppend().appendFile(table.data("c1", "category=c", 13)));
    table.commit(table.table().newDelete().deleteFile(a1));
    table.commit(table.table().newDelete().deleteFromRowFilter(Expressions.equal("category", "c")));
    table.commit(table.table().newFastAppend().appendFile(table.data("c2", "category=c", 14)));
    return table;
  }

  /**
   * Compaction with RewriteFiles: files from three snapshots rewritten into one, so the new
   * manifest holds ADDED entries and the old ones are carried as DELETED.
   */
  static FixtureTable compaction(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    DataFile a1 = table.data("a1", "category=a", 10);
    DataFile a2 = table.data("a2", "category=a", 20);
    DataFile a3 = table.data("a3", "category=a", 30);
    table.commit(
        table.table().newFastAppend().appendFile(a1).appendFile(table.data("b1", "category=b", 5)));
    table.commit(table.table().newFastAppend().appendFile(a2));
    table.commit(table.table().newFastAppend().appendFile(a3));
    table.commit(
        table
            .table()
            .newRewrite()
            .rewriteFiles(Set.of(a1, a2, a3), Set.of(table.data("a-compacted", "category=a", 60))));
    table.commit(table.table().newFastAppend().appendFile(table.data("a4", "category=a", 1)));
    return table;
  }

  /**
   * rewriteManifests after several appends: the rewritten manifest holds EXISTING entries whose
   * snapshot ids and sequence numbers come from older snapshots. A second rewrite clusters by
   * partition.
   */
  static FixtureTable manifestRewrite(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    table.commit(table.table().newFastAppend().appendFile(table.data("a1", "category=a", 10)));
    table.commit(table.table().newFastAppend().appendFile(table.data("b1", "category=b", 20)));
    table.commit(table.table().newFastAppend().appendFile(table.data("a2", "category=a", 30)));
    table.commit(table.table().rewriteManifests().clusterBy(file -> "all"));
    table.commit(table.table().newFastAppend().appendFile(table.data("c1", "category=c", 40)));
    table.commit(
        table.table().rewriteManifests().clusterBy(file -> file.partition().get(0, String.class)));
    return table;
  }

  /**
   * Merge appends with a low merge threshold, so each commit folds older manifests into one with
   * EXISTING entries, and a delete that leaves a DELETED entry in a merged manifest.
   */
  static FixtureTable manifestMerge(Path directory, int formatVersion) {
    FixtureTable table =
        FixtureTable.create(
            directory.toString(),
            formatVersion,
            SCHEMA,
            BY_CATEGORY,
            Map.of(TableProperties.MANIFEST_MIN_MERGE_COUNT, "2"));
    DataFile b1 = table.data("b1", "category=b", 20);
    table.commit(table.table().newAppend().appendFile(table.data("a1", "category=a", 10)));
    table.commit(table.table().newAppend().appendFile(b1));
    table.commit(table.table().newAppend().appendFile(table.data("a2", "category=a", 30)));
    table.commit(table.table().newDelete().deleteFile(b1));
    table.commit(table.table().newAppend().appendFile(table.data("c1", "category=c", 40)));
    return table;
  }

  /** A table created and never written: no snapshot, nothing to plan. */
  static FixtureTable neverWritten(Path directory, int formatVersion) {
    return FixtureTable.create(directory, formatVersion, SCHEMA, PartitionSpec.unpartitioned());
  }
}
