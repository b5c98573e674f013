package dev.floe.table;

/** An entry of the snapshot log: from {@code timestampMillis} on, this snapshot was current. */
public record SnapshotLogEntry(long timestampMillis, long snapshotId) {}
