package dev.floe.scan;

import dev.floe.CorruptTableException;
import dev.floe.FileReadException;
import dev.floe.FloeException;
import dev.floe.InvalidRequestException;
import dev.floe.cache.MetadataCache;
import dev.floe.cache.MetadataSource;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.ManifestContent;
import dev.floe.manifest.ManifestEntry;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.MetricsColumns;
import dev.floe.table.LoadedTable;
import dev.floe.table.LocationPolicy;
import dev.floe.table.Snapshot;
import dev.floe.table.TableMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Walks one snapshot's metadata tree once: manifest list, then delete manifests into a {@link
 * DeleteFileIndex}, then data manifests into one whole-file task per live data file that the filter
 * may match. Each hop prunes with the strongest evidence it has: partition summaries skip whole
 * manifests, partition tuples and then column metrics skip entries; delete files are pruned with
 * the same evidence. Manifests are read in parallel; entries are streamed, and only the resulting
 * tasks are kept. Every hop's counts go into the {@link ScanReport}.
 */
final class FileScanPlanner {
  private final LoadedTable table;
  private final Snapshot snapshot;
  private final FilterPruning pruning;
  private final ParallelManifestReader reader;
  private final int skipListLimit;
  private final MetricsColumns requestedStats;
  private final LocationPolicy locations;
  private final MetadataSource source;

  FileScanPlanner(
      LoadedTable table, Snapshot snapshot, FilterPruning pruning, PlanSettings settings) {
    this.table = table;
    this.snapshot = snapshot;
    this.pruning = pruning;
    this.reader = new ParallelManifestReader(settings.threads());
    this.skipListLimit = settings.skipListLimit();
    this.requestedStats = settings.requestedStats();
    this.locations = LocationPolicy.of(table);
    this.source = MetadataSource.of(settings.cache(), table);
  }

  /**
   * How a plan runs: how many manifests are read at once, how many pruned files are listed, whose
   * column metrics the planned files keep beyond those the filter reads, which cache decoded
   * metadata comes from.
   */
  record PlanSettings(
      int threads, int skipListLimit, MetricsColumns requestedStats, MetadataCache cache) {
    PlanSettings {
      java.util.Objects.requireNonNull(requestedStats, "requestedStats");
      java.util.Objects.requireNonNull(cache, "cache");
    }
  }

  ScanPlan plan() {
    try {
      return planAll();
    } catch (FloeException failure) {
      throw withTable(failure);
    } catch (RuntimeException unexpected) {
      // A bug or an input no check anticipated: still say which table and snapshot.
      throw new FloeException(
          "Cannot plan table "
              + table.name()
              + " at snapshot "
              + snapshot.snapshotId()
              + ": unexpected "
              + unexpected,
          unexpected);
    }
  }

  /** The same kind of error, its message prefixed with the table, so users know which one broke. */
  private FloeException withTable(FloeException failure) {
    String message =
        "Cannot plan table "
            + table.name()
            + " at snapshot "
            + snapshot.snapshotId()
            + ": "
            + failure.getMessage();
    if (failure instanceof CorruptTableException) {
      return new CorruptTableException(message, failure);
    }
    if (failure instanceof FileReadException) {
      return new FileReadException(message, failure);
    }
    if (failure instanceof InvalidRequestException) {
      return new InvalidRequestException(message, failure);
    }
    return new FloeException(message, failure);
  }

  private ScanPlan planAll() {
    long started = System.nanoTime();
    TableMetadata metadata = table.metadata();
    ScanReportBuilder report = new ScanReportBuilder(table.name(), skipListLimit);
    report.snapshot(snapshot.snapshotId(), pruning);
    locations.checkManifestLocations(snapshot);
    MetadataSource.Fetched<List<ManifestFile>> listed = source.manifests(snapshot);
    report.manifestList(listed.fromCache(), listed.bytesRead());
    List<ManifestFile> manifests = listed.value();
    List<ManifestFile> dataManifests = new ArrayList<>();
    List<ManifestFile> deleteManifests = new ArrayList<>();
    for (ManifestFile manifest : manifests) {
      locations.check(manifest.path(), "manifest", "manifest list", snapshot.manifestList());
      boolean data = manifest.content() == ManifestContent.DATA;
      if (manifest.counts().hasNoLiveFiles()) {
        // only DELETED entries: nothing in it is part of this snapshot
        report.manifestWithoutLiveFiles(data);
      } else if (pruning.matchesNothing() || !pruning.manifestMightMatch(manifest)) {
        report.manifestSkipped(
            data,
            manifest.path(),
            () -> pruning.prunedBy(alone -> alone.manifestMightMatch(manifest)));
      } else {
        report.manifestRead(data);
        (data ? dataManifests : deleteManifests).add(manifest);
      }
    }

    DeleteFileIndex.Builder deletes =
        DeleteFileIndex.builder(metadata.specsById(), metadata.schema(), table.name());
    for (ManifestOutcome<DeleteFile> outcome :
        reader.readAll(deleteManifests, this::liveDeleteFiles)) {
      outcome.files().forEach(deletes::add);
      report.deleteFiles(outcome);
    }
    DeleteFileIndex index = deletes.build();

    // a data file's metrics are decoded for the filter, for pairing it with equality deletes, and
    // for whoever asked for them; every other column's are skipped
    MetricsColumns dataMetrics =
        pruning
            .metricsColumns()
            .and(MetricsColumns.forPruning(index.equalityFieldIds()))
            .and(requestedStats);
    Function<ManifestFile, ManifestOutcome<FileScanTask>> planManifest =
        manifest -> tasks(manifest, index, dataMetrics);
    List<FileScanTask> tasks = new ArrayList<>();
    for (ManifestOutcome<FileScanTask> outcome : reader.readAll(dataManifests, planManifest)) {
      tasks.addAll(outcome.files());
      report.dataFiles(outcome);
    }
    return new ScanPlan(tasks, report.build(tasks, System.nanoTime() - started));
  }

