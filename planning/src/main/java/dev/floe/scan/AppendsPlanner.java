package dev.floe.scan;

import dev.floe.cache.MetadataSource;
import dev.floe.manifest.EntryStatus;
import dev.floe.manifest.ManifestContent;
import dev.floe.manifest.ManifestEntry;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.MetricsColumns;
import dev.floe.table.LoadedTable;
import dev.floe.table.LocationPolicy;
import dev.floe.table.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Plans an incremental read: the data files that the {@code append} commits of an {@link
 * SnapshotRange} added, oldest commit first, then in manifest-list and entry order, each a
 * whole-file task with its residual. Of each append only the data manifests it wrote are read, and
 * of those only the entries it ADDED; manifests and entries are pruned by the filter as in a
 * snapshot's plan. No delete file is attached: an append adds rows and removes none, and what later
 * commits deleted is outside what an incremental read returns (Iceberg's incremental append scan
 * reads the same).
 */
final class AppendsPlanner {
  private final LoadedTable table;
  private final SnapshotRange range;
  private final FilterPruning pruning;
  private final FileScanPlanner.PlanSettings settings;
  private final MetadataSource source;
  private final LocationPolicy locations;

  AppendsPlanner(
      LoadedTable table,
      SnapshotRange range,
      FilterPruning pruning,
      FileScanPlanner.PlanSettings settings) {
    this.table = table;
    this.range = range;
    this.pruning = pruning;
    this.settings = settings;
    this.source = MetadataSource.of(settings.reading().cache(), table);
    this.locations = LocationPolicy.of(table);
  }

  /** The plan, whose report names the range's end snapshot and counts every append's reads. */
  ScanPlan plan(List<Snapshot> appends, long endSnapshotId) {
    long started = System.nanoTime();
    ScanReportBuilder report = new ScanReportBuilder(table.name(), settings.skipListLimit());
    report.snapshot(endSnapshotId, pruning);
    ParallelManifestReader reader = new ParallelManifestReader(settings.reading().threads());
    MetricsColumns metrics = pruning.metricsColumns().and(settings.requestedStats());
    List<FileScanTask> tasks = new ArrayList<>();
    for (Snapshot append : appends) {
      ManifestPruner pruner =
          new ManifestPruner(
              table.name(),
              append.snapshotId(),
              pruning,
              source,
              locations,
              settings.skipListLimit());
      Predicate<ManifestEntry> added = addedBy(append.snapshotId());
      for (ManifestOutcome<FileScanTask> outcome :
          reader.readAll(
              manifestsWritten(append, report),
              manifest -> pruner.dataFiles(manifest, metrics, added, this::task))) {
        tasks.addAll(outcome.files());
        report.dataFiles(outcome);
      }
    }
    return new ScanPlan(tasks, report.build(tasks, System.nanoTime() - started));
  }

  /** The data manifests an append wrote that may hold a matching file it added. */
  private List<ManifestFile> manifestsWritten(Snapshot append, ScanReportBuilder report) {
    locations.checkManifestLocations(append);
    MetadataSource.Fetched<List<ManifestFile>> listed = source.manifests(append);
    report.manifestList(listed.fromCache(), listed.bytesRead());
    List<ManifestFile> read = new ArrayList<>();
    for (ManifestFile manifest : listed.value()) {
      if (manifest.content() != ManifestContent.DATA
          || manifest.addedSnapshotId() != append.snapshotId()) {
        continue;
      }
      locations.check(manifest.path(), "manifest", "manifest list", append.manifestList());
      Integer added = manifest.counts().addedFilesCount();
      if (added != null && added == 0) {
        report.manifestWithoutLiveFiles(true);
      } else if (pruning.matchesNothing() || !pruning.manifestMightMatch(manifest)) {
        report.manifestSkipped(
            true,
            manifest.path(),
            () -> pruning.prunedBy(alone -> alone.manifestMightMatch(manifest)));
      } else {
        report.manifestRead(true);
        read.add(manifest);
      }
    }
    return read;
  }

  private FileScanTask task(dev.floe.manifest.DataFile file) {
    return new FileScanTask(file, List.of(), pruning.residual(file), 0, file.fileSizeInBytes());
  }

  private static Predicate<ManifestEntry> addedBy(long snapshotId) {
    return entry -> entry.status() == EntryStatus.ADDED && entry.snapshotId() == snapshotId;
  }
}
