package dev.floe.it.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestReader;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.util.SnapshotUtil;

/**
 * What Apache Iceberg's own planning finds in one snapshot of a table, unfiltered: how many data
 * files it plans, and how many of them carry each kind of delete, so a test knows how a count over
 * that snapshot can be answered (from manifests alone, from delete files alone, or by reading
 * rows).
 *
 * @param dataFiles data files planned
 * @param withoutDeletes data files no delete file applies to
 * @param withDeletionVectorsOnly data files whose only deletes are a deletion vector
 * @param withPositionDeleteFiles data files with position delete files (not DVs) and no equality
 *     deletes
 * @param withEqualityDeletes data files with equality deletes
 * @param liveEqualityDeleteFiles equality delete files live in the snapshot, whether or not
 *     Iceberg's planning found a data file they apply to
 * @param boundedInEveryFile top-level columns with a lower and an upper bound in every planned data
 *     file
 */
record IcebergPlan(
    long dataFiles,
    long withoutDeletes,
    long withDeletionVectorsOnly,
    long withPositionDeleteFiles,
    long withEqualityDeletes,
    long liveEqualityDeleteFiles,
    Set<String> boundedInEveryFile) {
  IcebergPlan {
    boundedInEveryFile = Set.copyOf(boundedInEveryFile);
  }

  static IcebergPlan of(Table table, long snapshotId) {
    long dataFiles = 0;
    long withoutDeletes = 0;
    long withDeletionVectorsOnly = 0;
    long withPositionDeleteFiles = 0;
    long withEqualityDeletes = 0;
    Schema schema = SnapshotUtil.schemaFor(table, snapshotId);
    Set<String> bounded = new HashSet<>();
    schema.columns().forEach(column -> bounded.add(column.name()));
    try (CloseableIterable<FileScanTask> tasks =
        table.newScan().useSnapshot(snapshotId).includeColumnStats().planFiles()) {
      for (FileScanTask task : tasks) {
        dataFiles++;
        bounded.removeIf(name -> !hasBounds(task.file(), schema.findField(name).fieldId()));
        List<DeleteKind> kinds = task.deletes().stream().map(DeleteKind::of).toList();
        if (kinds.isEmpty()) {
          withoutDeletes++;
        } else if (kinds.contains(DeleteKind.EQUALITY_PARQUET)
            || kinds.contains(DeleteKind.EQUALITY_AVRO)) {
          withEqualityDeletes++;
        } else if (kinds.stream().allMatch(kind -> kind == DeleteKind.DELETION_VECTOR)) {
          withDeletionVectorsOnly++;
        } else {
          withPositionDeleteFiles++;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan " + table.name() + " at " + snapshotId, e);
    }
    return new IcebergPlan(
        dataFiles,
        withoutDeletes,
        withDeletionVectorsOnly,
        withPositionDeleteFiles,
        withEqualityDeletes,
        liveEqualityDeleteFiles(table, table.snapshot(snapshotId)),
        bounded);
  }

  private static boolean hasBounds(DataFile file, int fieldId) {
    return file.lowerBounds() != null
        && file.upperBounds() != null
        && file.lowerBounds().containsKey(fieldId)
        && file.upperBounds().containsKey(fieldId);
  }

  /** True when no delete file of any kind applies to a planned data file. */
  boolean withoutAnyDeletes() {
    return withoutDeletes == dataFiles;
  }

  private static long liveEqualityDeleteFiles(Table table, Snapshot snapshot) {
    long count = 0;
    for (ManifestFile manifest : snapshot.deleteManifests(table.io())) {
      try (ManifestReader<DeleteFile> reader =
          ManifestFiles.readDeleteManifest(manifest, table.io(), table.specs())) {
        for (DeleteFile file : reader) {
          if (file.content() == FileContent.EQUALITY_DELETES) {
            count++;
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read delete manifest " + manifest.path(), e);
      }
    }
    return count;
  }
}
