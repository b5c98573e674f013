package dev.floe.it.spark;

import java.util.Objects;

/**
 * One snapshot of a fixture table: its position in the table's history (1 for the first commit),
 * its id and operation, the rows it holds after deletes (counted by Apache Iceberg) and the rows
 * its live data files store before deletes (the sum of their record counts).
 */
record TableSnapshot(
    int ordinal, long snapshotId, String operation, long rowCount, long storedRowCount) {
  TableSnapshot {
    Objects.requireNonNull(operation, "operation");
    if (rowCount > storedRowCount) {
      throw new IllegalArgumentException(
          "Snapshot "
              + snapshotId
              + " has more live rows ("
              + rowCount
              + ") than its data files store ("
              + storedRowCount
              + ")");
    }
  }

  @Override
  public String toString() {
    return "s" + ordinal + " " + operation + " " + snapshotId;
  }
}
