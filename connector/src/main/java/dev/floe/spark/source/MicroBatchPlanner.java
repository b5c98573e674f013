package dev.floe.spark.source;

import dev.floe.InvalidRequestException;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.ScanPlan;
import dev.floe.scan.TableScan;
import dev.floe.table.LoadedTable;
import dev.floe.table.Snapshot;
import dev.floe.table.TableMetadata;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Decides what the micro-batches of a stream read, with Iceberg's rules (its {@code
 * SparkMicroBatchStream}), and knows nothing of Spark:
 *
 * <ul>
 *   <li>a stream starts at the oldest snapshot of the table's current history, or at the oldest one
 *       committed at or after {@code stream-from-timestamp}, and reads the files each {@code
 *       append} commit added, oldest commit first;
 *   <li>{@code replace} commits (compactions) add no rows and are passed over; {@code delete} and
 *       {@code overwrite} commits stop the stream with an error naming them, unless their skip
 *       option is set;
 *   <li>an offset is a snapshot and a position among the files it added, in the order planning
 *       lists them ({@link TableScan#appendsBetween}), so a batch may end inside a snapshot;
 *   <li>a batch takes files until the next would pass {@code streaming-max-files-per-micro-batch},
 *       or until the files' record counts reach {@code streaming-max-rows-per-micro-batch} (that
 *       file included).
 * </ul>
 */
final class MicroBatchPlanner {
  /** Added files of this many snapshots are kept, since consecutive batches plan the same ones. */
  private static final int KEPT_SNAPSHOTS = 8;

  private final StreamingReadOptions options;
  private final Function<LoadedTable, TableScan> scans;
  private final Map<Long, ScanPlan> addedFiles =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, ScanPlan> eldest) {
          return size() > KEPT_SNAPSHOTS;
        }
      };

  /**
   * @param scans a scan of a table with the read's settings (split size, metadata cache, planning
   *     modes), no snapshot selected and no filter
   */
  MicroBatchPlanner(StreamingReadOptions options, Function<LoadedTable, TableScan> scans) {
    this.options = options;
    this.scans = scans;
  }

  /**
   * Where a new stream starts: the first file of the oldest snapshot in the current history (or of
   * the oldest one at or after {@code stream-from-timestamp}); {@link StreamOffset#BEFORE_FIRST}
   * while the table has no snapshot (or none that late).
   */
  StreamOffset initial(TableMetadata metadata) {
    Optional<Snapshot> current = metadata.currentSnapshot();
    if (current.isEmpty()) {
      return StreamOffset.BEFORE_FIRST;
    }
    Long from = options.fromTimestamp();
    if (from != null && current.get().timestampMillis() < from) {
      return StreamOffset.BEFORE_FIRST;
    }
    Snapshot first = current.get();
    for (Snapshot ancestor : ancestry(metadata, current.get().snapshotId(), null)) {
      if (from != null && ancestor.timestampMillis() < from) {
        break;
      }
      first = ancestor;
      if (from != null && ancestor.timestampMillis() == from) {
        break;
      }
    }
    return new StreamOffset(first.snapshotId(), 0);
  }

  /** The end of the table's current snapshot, for a stream that is not admission-controlled. */
  StreamOffset latest(LoadedTable table) {
    Optional<Snapshot> current = table.metadata().currentSnapshot();
    Long from = options.fromTimestamp();
    if (current.isEmpty() || (from != null && current.get().timestampMillis() < from)) {
      return StreamOffset.BEFORE_FIRST;
    }
    return new StreamOffset(current.get().snapshotId(), added(table, current.get()).size());
  }

  /**
   * The end of the next micro-batch from {@code start}, or null when there is nothing new to read.
   *
   * @param limit the most files and rows the batch may take
   * @param lastSnapshotId the newest snapshot to read ({@code Trigger.AvailableNow}), or null for
   *     the table's current one
   * @throws InvalidRequestException at a {@code delete} or {@code overwrite} commit whose skip
   *     option is not set, or when the start's snapshot is no longer in the table's history
   */
  StreamOffset next(LoadedTable table, StreamOffset start, BatchLimit limit, Long lastSnapshotId) {
    TableMetadata metadata = table.metadata();
    Optional<Snapshot> current = metadata.currentSnapshot();
    Long from = options.fromTimestamp();
    if (current.isEmpty() || (from != null && current.get().timestampMillis() < from)) {
      return StreamOffset.BEFORE_FIRST.equals(start) ? null : StreamOffset.BEFORE_FIRST;
    }
    StreamOffset begin = start.isBeforeFirst() ? initial(metadata) : start;
    long last = lastSnapshotId != null ? lastSnapshotId : current.get().snapshotId();
    List<Snapshot> lineage = lineage(table, begin.snapshotId(), last);
    BatchLimit.Budget budget = limit.budget();
    StreamOffset end = begin;
    for (Snapshot snapshot : lineage) {
      boolean first = snapshot.snapshotId() == begin.snapshotId();
      if (!processes(table, snapshot)) {
        continue;
      }
      List<FileScanTask> files = added(table, snapshot);
      long position = first ? begin.position() : 0;
      for (; position < files.size(); position++) {
        if (!budget.takes(files.get((int) position).file().recordCount())) {
          return changed(start, new StreamOffset(snapshot.snapshotId(), position));
        }
        if (budget.isSpent()) {
          return changed(start, new StreamOffset(snapshot.snapshotId(), position + 1));
        }
      }
      end = new StreamOffset(snapshot.snapshotId(), position);
    }
    return changed(start, end);
  }

  private static StreamOffset changed(StreamOffset start, StreamOffset end) {
    return end.equals(start) ? null : end;
  }

  /**
   * The files a batch from {@code start} to {@code end} reads: of each snapshot between them, the
   * added files from the start's position (its first snapshot) up to the end's (its last), as one
   * plan in commit order.
   */
  List<FileScanTask> files(LoadedTable table, StreamOffset start, StreamOffset end) {
    if (end.isBeforeFirst()) {
      return List.of();
    }
    StreamOffset begin = start.isBeforeFirst() ? initial(table.metadata()) : start;
    if (begin.isBeforeFirst()) {
      return List.of();
    }
    List<FileScanTask> tasks = new ArrayList<>();
    for (Snapshot snapshot : lineage(table, begin.snapshotId(), end.snapshotId())) {
      if (!processes(table, snapshot)) {
        continue;
      }
      List<FileScanTask> files = added(table, snapshot);
      long from = snapshot.snapshotId() == begin.snapshotId() ? begin.position() : 0;
      long to = snapshot.snapshotId() == end.snapshotId() ? end.position() : files.size();
      if (to > files.size() || from > to) {
        throw new IllegalStateException(
            "Stream offsets "
                + start
                + " to "
                + end
                + " do not fit snapshot "
                + snapshot.snapshotId()
                + " of table "
                + table.name()
                + ", which added "
                + files.size()
                + " data files");
      }
      tasks.addAll(files.subList((int) from, (int) to));
    }
    return tasks;
  }

  /** A plan made for one of the snapshots, whose report a batch's plan may carry. */
  ScanPlan anyPlan(LoadedTable table, long snapshotId) {
    return addedPlan(table, table.metadata().snapshot(snapshotId));
  }

  /** Whether a stream reads the files of this commit: Iceberg's rule by operation. */
  boolean processes(LoadedTable table, Snapshot snapshot) {
    String operation = snapshot.operation() == null ? "" : snapshot.operation();
    switch (operation) {
      case "append":
        return true;
      case "replace":
        return false;
      case "delete":
        return skipped(table, snapshot, options.skipDeleteSnapshots(), "deletes", SKIP_DELETE);
      case "overwrite":
        return skipped(
            table, snapshot, options.skipOverwriteSnapshots(), "overwrites", SKIP_OVERWRITE);
      default:
        throw new InvalidRequestException(
            "Cannot stream snapshot "
                + snapshot.snapshotId()
                + " of table "
                + table.name()
                + ": its operation '"
                + operation
                + "' is not one a stream knows (append, replace, delete, overwrite)");
    }
  }

  private static final String SKIP_DELETE = StreamingReadOptions.SKIP_DELETE_SNAPSHOTS;
  private static final String SKIP_OVERWRITE = StreamingReadOptions.SKIP_OVERWRITE_SNAPSHOTS;

  private static boolean skipped(
      LoadedTable table, Snapshot snapshot, boolean skip, String what, String option) {
    if (!skip) {
      throw new InvalidRequestException(
          "Cannot process "
              + snapshot.operation()
              + " snapshot "
              + snapshot.snapshotId()
              + " of table "
              + table.name()
              + ": a stream reads appended rows only; to pass over "
              + what
              + ", set the read option "
              + option
              + "=true");
    }
    return false;
  }

  /** The data files a snapshot added, in planning order: the positions of offsets. */
  List<FileScanTask> added(LoadedTable table, Snapshot snapshot) {
    return addedPlan(table, snapshot).files();
  }

  private ScanPlan addedPlan(LoadedTable table, Snapshot snapshot) {
    ScanPlan plan = addedFiles.get(snapshot.snapshotId());
    if (plan == null) {
      TableScan scan = scans.apply(table);
      // a first snapshot's live files are the ones it added
      plan =
          snapshot.parentSnapshotId() == null
              ? scan.useSnapshot(snapshot.snapshotId()).plan()
              : scan.appendsBetween(snapshot.parentSnapshotId(), snapshot.snapshotId()).plan();
      addedFiles.put(snapshot.snapshotId(), plan);
    }
    return plan;
  }

  /**
   * The snapshots from {@code firstId} to {@code lastId} along {@code lastId}'s parents, oldest
   * first.
   *
   * @throws InvalidRequestException when either has expired, or {@code firstId} is not an ancestor
   *     of {@code lastId}
   */
  private static List<Snapshot> lineage(LoadedTable table, long firstId, long lastId) {
    TableMetadata metadata = table.metadata();
    if (metadata.snapshot(firstId) == null) {
      throw new InvalidRequestException(
          "Cannot continue the stream of table "
              + table.name()
              + " at snapshot "
              + firstId
              + ": the snapshot has expired or was removed; start the query again with a new"
              + " checkpoint location");
    }
    List<Snapshot> lineage = ancestry(metadata, lastId, firstId);
    if (lineage.isEmpty() || lineage.get(lineage.size() - 1).snapshotId() != firstId) {
      throw new InvalidRequestException(
          "Cannot continue the stream of table "
              + table.name()
              + " at snapshot "
              + firstId
              + ": it is not an ancestor of snapshot "
              + lastId
              + " (was the table rolled back?); start the query again with a new checkpoint"
              + " location");
    }
    Collections.reverse(lineage);
    return lineage;
  }

  /** {@code fromId} and its ancestors, newest first, down to {@code stopId} or the oldest kept. */
  private static List<Snapshot> ancestry(TableMetadata metadata, long fromId, Long stopId) {
    List<Snapshot> ancestry = new ArrayList<>();
    Snapshot snapshot = metadata.snapshot(fromId);
    while (snapshot != null) {
      ancestry.add(snapshot);
      if (stopId != null && snapshot.snapshotId() == stopId) {
        break;
      }
      Long parent = snapshot.parentSnapshotId();
      snapshot = parent == null ? null : metadata.snapshot(parent);
    }
    return ancestry;
  }
}
