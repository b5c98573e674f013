package dev.floe.it;

import static dev.floe.it.EventsSchema.BY_CATEGORY;
import static dev.floe.it.EventsSchema.CATEGORY;
import static dev.floe.it.EventsSchema.DATA;
import static dev.floe.it.EventsSchema.ID;
import static dev.floe.it.EventsSchema.SCHEMA;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.TableProperties;

/**
 * Scenarios with row-level deletes (format v2 and later): position deletes scoped to a partition or
 * to one file, equality deletes on one and two columns whose bounds do or do not overlap the data,
 * global equality deletes, and the sequence-number rules that decide which deletes apply. File
 * names say what applies: a test reading a plan can check them by name.
 */
final class DeleteScenarios {
  private DeleteScenarios() {}

  /**
   * v2 position delete files: partition-scoped, file-scoped by {@code referenced_data_file},
   * file-scoped by equal {@code file_path} bounds, and with unequal bounds (partition-scoped); a
   * later append the earlier deletes must not reach; a delete committed with its data, which does
   * apply (position deletes apply when {@code data_seq <= delete_seq}); then a delete removed.
   */
  static FixtureTable positionDeletes(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    DataFile a1 = table.data("a1", "category=a", 10);
    DataFile a2 = table.data("a2", "category=a", 20);
    DataFile b1 = table.data("b1", "category=b", 30);
    table.commit(table.table().newFastAppend().appendFile(a1).appendFile(a2).appendFile(b1));

    DeleteFile partitionScoped = table.positionDeletes("a-pos", "category=a", 2);
    table.commit(
        table
            .table()
            .newRowDelta()
            .addDeletes(partitionScoped)
            .addDeletes(
                table
                    .positionDeletesBuilder(table.spec(), "b1-pos-referenced", "category=b", 1)
                    .withReferencedDataFile(b1.location())
                    .build())
            .addDeletes(
                table
                    .positionDeletesBuilder(table.spec(), "a2-pos-bounds", "category=a", 1)
                    .withMetrics(FixtureTable.filePathBounds(1, a2.location(), a2.location()))
                    .build())
            .addDeletes(
                table
                    .positionDeletesBuilder(table.spec(), "a-pos-wide-bounds", "category=a", 2)
                    .withMetrics(FixtureTable.filePathBounds(2, a1.location(), a2.location()))
                    .build()));

    table.commit(table.table().newFastAppend().appendFile(table.data("a3-later", "category=a", 5)));

    table.commit(
        table
            .table()
            .newRowDelta()
            .addRows(table.data("b2-same-commit", "category=b", 6))
            .addDeletes(table.positionDeletes("b-pos-same-commit", "category=b", 1)));

    table.commit(table.table().newRowDelta().removeDeletes(partitionScoped));
    return table;
  }

  /**
   * Equality deletes whose column bounds do or do not overlap each data file's bounds (Iceberg
   * drops a delete file for a data file when they cannot share a value), on one column and on two,
   * with null-count evidence; a later append; and deletes committed with their data, which must not
   * apply to it ({@code data_seq < delete_seq}).
   */
  static FixtureTable equalityDeletes(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(withBounds(table, "a-ids-0-99", "category=a", 0L, 99L, "a", "m"))
            .appendFile(withBounds(table, "a-ids-100-199", "category=a", 100L, 199L, "n", "z"))
            .appendFile(table.data("a-no-metrics", "category=a", 100))
            .appendFile(
                table
                    .dataBuilder(table.spec(), "a-data-all-null", "category=a", 100)
                    .withMetrics(
                        FixtureTable.metrics(
                            SCHEMA, 100, Map.of(ID, List.of(0L, 199L)), Map.of(ID, 0L, DATA, 100L)))
                    .build())
            .appendFile(withBounds(table, "b-ids-0-199", "category=b", 0L, 199L, "a", "z")));

