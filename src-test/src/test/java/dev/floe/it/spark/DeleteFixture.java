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
 * read whole, whole with small splits, and with {@code _pos} and {@code _deleted}, so the deleted
 * rows themselves are compared too.
 */
record DeleteFixture(
    String name,
    String identifier,
    Path location,
    List<TableSnapshot> snapshots,
    Map<DeleteKind, Long> deleteFiles,
    List<ReadQuery> queries) {

  DeleteFixture {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(identifier, "identifier");
    Objects.requireNonNull(location, "location");
    snapshots = List.copyOf(snapshots);
    if (snapshots.isEmpty()) {
      throw new IllegalArgumentException("Fixture " + name + " has no snapshot to read");
    }
    deleteFiles = Map.copyOf(deleteFiles);
    List<ReadQuery> all = new ArrayList<>();
    all.add(ReadQuery.fullScan());
    all.add(ReadQuery.fullScan().withSplitSize(ReadFixture.SMALL_SPLIT_SIZE));
    all.add(ReadQuery.select("id", "_pos"));
    all.add(ReadQuery.select("id", "_pos", "_deleted"));
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
