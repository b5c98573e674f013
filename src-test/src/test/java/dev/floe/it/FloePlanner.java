package dev.floe.it;

import dev.floe.catalog.PathTables;
import dev.floe.io.LocalFileIO;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.TableScan;
import dev.floe.table.LoadedTable;
import dev.floe.table.NestedField;
import dev.floe.table.Snapshot;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Plans with Floe: loads the scenario's table from its location as a path table and plans with
 * {@link TableScan}. The only class of this suite that plans with Floe.
 */
final class FloePlanner implements Planner {

  @Override
  public NormalizedPlan planFiles(Scenario scenario, ScanTarget target) {
    TableScan scan = scan(scenario.location(), target);
    Map<String, PlannedFile> files = new HashMap<>();
    for (FileScanTask task : MetadataCacheCheck.plan(scan).files()) {
      PlannedFile previous = files.put(task.file().location(), plannedFile(task));
      if (previous != null) {
        throw new AssertionError("Floe planned " + task.file().location() + " twice");
      }
    }
    Long snapshotId = scan.snapshot().map(Snapshot::snapshotId).orElse(null);
    return NormalizedPlan.of(snapshotId, columns(scan), files);
  }

  @Override
  public List<SplitPiece> planSplits(Scenario scenario, ScanTarget target, long splitSize) {
    List<SplitPiece> pieces = new ArrayList<>();
    for (FileScanTask task : scan(scenario.location(), target).splitSize(splitSize).planTasks()) {
      pieces.add(new SplitPiece(task.file().location(), task.start(), task.length()));
    }
    Collections.sort(pieces);
    return List.copyOf(pieces);
  }

  /** A Floe scan of the path table at {@code location}, refined to {@code target}. */
  static TableScan scan(String location, ScanTarget target) {
    return scan(load(location), target);
  }

  /** A Floe scan of a loaded table, refined to {@code target}. */
  static TableScan scan(LoadedTable table, ScanTarget target) {
    TableScan scan = TableScan.of(table);
    if (target instanceof ScanTarget.AtSnapshot at) {
      return scan.useSnapshot(at.snapshotId());
    } else if (target instanceof ScanTarget.AtRef ref) {
      return scan.useRef(ref.name());
    } else if (target instanceof ScanTarget.AsOfTime asOf) {
      return scan.asOfTime(asOf.timestampMillis());
    } else if (target instanceof ScanTarget.Current) {
      return scan;
    }
    throw new IllegalArgumentException("Unknown scan target " + target);
  }

  /** Loads the path table at {@code location} (a directory or a {@code file:} URI). */
  static LoadedTable load(String location) {
    return PathTables.load(location, new LocalFileIO());
  }

  static PlannedFile plannedFile(FileScanTask task) {
    DataFile file = task.file();
    List<PlannedDelete> deletes = new ArrayList<>();
    for (DeleteFile delete : task.deletes()) {
      deletes.add(new PlannedDelete(delete.location(), delete.contentOffset()));
    }
    return new PlannedFile(
        file.specId(),
        file.dataSequenceNumber(),
        file.fileSequenceNumber(),
        file.recordCount(),
        file.firstRowId(),
        deletes);
  }

  private static List<String> columns(TableScan scan) {
    List<String> columns = new ArrayList<>();
    for (NestedField column : scan.schema().columns()) {
      columns.add(column.fieldId() + ":" + column.name());
    }
    return columns;
  }
}