    table.commit(
        table
            .table()
            .newRowDelta()
            .addDeletes(
                table
                    .equalityDeletesBuilder(table.spec(), "a-eq-id-150-160", "category=a", 2, ID)
                    .withMetrics(
                        FixtureTable.metrics(SCHEMA, 2, Map.of(ID, List.of(150L, 160L)), Map.of()))
                    .build())
            .addDeletes(
                table
                    .equalityDeletesBuilder(table.spec(), "a-eq-id-data", "category=a", 2, ID, DATA)
                    .withMetrics(
                        FixtureTable.metrics(
                            SCHEMA,
                            2,
                            Map.of(ID, List.of(0L, 50L), DATA, List.of("x", "y")),
                            Map.of(ID, 0L, DATA, 0L)))
                    .build())
            .addDeletes(
                table
                    .equalityDeletesBuilder(table.spec(), "a-eq-null-data", "category=a", 1, DATA)
                    .withMetrics(FixtureTable.metrics(SCHEMA, 1, Map.of(), Map.of(DATA, 1L)))
                    .build())
            .addDeletes(table.equalityDeletes("b-eq-no-metrics", "category=b", 1, ID)));

    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(withBounds(table, "a-later", "category=a", 150L, 160L, "a", "z")));

    table.commit(
        table
            .table()
            .newRowDelta()
            .addRows(table.data("a-same-commit", "category=a", 7))
            .addDeletes(table.equalityDeletes("a-eq-same-commit", "category=a", 1, ID, CATEGORY)));
    return table;
  }

  private static DataFile withBounds(
      FixtureTable table,
      String name,
      String partitionPath,
      long lowId,
      long highId,
      String lowData,
      String highData) {
    Metrics metrics =
        FixtureTable.metrics(
            SCHEMA,
            100,
            Map.of(ID, List.of(lowId, highId), DATA, List.of(lowData, highData)),
            Map.of(ID, 0L, DATA, 0L));
    return table.dataBuilder(table.spec(), name, partitionPath, 100).withMetrics(metrics).build();
  }

  /**
   * Spec 0 is unpartitioned, later data is partitioned: an equality delete written with spec 0 is
   * global and applies to every partition of every spec, while a v2 position delete written with
   * spec 0 only reaches spec-0 files. A global delete with id bounds is pruned where they miss.
   */
  static FixtureTable globalDeletes(Path directory, int formatVersion) {
    FixtureTable table =
        FixtureTable.create(directory, formatVersion, SCHEMA, PartitionSpec.unpartitioned());
    table.commit(table.table().newFastAppend().appendFile(table.data("u1", null, 10)));
    table.table().updateSpec().addField("category").commit();
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(table.data("a1", "category=a", 20))
            .appendFile(table.data("b1", "category=b", 30)));

    PartitionSpec unpartitioned = table.spec(0);
    var delta =
        table
            .table()
            .newRowDelta()
            .addDeletes(
                table.equalityDeletesBuilder(unpartitioned, "global-eq", null, 1, ID).build())
            .addDeletes(table.equalityDeletes("a-eq-data", "category=a", 1, DATA));
    if (formatVersion == 2) {
      delta.addDeletes(table.positionDeletesBuilder(unpartitioned, "spec0-pos", null, 1).build());
    }
    table.commit(delta);

    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(
                table
                    .dataBuilder(table.spec(), "a2-ids-0-10", "category=a", 11)
                    .withMetrics(
                        FixtureTable.metrics(SCHEMA, 11, Map.of(ID, List.of(0L, 10L)), Map.of()))
                    .build())
            .appendFile(table.data("b2", "category=b", 12)));
    table.commit(
        table
            .table()
            .newRowDelta()
            .addDeletes(
                table
                    .equalityDeletesBuilder(unpartitioned, "global-eq-ids-1000-2000", null, 2, ID)
                    .withMetrics(
                        FixtureTable.metrics(
                            SCHEMA, 2, Map.of(ID, List.of(1000L, 2000L)), Map.of()))
                    .build()));
    return table;
  }

  /**
   * Compaction that keeps the old data sequence number (so an equality delete committed between the
   * write and the compaction still applies to the compacted file) and one that does not; then the
   * equality delete itself rewritten with its sequence number kept.
   */
  static FixtureTable compactionKeepsSequenceNumbers(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    DataFile a1 = table.data("a1", "category=a", 10);
    DataFile a2 = table.data("a2", "category=a", 20);
    table.commit(table.table().newFastAppend().appendFile(a1).appendFile(a2));
    long firstSequenceNumber = table.currentSnapshot().sequenceNumber();

    DeleteFile equalityDelete = table.equalityDeletes("a-eq", "category=a", 1, ID);
    table.commit(table.table().newRowDelta().addDeletes(equalityDelete));
    long deleteSequenceNumber = table.currentSnapshot().sequenceNumber();

    table.commit(
        table
            .table()
            .newRewrite()
            .deleteFile(a1)
            .addFile(table.data("a1-compacted-kept-seq", "category=a", 9))
            .dataSequenceNumber(firstSequenceNumber));
    // A compaction that applied the delete while rewriting: it read the current snapshot, so
    // Iceberg accepts a new sequence number (without validateFromSnapshot it refuses, because the
    // delete would stop applying to rows it never saw).
    table.commit(
        table
            .table()
            .newRewrite()
            .validateFromSnapshot(table.currentSnapshot().snapshotId())
            .deleteFile(a2)
            .addFile(table.data("a2-compacted-new-seq", "category=a", 19)));
    table.commit(
        table
            .table()
            .newRewrite()
            .deleteFile(equalityDelete)
            .addFile(
                table.equalityDeletes("a-eq-rewritten-kept-seq", "category=a", 1, ID),
                deleteSequenceNumber));
    return table;
  }

  /**
   * Merge appends and row deltas with a merge threshold of two, so delete manifests are merged too
   * (EXISTING delete entries keep their sequence numbers), then a delete file removed (a DELETED
   * delete entry).
   */
  static FixtureTable deleteManifestMerge(Path directory, int formatVersion) {
    FixtureTable table =
        FixtureTable.create(
            directory.toString(),
            formatVersion,
            SCHEMA,
            BY_CATEGORY,
            Map.of(TableProperties.MANIFEST_MIN_MERGE_COUNT, "2"));
    table.commit(table.table().newAppend().appendFile(table.data("a1", "category=a", 10)));
    DeleteFile first = table.equalityDeletes("a-eq-1", "category=a", 1, ID);
    table.commit(table.table().newRowDelta().addDeletes(first));
    table.commit(table.table().newAppend().appendFile(table.data("a2", "category=a", 20)));
    table.commit(
        table
            .table()
            .newRowDelta()
            .addDeletes(table.equalityDeletes("a-eq-2", "category=a", 1, ID)));
    table.commit(
        table
            .table()
            .newRowDelta()
            .addDeletes(table.equalityDeletes("a-eq-3", "category=a", 1, ID)));
    table.commit(table.table().newRowDelta().removeDeletes(first));
    return table;
  }

  /**
   * Created as v1 (every file has sequence number 0), upgraded to v2, then deleted from: both
   * position and equality deletes apply to the v1 files.
   */
  static FixtureTable upgradedFromV1(Path directory, int formatVersion) {
    FixtureTable table = FixtureTable.create(directory, formatVersion, SCHEMA, BY_CATEGORY);
    table.commit(
        table
            .table()
            .newFastAppend()
            .appendFile(table.data("a1-v1", "category=a", 10))
            .appendFile(table.data("b1-v1", "category=b", 20)));
    table.commit(table.table().newAppend().appendFile(table.data("a2-v1", "category=a", 30)));
    table.upgradeTo(2);
    table.commit(
        table
            .table()
            .newRowDelta()
            .addDeletes(table.positionDeletes("a-pos-v2", "category=a", 1))
            .addDeletes(table.equalityDeletes("b-eq-v2", "category=b", 1, ID)));
    table.commit(table.table().newFastAppend().appendFile(table.data("a3-v2", "category=a", 5)));
    return table;
  }
}
