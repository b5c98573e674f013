package dev.floe.it;

import static dev.floe.it.EventsSchema.BY_CATEGORY;
import static dev.floe.it.EventsSchema.ID;
import static dev.floe.it.EventsSchema.SCHEMA;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.types.Types;

/**
 * Scenarios about which snapshot a scan reads and how files split: branches and tags, commits to
 * branches, schema evolution between snapshots, a rollback, a table at a {@code file:} URI, and
 * data files with and without split offsets and metrics.
 */
final class RefScenarios {
  private RefScenarios() {}

  /**
   * A tag on the first snapshot, a branch from the second that gets its own commits (an append, an
   * overwrite and, from v2 on, a row delta), a branch from the first snapshot with one commit, and
   * main moving on with a tag on its head.
   */
  static FixtureTable branchesAndTags(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    table.commit(table.table().newFastAppend().appendFile(table.data("a1", "category=a", 10)));
    long first = table.currentSnapshot().snapshotId();
    DataFile b1 = table.data("b1", "category=b", 20);
    table.commit(table.table().newFastAppend().appendFile(b1));
    long second = table.currentSnapshot().snapshotId();

    table.commit(
        table
            .table()
            .manageSnapshots()
            .createTag("first", first)
            .createBranch("dev", second)
            .createBranch("hotfix", first));
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(table.data("dev-c1", "category=c", 30))
            .toBranch("dev"));
    table.commit(
        table
            .table()
            .newOverwrite()
            .deleteFile(b1)
            .addFile(table.data("dev-b2", "category=b", 19))
            .toBranch("dev"));
    if (formatVersion >= 2) {
      table.commit(
          table
              .table()
              .newRowDelta()
              .addDeletes(table.equalityDeletes("dev-a-eq", "category=a", 1, ID))
              .toBranch("dev"));
    }
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(table.data("hotfix-a2", "category=a", 3))
            .toBranch("hotfix"));
    table.commit(table.table().newFastAppend().appendFile(table.data("main-a3", "category=a", 4)));
    table.commit(
        table
            .table()
            .manageSnapshots()
            .createTag("latest", table.currentSnapshot().snapshotId())
            .createBranch("audit"));
    return table;
  }

  /**
   * Columns added, renamed and dropped between snapshots. A snapshot id or tag reads with the
   * schema current when the snapshot was written; a branch with the table's current schema.
   */
  static FixtureTable schemaEvolution(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    table.commit(table.table().newFastAppend().appendFile(table.data("a1", "category=a", 10)));
    long first = table.currentSnapshot().snapshotId();
    table.table().updateSchema().addColumn("extra", Types.StringType.get()).commit();
    table.commit(table.table().newFastAppend().appendFile(table.data("a2", "category=a", 20)));
    long second = table.currentSnapshot().snapshotId();
    table.table().updateSchema().renameColumn("data", "payload").commit();
    table.commit(table.table().newFastAppend().appendFile(table.data("a3", "category=a", 30)));
    table.commit(
        table
            .table()
            .manageSnapshots()
            .createTag("before-rename", second)
            .createBranch("old", first));
    table.table().updateSchema().deleteColumn("extra").commit();
    return table;
  }

  /**
   * Three appends, a rollback to the first (an older snapshot becomes current again, with a new
   * snapshot-log entry), and an append on top of it.
   */
  static FixtureTable rollback(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    table.commit(table.table().newFastAppend().appendFile(table.data("a1", "category=a", 10)));
    long first = table.currentSnapshot().snapshotId();
    table.commit(table.table().newFastAppend().appendFile(table.data("a2", "category=a", 20)));
    table.commit(table.table().newFastAppend().appendFile(table.data("a3", "category=a", 30)));
    table.commit(table.table().manageSnapshots().rollbackTo(first));
    table.commit(table.table().newFastAppend().appendFile(table.data("a4", "category=a", 40)));
    return table;
  }

  /** A table whose location is a {@code file:} URI rather than a plain path. */
  static FixtureTable fileUriLocation(Path directory, int formatVersion) {
    FixtureTable table =
        FixtureTable.create(
            directory.toUri().toString(), formatVersion, SCHEMA, BY_CATEGORY, Map.of());
    table.commit(table.table().newFastAppend().appendFile(table.data("a1", "category=a", 10)));
    table.commit(table.table().newAppend().appendFile(table.data("b1", "category=b", 20)));
    return table;
  }

  /**
   * Data files with well-formed split offsets, with none, with offsets Iceberg must ignore (the
   * last one at or past the end of the file, or not ascending), with a single offset; with full
   * metrics, and a file of zero records.
   */
  static FixtureTable splitOffsets(Path directory, int formatVersion) {
    FixtureTable table =
        FixtureTable.create(directory, formatVersion, SCHEMA, PartitionSpec.unpartitioned());
    PartitionSpec spec = table.spec();
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(
                sized(table, spec, "offsets", 10_000)
                    .withSplitOffsets(List.of(4L, 3_000L, 6_000L, 9_000L))
                    .build())
            .appendFile(sized(table, spec, "no-offsets", 25_000).build())
            .appendFile(
                sized(table, spec, "offsets-past-end", 5_000)
                    .withSplitOffsets(List.of(4L, 5_000L))
                    .build())
            .appendFile(
                sized(table, spec, "offsets-not-ascending", 8_000)
                    .withSplitOffsets(List.of(4L, 6_000L, 3_000L))
                    .build())
            .appendFile(
                sized(table, spec, "single-offset", 7_000).withSplitOffsets(List.of(4L)).build())
            .appendFile(
                sized(table, spec, "with-metrics", 3_000)
                    .withMetrics(
                        FixtureTable.metrics(
                            SCHEMA,
                            30,
                            Map.of(
                                EventsSchema.ID,
                                List.of(1L, 30L),
                                EventsSchema.DATA,
                                List.of("a", "b")),
                            Map.of(EventsSchema.ID, 0L, EventsSchema.DATA, 2L)))
                    .withSplitOffsets(List.of(4L, 1_500L))
                    .build())
            .appendFile(
                table.dataBuilder(spec, "zero-records", null, 0).withFileSizeInBytes(100).build()));
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(
                sized(table, spec, "later-offsets", 2_048)
                    .withSplitOffsets(List.of(4L, 1_024L))
                    .build()));
    return table;
  }

  private static org.apache.iceberg.DataFiles.Builder sized(
      FixtureTable table, PartitionSpec spec, String name, long sizeInBytes) {
    return table.dataBuilder(spec, name, null, 30).withFileSizeInBytes(sizeInBytes);
  }
}
