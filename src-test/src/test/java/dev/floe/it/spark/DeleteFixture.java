package dev.floe.it.spark;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A table with row-level deletes written by Apache Iceberg: every snapshot of it, how many delete
 * files of each kind its history added, and the reads to run at each snapshot. Every table is also
 * read whole, whole with small splits, and with {@code _pos} and {@code _deleted} (in small splits
 * and small batches too), so the deleted rows themselves are compared; a table with equality
 * deletes is also read with Floe's delete cache too small to hold them.
 */
record DeleteFixture(
    String name,
    String identifier,
    Path location,
    List<TableSnapshot> snapshots,
    Map<DeleteKind, Long> deleteFiles,
    List<DeleteQuery> queries) {
  private static final String STREAMING_BOUND = "delete-cache-size";

  DeleteFixture {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(identifier, "identifier");
    Objects.requireNonNull(location, "location");
    snapshots = List.copyOf(snapshots);
    if (snapshots.isEmpty()) {
      throw new IllegalArgumentException("Fixture " + name + " has no snapshot to read");
    }
    deleteFiles = Map.copyOf(deleteFiles);
    List<DeleteQuery> all = new ArrayList<>();
    all.add(DeleteQuery.of(ReadQuery.fullScan()));
    all.add(DeleteQuery.of(ReadQuery.fullScan().withSplitSize(ReadFixture.SMALL_SPLIT_SIZE)));
    all.add(
        DeleteQuery.of(ReadQuery.select("id", "_pos").withSplitSize(ReadFixture.SMALL_SPLIT_SIZE)));
    all.add(DeleteQuery.of(ReadQuery.select("id", "_pos", "_deleted")));
    // Batches of 7 rows put batch edges inside every run of deleted positions.
    all.add(
        DeleteQuery.of(
                ReadQuery.select("id", "_pos", "_deleted")
                    .withSplitSize(ReadFixture.SMALL_SPLIT_SIZE))
            .withOption("batch-size", "7"));
    if (deleteFiles.containsKey(DeleteKind.EQUALITY_PARQUET)
        || deleteFiles.containsKey(DeleteKind.EQUALITY_AVRO)) {
      // A delete cache bound of one byte makes Floe stream every equality delete file.
      all.add(DeleteQuery.of(ReadQuery.fullScan()).withOption(STREAMING_BOUND, "1"));
      all.add(
          DeleteQuery.of(ReadQuery.select("id", "_pos", "_deleted"))
              .withOption(STREAMING_BOUND, "1"));
    }
    all.addAll(queries);
    queries = List.copyOf(all);
  }

  /** The table as the read matrix's readers load it, holding the rows of one snapshot. */
  ReadFixture at(TableSnapshot snapshot) {
    return new ReadFixture(
        name + "@" + snapshot.snapshotId(), identifier, location, snapshot.rowCount(), List.of());
  }

  /** The delete file counts in {@link DeleteKind} order, for a report. */
  Map<DeleteKind, Long> deleteFilesInOrder() {
    Map<DeleteKind, Long> ordered = new EnumMap<>(DeleteKind.class);
    ordered.putAll(deleteFiles);
    return ordered;
  }

  @Override
  public String toString() {
    return name;
  }
}
