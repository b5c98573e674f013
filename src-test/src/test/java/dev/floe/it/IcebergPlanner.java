package dev.floe.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.CombinedScanTask;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;

/**
 * The oracle: plans with Apache Iceberg's own {@link TableScan}, on the scenario's table (refreshed
 * from storage after its last commit).
 */
final class IcebergPlanner implements Planner {
  @Override
  public NormalizedPlan planFiles(Scenario scenario, ScanTarget target) {
    TableScan scan = scan(scenario, target);
    Map<String, PlannedFile> files = new HashMap<>();
    try (CloseableIterable<FileScanTask> tasks = scan.planFiles()) {
      for (FileScanTask task : tasks) {
        PlannedFile previous = files.put(task.file().location(), plannedFile(task));
        if (previous != null) {
          throw new AssertionError("Iceberg planned " + task.file().location() + " twice");
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Snapshot snapshot = scan.snapshot();
    return NormalizedPlan.of(
        snapshot == null ? null : snapshot.snapshotId(), columns(scan.schema()), files);
  }

  @Override
  public List<SplitPiece> planSplits(Scenario scenario, ScanTarget target, long splitSize) {
    TableScan scan =
        scan(scenario, target).option(TableProperties.SPLIT_SIZE, Long.toString(splitSize));
    List<SplitPiece> pieces = new ArrayList<>();
    try (CloseableIterable<CombinedScanTask> groups = scan.planTasks()) {
      for (CombinedScanTask group : groups) {
        for (FileScanTask task : group.files()) {
          pieces.add(new SplitPiece(task.file().location(), task.start(), task.length()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Collections.sort(pieces);
    return List.copyOf(pieces);
  }

  static TableScan scan(Scenario scenario, ScanTarget target) {
    Table table = scenario.table();
    TableScan scan = table.newScan().planWith(FixtureTable.SAME_THREAD);
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

  private static List<String> columns(org.apache.iceberg.Schema schema) {
    List<String> columns = new ArrayList<>();
    for (Types.NestedField column : schema.columns()) {
      columns.add(column.fieldId() + ":" + column.name());
    }
    return columns;
  }
}
