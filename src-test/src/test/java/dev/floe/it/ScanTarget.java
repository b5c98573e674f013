package dev.floe.it;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.HistoryEntry;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;

/**
 * What a scan reads: the current snapshot, a snapshot by id, a branch or tag, or a point in time.
 */
sealed interface ScanTarget {

  record Current() implements ScanTarget {
    @Override
    public String toString() {
      return "current";
    }
  }

  record AtSnapshot(long snapshotId) implements ScanTarget {
    @Override
    public String toString() {
      return "snapshot " + snapshotId;
    }
  }

  record AtRef(String name) implements ScanTarget {
    @Override
    public String toString() {
      return "ref " + name;
    }
  }

  record AsOfTime(long timestampMillis) implements ScanTarget {
    @Override
    public String toString() {
      return "as of " + timestampMillis;
    }
  }

  /**
   * Every target worth planning for a table: the current state, each snapshot, each branch and tag,
   * and as-of-time at each snapshot's timestamp and at each snapshot-log entry (a rollback makes an
   * old snapshot current again at a later time). Times before the first log entry are left out:
   * they are an error, tested separately.
   */
  static List<ScanTarget> everyTargetOf(Table table) {
    List<ScanTarget> targets = new ArrayList<>();
    targets.add(new Current());
    for (Snapshot snapshot : table.snapshots()) {
      targets.add(new AtSnapshot(snapshot.snapshotId()));
    }
    table.refs().keySet().stream().sorted().forEach(name -> targets.add(new AtRef(name)));
    List<HistoryEntry> history = table.history();
    if (!history.isEmpty()) {
      long firstLogTime = history.get(0).timestampMillis();
      Set<Long> times = new LinkedHashSet<>();
      for (Snapshot snapshot : table.snapshots()) {
        times.add(snapshot.timestampMillis());
      }
      for (HistoryEntry entry : history) {
        times.add(entry.timestampMillis());
      }
      times.stream()
          .filter(time -> time >= firstLogTime)
          .sorted()
          .forEach(time -> targets.add(new AsOfTime(time)));
    }
    return List.copyOf(targets);
  }
}