  private ManifestOutcome<DeleteFile> liveDeleteFiles(ManifestFile manifest) {
    ManifestOutcome.Builder<DeleteFile> outcome = ManifestOutcome.builder(skipListLimit);
    // delete files are few, and pairing them reads bounds the filter does not name (a position
    // delete file's file_path bounds, an equality delete file's key columns): read them whole
    try (MetadataSource.ManifestEntries entries = read(manifest, MetricsColumns.ALL, outcome)) {
      while (entries.hasNext()) {
        ManifestEntry entry = entries.next();
        if (!entry.isLive()) {
          continue;
        }
        if (!(entry.file() instanceof DeleteFile file)) {
          throw misplaced(manifest, entry, ManifestContent.DELETES);
        }
        checkLocations(file, manifest);
        if (admit(
            file,
            outcome,
            ScanReport.Hop.DELETE_FILE_PARTITION,
            ScanReport.Hop.DELETE_FILE_METRICS)) {
          outcome.keep(entries.exact(file));
        }
      }
    }
    return outcome.build();
  }

  private ManifestOutcome<FileScanTask> tasks(
      ManifestFile manifest, DeleteFileIndex index, MetricsColumns metrics) {
    ManifestOutcome.Builder<FileScanTask> outcome = ManifestOutcome.builder(skipListLimit);
    try (MetadataSource.ManifestEntries entries = read(manifest, metrics, outcome)) {
      while (entries.hasNext()) {
        ManifestEntry entry = entries.next();
        if (!entry.isLive()) {
          continue;
        }
        if (!(entry.file() instanceof DataFile file)) {
          throw misplaced(manifest, entry, ManifestContent.DATA);
        }
        locations.check(file.location(), "data file", "manifest", manifest.path());
        if (admit(
            file, outcome, ScanReport.Hop.DATA_FILE_PARTITION, ScanReport.Hop.DATA_FILE_METRICS)) {
          // pruned by the metrics read, which may be wider than asked for; kept as asked for
          DataFile exact = entries.exact(file);
          outcome.keep(
              new FileScanTask(
                  exact,
                  index.forDataFile(exact),
                  pruning.residual(exact),
                  0,
                  exact.fileSizeInBytes()));
        }
      }
    }
    return outcome.build();
  }

  /** Tests one live entry against the partition, then the metrics; counts what it pruned. */
  private boolean admit(
      ContentFile file,
      ManifestOutcome.Builder<?> outcome,
      ScanReport.Hop partitionHop,
      ScanReport.Hop metricsHop) {
    outcome.live();
    if (!pruning.partitionMightMatch(file)) {
      outcome.skippedByPartition(
          partitionHop,
          file.location(),
          () -> pruning.prunedBy(alone -> alone.partitionMightMatch(file)));
      return false;
    }
    if (!pruning.metricsMightMatch(file)) {
      outcome.skippedByMetrics(
          metricsHop,
          file.location(),
          () -> pruning.prunedBy(alone -> alone.metricsMightMatch(file)));
      return false;
    }
    return true;
  }

  /** A delete file's own location and, for a deletion vector, the data file it names. */
  private void checkLocations(DeleteFile file, ManifestFile manifest) {
    String role = file.isDeletionVector() ? "deletion vector file" : "delete file";
    locations.check(file.location(), role, "manifest", manifest.path());
    if (file.referencedDataFile() != null) {
      locations.check(
          file.referencedDataFile(), "referenced data file", "manifest", manifest.path());
    }
  }

  private MetadataSource.ManifestEntries read(
      ManifestFile manifest, MetricsColumns metrics, ManifestOutcome.Builder<?> outcome) {
    MetadataSource.ManifestEntries entries = source.entries(manifest, metrics);
    outcome.fetched(entries.fromCache(), entries.bytesRead());
    return entries;
  }

  private CorruptTableException misplaced(
      ManifestFile manifest, ManifestEntry entry, ManifestContent expected) {
    return new CorruptTableException(
        "Manifest "
            + manifest.path()
            + " of snapshot "
            + snapshot.snapshotId()
            + " in table "
            + table.name()
            + " is a "
            + expected.name().toLowerCase(java.util.Locale.ROOT)
            + " manifest but holds "
            + entry.file().content()
            + " file "
            + entry.file().location());
  }
}
