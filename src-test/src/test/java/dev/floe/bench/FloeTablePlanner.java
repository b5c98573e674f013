package dev.floe.bench;

import dev.floe.catalog.PathTables;
import dev.floe.io.LocalFileIO;
import dev.floe.manifest.DeleteFile;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.TableScan;
import dev.floe.table.LoadedTable;
import java.util.ArrayList;
import java.util.List;

/**
 * Floe: {@code TableScan.of(PathTables.load(location, io)).planningThreads(n).planFiles()}, with
 * {@code .filter(e)} when given a filter.
 */
final class FloeTablePlanner implements TablePlanner {
  private final int threads;
  private final PlanFilter filter;

  FloeTablePlanner(int threads) {
    this(threads, PlanFilter.none());
  }

  /** Plans with {@code TableScan.filter} as well. */
  FloeTablePlanner(int threads, PlanFilter filter) {
    if (threads < 1) {
      throw new IllegalArgumentException("Floe needs at least one planning thread: " + threads);
    }
    this.threads = threads;
    this.filter = filter;
  }

  int threads() {
    return threads;
  }

  @Override
  public String description() {
    return "Floe, " + threads + (threads == 1 ? " planning thread" : " planning threads");
  }

  @Override
  public PlanOutcome plan(String location) {
    PlanOutcome.Counter counter = new PlanOutcome.Counter();
    for (FileScanTask task : planFiles(location)) {
      counter.add(task.file().recordCount(), task.deletes().size());
    }
    return counter.outcome();
  }

  @Override
  public PlanFingerprint fingerprint(String location) {
    PlanFingerprint fingerprint = new PlanFingerprint();
    for (FileScanTask task : planFiles(location)) {
      List<String> deletes = new ArrayList<>(task.deletes().size());
      for (DeleteFile delete : task.deletes()) {
        deletes.add(delete.location());
      }
      fingerprint.add(task.file().location(), deletes);
    }
    return fingerprint;
  }

  private List<FileScanTask> planFiles(String location) {
    // a new FileIO per load, as Iceberg's HadoopTables makes a new FileIO per load
    LoadedTable table = PathTables.load(location, new LocalFileIO());
    TableScan scan = TableScan.of(table).planningThreads(threads);
    return (filter.isNone() ? scan : scan.filter(filter.floe())).planFiles();
  }
}
