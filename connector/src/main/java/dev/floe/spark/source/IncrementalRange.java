package dev.floe.spark.source;

import dev.floe.InvalidRequestException;
import dev.floe.scan.TableScan;
import java.util.List;
import java.util.Map;

/**
 * An incremental read, as the read options {@code start-snapshot-id} (exclusive) and {@code
 * end-snapshot-id} (inclusive, the current snapshot when absent) ask for it: the rows the {@code
 * append} commits in between added ({@link TableScan#appendsBetween}). The options are Iceberg's,
 * and so are the rules and the substance of the refusals: no incremental read of a snapshot chosen
 * by {@code snapshot-id} or {@code as-of-timestamp}, no end without a start, and {@code
 * start-timestamp} / {@code end-timestamp} only for changelog reads, which Floe does not offer.
 */
record IncrementalRange(long startSnapshotId, Long endSnapshotId) {
  static final String START_SNAPSHOT_ID = "start-snapshot-id";
  static final String END_SNAPSHOT_ID = "end-snapshot-id";
  static final String START_TIMESTAMP = "start-timestamp";
  static final String END_TIMESTAMP = "end-timestamp";

  /** The read options that describe an incremental read. */
  static final List<String> OPTIONS =
      List.of(START_SNAPSHOT_ID, END_SNAPSHOT_ID, START_TIMESTAMP, END_TIMESTAMP);

  /**
   * The incremental read the options ask for, or null for a read of one snapshot.
   *
   * @param byName the read options, keys lower-cased
   * @throws InvalidRequestException by Iceberg's rules (see the class comment), and for a branch or
   *     a tag beside a range, which would not say which line of commits the range follows
   */
  static IncrementalRange of(Map<String, String> byName) {
    Long start = ReadSetting.number(ReadSetting.option(START_SNAPSHOT_ID, byName));
    Long end = ReadSetting.number(ReadSetting.option(END_SNAPSHOT_ID, byName));
    if ((start != null || end != null)
        && (byName.containsKey(FloeReadOptions.SNAPSHOT_ID)
            || byName.containsKey(FloeReadOptions.AS_OF_TIMESTAMP))) {
      throw new InvalidRequestException(
          "Cannot set "
              + START_SNAPSHOT_ID
              + " and "
              + END_SNAPSHOT_ID
              + " for incremental scans when either "
              + FloeReadOptions.SNAPSHOT_ID
              + " or "
              + FloeReadOptions.AS_OF_TIMESTAMP
              + " is set");
    }
    if (start == null && end != null) {
      throw new InvalidRequestException(
          "Cannot set only "
              + END_SNAPSHOT_ID
              + " for incremental scans. Please, set "
              + START_SNAPSHOT_ID
              + " too.");
    }
    if (byName.containsKey(START_TIMESTAMP) || byName.containsKey(END_TIMESTAMP)) {
      throw new InvalidRequestException(
          "Cannot set "
              + START_TIMESTAMP
              + " or "
              + END_TIMESTAMP
              + " for incremental scans and batch scan. They are only valid for changelog scans,"
              + " which Floe does not offer; read the appends between two snapshots with "
              + START_SNAPSHOT_ID
              + " and "
              + END_SNAPSHOT_ID);
    }
    if (start == null) {
      return null;
    }
    if (byName.containsKey(FloeReadOptions.BRANCH) || byName.containsKey(FloeReadOptions.TAG)) {
      throw new InvalidRequestException(
          "Cannot set "
              + START_SNAPSHOT_ID
              + " with "
              + FloeReadOptions.BRANCH
              + " or "
              + FloeReadOptions.TAG
              + ": an incremental read follows the ancestry of "
              + END_SNAPSHOT_ID
              + " (by default the current snapshot); give the branch's head as "
              + END_SNAPSHOT_ID);
    }
    return new IncrementalRange(start, end);
  }

  /** The scan of this range's appends. */
  TableScan applyTo(TableScan scan) {
    return endSnapshotId == null
        ? scan.appendsAfter(startSnapshotId)
        : scan.appendsBetween(startSnapshotId, endSnapshotId);
  }

  /** As the scan description shows it: {@code appends=(start, end]}. */
  @Override
  public String toString() {
    return "(" + startSnapshotId + ", " + (endSnapshotId == null ? "current" : endSnapshotId) + "]";
  }
}
