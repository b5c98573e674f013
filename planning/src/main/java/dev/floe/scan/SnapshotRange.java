package dev.floe.scan;

import dev.floe.InvalidRequestException;
import dev.floe.table.LoadedTable;
import dev.floe.table.Snapshot;
import dev.floe.table.TableMetadata;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The commits an incremental or a changelog read covers: those after snapshot {@code fromExclusive}
 * (from the first commit when null) up to and including {@code toInclusive} (the current snapshot
 * when null), along the end's line of parents.
 *
 * <p>Iceberg's rules, which Floe follows: the start must be the parent of a snapshot in the end's
 * ancestry (so it may have expired, as long as its child is still there; a start equal to the end
 * is refused), the end must exist, and only {@code append} commits contribute: an overwrite, a
 * delete or a replace in the range adds nothing and is not an error. A table never written to has
 * no appends when no end is given.
 */
record SnapshotRange(Long fromExclusive, Long toInclusive) {

  /** The range's {@code append} snapshots, oldest first. */
  List<Snapshot> appendSnapshots(LoadedTable table) {
    List<Snapshot> appends = new ArrayList<>();
    for (Snapshot snapshot : snapshots(table)) {
      if ("append".equals(snapshot.operation())) {
        appends.add(snapshot);
      }
    }
    return appends;
  }

  /**
   * Every snapshot of the range, oldest first; empty for a table never written to.
   *
   * @throws InvalidRequestException when the end does not exist or the start is not the parent of
   *     one of its ancestors
   */
  List<Snapshot> snapshots(LoadedTable table) {
    TableMetadata metadata = table.metadata();
    if (toInclusive == null && metadata.currentSnapshotId() == null) {
      return List.of();
    }
    long end = toInclusive != null ? toInclusive : metadata.currentSnapshotId();
    Snapshot snapshot = metadata.snapshot(end);
    if (snapshot == null) {
      throw new InvalidRequestException(
          "the end snapshot "
              + end
              + " does not exist or has expired; current snapshot is "
              + metadata.currentSnapshotId());
    }
    List<Snapshot> range = new ArrayList<>();
    while (snapshot != null) {
      range.add(snapshot);
      Long parent = snapshot.parentSnapshotId();
      if (fromExclusive != null && parent != null && parent.longValue() == fromExclusive) {
        Collections.reverse(range);
        return range;
      }
      snapshot = parent == null ? null : metadata.snapshot(parent);
    }
    if (fromExclusive == null) {
      Collections.reverse(range);
      return range; // every commit back to the first one still in the table
    }
    throw new InvalidRequestException(
        "the start snapshot (exclusive) "
            + fromExclusive
            + " is not a parent ancestor of the end snapshot "
            + end);
  }

  /** The snapshot whose appends end the range, or null for a table never written to. */
  Long endSnapshotId(TableMetadata metadata) {
    return toInclusive != null ? toInclusive : metadata.currentSnapshotId();
  }

  @Override
  public String toString() {
    return "appends" + describe();
  }

  /** The range as messages name it: {@code after snapshot 1 up to snapshot 3}. */
  String describe() {
    return (fromExclusive == null ? " from the first snapshot" : " after snapshot " + fromExclusive)
        + (toInclusive == null ? "" : " up to snapshot " + toInclusive);
  }
}
