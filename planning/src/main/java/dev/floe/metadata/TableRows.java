package dev.floe.metadata;

import dev.floe.table.MetadataLogEntry;
import dev.floe.table.Snapshot;
import dev.floe.table.SnapshotLogEntry;
import dev.floe.table.SnapshotRef;
import dev.floe.table.TableMetadata;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rows of the metadata tables read from the table metadata alone: snapshots, history, refs and
 * the metadata log. They describe the whole table, so a snapshot selection does not change them.
 * Timestamps are in microseconds, as Iceberg's {@code timestamptz}.
 */
final class TableRows {
  private static final long MICROS_PER_MILLI = 1000;

  private TableRows() {}

  static List<List<Object>> snapshots(TableMetadata metadata) {
    List<List<Object>> rows = new ArrayList<>();
    for (Snapshot snapshot : metadata.snapshots()) {
      rows.add(
          row(
              snapshot.timestampMillis() * MICROS_PER_MILLI,
              snapshot.snapshotId(),
              snapshot.parentSnapshotId(),
              snapshot.operation(),
              snapshot.manifestList(),
              summaryWithoutOperation(snapshot.summary())));
    }
    return rows;
  }

  /** Iceberg keeps the operation apart from the rest of the summary, in its own column. */
  private static Map<String, String> summaryWithoutOperation(Map<String, String> summary) {
    if (!summary.containsKey("operation")) {
      return summary;
    }
    Map<String, String> rest = new java.util.HashMap<>(summary);
    rest.remove("operation");
    return rest;
  }

  /**
   * One row per snapshot log entry; {@code is_current_ancestor} says whether the snapshot is the
   * current one or one of its ancestors (it is false for snapshots left behind by a rollback).
   */
  static List<List<Object>> history(TableMetadata metadata) {
    Set<Long> ancestors = currentAncestors(metadata);
    List<List<Object>> rows = new ArrayList<>();
    for (SnapshotLogEntry entry : metadata.snapshotLog()) {
      Snapshot snapshot = metadata.snapshot(entry.snapshotId());
      rows.add(
          row(
              entry.timestampMillis() * MICROS_PER_MILLI,
              entry.snapshotId(),
              snapshot == null ? null : snapshot.parentSnapshotId(),
              ancestors.contains(entry.snapshotId())));
    }
    return rows;
  }

  static List<List<Object>> refs(TableMetadata metadata) {
    List<List<Object>> rows = new ArrayList<>();
    for (Map.Entry<String, SnapshotRef> named : metadata.refs().entrySet()) {
      SnapshotRef ref = named.getValue();
      rows.add(
          row(
              named.getKey(),
              ref.type().name(),
              ref.snapshotId(),
              ref.maxRefAgeMs(),
              ref.minSnapshotsToKeep(),
              ref.maxSnapshotAgeMs()));
    }
    return rows;
  }

  /**
   * The previous metadata files, then the current one (written at the table's last update); each
   * with the snapshot that was current when it was written, by the snapshot log, or nulls when it
   * predates the first snapshot.
   */
  static List<List<Object>> metadataLogEntries(TableMetadata metadata) {
    List<MetadataLogEntry> entries = new ArrayList<>(metadata.metadataLog());
    if (metadata.metadataFileLocation() != null) {
      entries.add(
          new MetadataLogEntry(metadata.lastUpdatedMillis(), metadata.metadataFileLocation()));
    }
    List<List<Object>> rows = new ArrayList<>();
    for (MetadataLogEntry entry : entries) {
      Long latestSnapshotId = snapshotIdAsOf(metadata, entry.timestampMillis());
      Snapshot latest = latestSnapshotId == null ? null : metadata.snapshot(latestSnapshotId);
      rows.add(
          row(
              entry.timestampMillis() * MICROS_PER_MILLI,
              entry.metadataFile(),
              latestSnapshotId,
              latest == null ? null : latest.schemaId(),
              latest == null ? null : latest.sequenceNumber()));
    }
    return rows;
  }

  private static Long snapshotIdAsOf(TableMetadata metadata, long timestampMillis) {
    Long found = null;
    for (SnapshotLogEntry entry : metadata.snapshotLog()) {
      if (entry.timestampMillis() <= timestampMillis) {
        found = entry.snapshotId();
      }
    }
    return found;
  }

  private static Set<Long> currentAncestors(TableMetadata metadata) {
    Set<Long> ancestors = new HashSet<>();
    Long next = metadata.currentSnapshotId();
    // an expired ancestor ends the chain: it is no longer a snapshot of the table
    Snapshot snapshot = next == null ? null : metadata.snapshot(next);
    while (snapshot != null && ancestors.add(snapshot.snapshotId())) {
      next = snapshot.parentSnapshotId();
      snapshot = next == null ? null : metadata.snapshot(next);
    }
    return ancestors;
  }

  /** A row that may hold nulls, which {@code List.of} refuses. */
  static List<Object> row(Object... values) {
    return java.util.Collections.unmodifiableList(Arrays.asList(values));
  }
}
