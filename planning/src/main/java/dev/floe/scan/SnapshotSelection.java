package dev.floe.scan;

import dev.floe.InvalidRequestException;
import dev.floe.table.LoadedTable;
import dev.floe.table.Schema;
import dev.floe.table.Snapshot;
import dev.floe.table.SnapshotLogEntry;
import dev.floe.table.SnapshotRef;
import dev.floe.table.TableMetadata;
import java.math.BigInteger;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Which snapshot a scan reads, as the user asked for it, and the rule that picks the schema.
 *
 * <p>Iceberg's rule, which Floe follows: a snapshot id, a tag or a timestamp reads with the schema
 * the snapshot was written with ({@code schema-id}); a branch, and the current table, read with the
 * table's current schema. So after {@code ALTER TABLE RENAME COLUMN a TO b}, {@code
 * useRef("v1-tag")} still calls the column {@code a}, while {@code useRef("main")} calls it {@code
 * b}.
 */
record SnapshotSelection(Kind kind, long value, String refName) {

  enum Kind {
    CURRENT,
    SNAPSHOT_ID,
    REF,
    AS_OF_TIME
  }

  private static final int NEAREST_SNAPSHOTS = 5;

  static final SnapshotSelection CURRENT = new SnapshotSelection(Kind.CURRENT, 0, null);

  static SnapshotSelection snapshotId(long snapshotId) {
    return new SnapshotSelection(Kind.SNAPSHOT_ID, snapshotId, null);
  }

  static SnapshotSelection ref(String name) {
    if (name == null || name.isEmpty()) {
      throw new InvalidRequestException("A branch or tag name must not be empty");
    }
    return new SnapshotSelection(Kind.REF, 0, name);
  }

  static SnapshotSelection asOfTime(long timestampMillis) {
    return new SnapshotSelection(Kind.AS_OF_TIME, timestampMillis, null);
  }

  /**
   * What this selection means for one table: the snapshot (none for an empty table), the schema.
   */
  ResolvedSnapshot resolve(LoadedTable table) {
    TableMetadata metadata = table.metadata();
    switch (kind) {
      case CURRENT:
        return new ResolvedSnapshot(metadata.currentSnapshot(), metadata.schema());
      case SNAPSHOT_ID:
        return ofSnapshot(metadata, requireSnapshot(table, value, "snapshot id " + value));
      case REF:
        return resolveRef(table);
      case AS_OF_TIME:
        return ofSnapshot(metadata, requireSnapshot(table, snapshotIdAsOf(table), "timestamp"));
    }
    throw new IllegalStateException("Unknown snapshot selection " + kind);
  }

  private ResolvedSnapshot resolveRef(LoadedTable table) {
    TableMetadata metadata = table.metadata();
    SnapshotRef ref = metadata.ref(refName);
    if (ref == null) {
      if (refName.equals(SnapshotRef.MAIN_BRANCH) && metadata.currentSnapshotId() == null) {
        // A table that has never been written to has no main branch yet; it reads as empty.
        return new ResolvedSnapshot(Optional.empty(), metadata.schema());
      }
      throw new InvalidRequestException(
          "Cannot find branch or tag '"
              + refName
              + "' in table "
              + table.name()
              + "; it has "
              + (metadata.refs().isEmpty() ? "none" : String.join(", ", metadata.refs().keySet())));
    }
    Snapshot snapshot =
        requireSnapshot(
            table, ref.snapshotId(), (ref.isBranch() ? "branch '" : "tag '") + refName + "'");
    return ref.isBranch()
        ? new ResolvedSnapshot(Optional.of(snapshot), metadata.schema())
        : ofSnapshot(metadata, snapshot);
  }

  private long snapshotIdAsOf(LoadedTable table) {
    TableMetadata metadata = table.metadata();
    // Iceberg's rule: the last entry of the snapshot log at or before the instant.
    Long found = null;
    for (SnapshotLogEntry entry : metadata.snapshotLog()) {
      if (entry.timestampMillis() <= value) {
        found = entry.snapshotId();
      }
    }
    if (found == null) {
      long first =
          metadata.snapshotLog().stream()
              .mapToLong(SnapshotLogEntry::timestampMillis)
              .min()
              .orElse(-1);
      throw new InvalidRequestException(
          "Cannot find a snapshot of table "
              + table.name()
              + " as of "
              + java.time.Instant.ofEpochMilli(value)
              + " ("
              + value
              + " ms): "
              + (first < 0
                  ? "the table has no snapshot history"
                  : "its first snapshot is from "
                      + java.time.Instant.ofEpochMilli(first)
                      + " ("
                      + first
                      + " ms)"));
    }
    return found;
  }

  private static Snapshot requireSnapshot(LoadedTable table, long snapshotId, String requestedAs) {
    Snapshot snapshot = table.metadata().snapshot(snapshotId);
    if (snapshot == null) {
      throw new InvalidRequestException(
          "Cannot find snapshot "
              + snapshotId
              + " (selected by "
              + requestedAs
              + ") in table "
              + table.name()
              + ": it does not exist or has expired; "
              + nearestSnapshots(table.metadata(), snapshotId)
              + "; current snapshot is "
              + table.metadata().currentSnapshotId());
    }
    return snapshot;
  }

  /**
   * The valid snapshot ids closest in value to a requested one, so a mistyped id shows its likely
   * intent, each with its commit time.
   */
  private static String nearestSnapshots(TableMetadata metadata, long snapshotId) {
    if (metadata.snapshots().isEmpty()) {
      return "the table has no snapshots";
    }
    List<String> nearest =
        metadata.snapshots().stream()
            .sorted(
                Comparator.comparing(
                    (Snapshot snapshot) ->
                        BigInteger.valueOf(snapshot.snapshotId())
                            .subtract(BigInteger.valueOf(snapshotId))
                            .abs()))
            .limit(NEAREST_SNAPSHOTS)
            .map(
                snapshot ->
                    snapshot.snapshotId()
                        + " ("
                        + java.time.Instant.ofEpochMilli(snapshot.timestampMillis())
                        + ")")
            .toList();
    return "valid snapshot ids nearest to it: " + String.join(", ", nearest);
  }

  private static ResolvedSnapshot ofSnapshot(TableMetadata metadata, Snapshot snapshot) {
    // v1 snapshots record no schema id: they read with the current schema, as in Iceberg.
    // The parser guarantees that a recorded schema id exists.
    Schema schema =
        snapshot.schemaId() == null ? metadata.schema() : metadata.schema(snapshot.schemaId());
    return new ResolvedSnapshot(Optional.of(snapshot), schema);
  }

  @Override
  public String toString() {
    return switch (kind) {
      case CURRENT -> "current snapshot";
      case SNAPSHOT_ID -> "snapshot id " + value;
      case REF -> "ref '" + refName + "'";
      case AS_OF_TIME -> "as of " + value + " ms";
    };
  }

  /** A selection resolved against a table. */
  record ResolvedSnapshot(Optional<Snapshot> snapshot, Schema schema) {}
}
