package dev.floe.scan;

import dev.floe.catalog.Table;
import dev.floe.table.Schema;
import dev.floe.table.Snapshot;
import java.util.List;
import java.util.Optional;

/** Immutable scan of one table: every refinement returns a new scan. (Body lands next.) */
public final class TableScan {
  private TableScan() {}

  public static TableScan of(Table table) {
    throw new UnsupportedOperationException("not yet");
  }

  public TableScan useSnapshot(long snapshotId) {
    throw new UnsupportedOperationException("not yet");
  }

  public TableScan useRef(String name) {
    throw new UnsupportedOperationException("not yet");
  }

  public TableScan asOfTime(long timestampMillis) {
    throw new UnsupportedOperationException("not yet");
  }

  public TableScan select(List<String> columns) {
    throw new UnsupportedOperationException("not yet");
  }

  public TableScan caseSensitive(boolean caseSensitive) {
    throw new UnsupportedOperationException("not yet");
  }

  public TableScan splitSize(long bytes) {
    throw new UnsupportedOperationException("not yet");
  }

  public TableScan openFileCost(long bytes) {
    throw new UnsupportedOperationException("not yet");
  }

  public TableScan planningThreads(int threads) {
    throw new UnsupportedOperationException("not yet");
  }

  public Table table() {
    throw new UnsupportedOperationException("not yet");
  }

  public Schema schema() {
    throw new UnsupportedOperationException("not yet");
  }

  public Optional<Snapshot> snapshot() {
    throw new UnsupportedOperationException("not yet");
  }

  public List<FileScanTask> planFiles() {
    throw new UnsupportedOperationException("not yet");
  }

  public List<FileScanTask> planTasks() {
    throw new UnsupportedOperationException("not yet");
  }

  public List<ScanTaskGroup> planGroups(int targetGroups) {
    throw new UnsupportedOperationException("not yet");
  }
}
