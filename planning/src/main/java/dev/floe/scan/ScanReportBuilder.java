package dev.floe.scan;

import dev.floe.manifest.DeleteFile;
import dev.floe.scan.ScanReport.DeleteFileCounts;
import dev.floe.scan.ScanReport.EntryPruning;
import dev.floe.scan.ScanReport.FileReads;
import dev.floe.scan.ScanReport.Hop;
import dev.floe.scan.ScanReport.ManifestPruning;
import dev.floe.scan.ScanReport.MetadataReads;
import dev.floe.scan.ScanReport.SkippedFile;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/** Accumulates a {@link ScanReport} on the planning thread, in manifest-list order. */
final class ScanReportBuilder {
  private final String table;
  private final int skipListLimit;
  private final List<SkippedFile> skipped = new ArrayList<>();
  private Long snapshotId;
  private int schemaId;
  private String filter = "true";
  private ManifestPruning dataManifests = ManifestPruning.NONE;
  private ManifestPruning deleteManifests = ManifestPruning.NONE;
  private EntryPruning dataFiles = EntryPruning.NONE;
  private EntryPruning deleteFiles = EntryPruning.NONE;
  private long positionDeletes;
  private long equalityDeletes;
  private long deletionVectors;
  private long unlistedSkips;
  private FileReads manifestList = FileReads.NONE;
  private FileReads dataManifestReads = FileReads.NONE;
  private FileReads deleteManifestReads = FileReads.NONE;
  private PlanningMode dataPlanning = PlanningMode.LOCAL;
  private PlanningMode deletePlanning = PlanningMode.LOCAL;

  ScanReportBuilder(String table, int skipListLimit) {
    this.table = table;
    this.skipListLimit = skipListLimit;
  }

  /** A report for a plan that read nothing: a table with no snapshot. */
  static ScanReport empty(String table, int schemaId, String filter, Duration planningTime) {
    ScanReportBuilder builder = new ScanReportBuilder(table, 0);
    builder.schemaId = schemaId;
    builder.filter = filter;
    return builder.build(List.of(), planningTime.toNanos());
  }

  void snapshot(long id, FilterPruning pruning) {
    this.snapshotId = id;
    this.schemaId = pruning.schemaId();
    this.filter = pruning.filter().toString();
  }

  void manifestList(boolean fromCache, long bytesRead) {
    manifestList = manifestList.plus(fromCache, bytesRead);
  }

  void manifestWithoutLiveFiles(boolean data) {
    add(data, new ManifestPruning(1, 1, 0));
  }

  void manifestSkipped(boolean data, String location, Supplier<String> conjunct) {
    add(data, new ManifestPruning(1, 0, 1));
    list(
        data ? Hop.DATA_MANIFEST_PARTITION_SUMMARY : Hop.DELETE_MANIFEST_PARTITION_SUMMARY,
        location,
        conjunct);
  }

  void manifestRead(boolean data) {
    add(data, new ManifestPruning(1, 0, 0));
  }

  void dataPlanning(PlanningMode chosen) {
    dataPlanning = chosen;
  }

  void deletePlanning(PlanningMode chosen) {
    deletePlanning = chosen;
  }

  void deleteFiles(ManifestOutcome<DeleteFile> outcome) {
    deleteFiles = deleteFiles.plus(outcome.counts());
    deleteManifestReads = deleteManifestReads.plus(outcome.fromCache(), outcome.bytesRead());
    for (DeleteFile file : outcome.files()) {
      switch (kind(file)) {
        case POSITION -> positionDeletes++;
        case EQUALITY -> equalityDeletes++;
        case VECTOR -> deletionVectors++;
      }
    }
    merge(outcome);
  }

  void dataFiles(ManifestOutcome<FileScanTask> outcome) {
    dataFiles = dataFiles.plus(outcome.counts());
    dataManifestReads = dataManifestReads.plus(outcome.fromCache(), outcome.bytesRead());
    merge(outcome);
  }

  ScanReport build(List<FileScanTask> tasks, long planningNanos) {
    long bytes = 0;
    long records = 0;
    Set<DeleteFile> attached = Collections.newSetFromMap(new IdentityHashMap<>());
    for (FileScanTask task : tasks) {
      bytes += task.file().fileSizeInBytes();
      records += task.file().recordCount();
      attached.addAll(task.deletes());
    }
    long[] attachedByKind = new long[DeleteKind.values().length];
    for (DeleteFile file : attached) {
      attachedByKind[kind(file).ordinal()]++;
    }
    return new ScanReport(
        table,
        snapshotId,
        schemaId,
        filter,
        dataManifests,
        deleteManifests,
        dataFiles,
        deleteFiles,
        new DeleteFileCounts(positionDeletes, equalityDeletes, deletionVectors),
        new DeleteFileCounts(
            attachedByKind[DeleteKind.POSITION.ordinal()],
            attachedByKind[DeleteKind.EQUALITY.ordinal()],
            attachedByKind[DeleteKind.VECTOR.ordinal()]),
        tasks.size(),
        bytes,
        records,
        Duration.ofNanos(planningNanos),
        skipped,
        unlistedSkips,
        new MetadataReads(manifestList, dataManifestReads, deleteManifestReads),
        new ScanReport.Planning(dataPlanning, deletePlanning));
  }

  private void merge(ManifestOutcome<?> outcome) {
    for (SkippedFile file : outcome.skipped()) {
      if (skipped.size() < skipListLimit) {
        skipped.add(file);
      } else {
        unlistedSkips++;
      }
    }
    unlistedSkips += outcome.unlistedSkips();
  }

  private void add(boolean data, ManifestPruning counts) {
    if (data) {
      dataManifests = dataManifests.plus(counts);
    } else {
      deleteManifests = deleteManifests.plus(counts);
    }
  }

  private void list(Hop hop, String location, Supplier<String> conjunct) {
    if (skipped.size() < skipListLimit) {
      skipped.add(new SkippedFile(hop, location, conjunct.get()));
    } else {
      unlistedSkips++;
    }
  }

  private static DeleteKind kind(DeleteFile file) {
    if (file.isDeletionVector()) {
      return DeleteKind.VECTOR;
    }
    return switch (file.content()) {
      case POSITION_DELETES -> DeleteKind.POSITION;
      case EQUALITY_DELETES -> DeleteKind.EQUALITY;
      case DATA -> throw new IllegalStateException("A data file in the delete index: " + file);
    };
  }

  private enum DeleteKind {
    POSITION,
    EQUALITY,
    VECTOR
  }
}
