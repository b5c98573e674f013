package dev.floe.scan;

import dev.floe.CorruptTableException;
import dev.floe.FileReadException;
import dev.floe.FloeException;
import dev.floe.InvalidRequestException;
import dev.floe.cache.MetadataSource;
import dev.floe.expr.ExpressionJson;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.ManifestContent;
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
 * the same evidence ({@link ManifestPruner}). Manifests are read in parallel, on this process's
 * planning threads or, in a distributed {@link PlanningMode}, on an engine's executors, which
 * return only the entries that survived; either way outcomes are merged in manifest-list order, so
 * the plan does not depend on where it was read. Entries are streamed, and only the resulting tasks
 * are kept. Every hop's counts go into the {@link ScanReport}.
 */
final class FileScanPlanner {
  /**
   * Manifests of at most this many bytes per planning thread are read locally in the auto planning
   * mode (Iceberg's {@code LOCAL_PLANNING_MAX_SLOT_SIZE}).
   */
  static final long LOCAL_PLANNING_MAX_BYTES_PER_THREAD = 128L << 20;

  private final LoadedTable table;
  private final Snapshot snapshot;
  private final FilterPruning pruning;
  private final PlanSettings settings;
  private final ParallelManifestReader reader;
  private final LocationPolicy locations;
  private final MetadataSource source;
  private final ManifestPruner pruner;

  FileScanPlanner(
      LoadedTable table, Snapshot snapshot, FilterPruning pruning, PlanSettings settings) {
    this.table = table;
    this.snapshot = snapshot;
    this.pruning = pruning;
    this.settings = settings;
    this.reader = new ParallelManifestReader(settings.reading().threads());
    this.locations = LocationPolicy.of(table);
    this.source = MetadataSource.of(settings.reading().cache(), table);
    this.pruner =
        new ManifestPruner(
            table.name(),
            snapshot.snapshotId(),
            pruning,
            source,
            locations,
            settings.skipListLimit());
  }

  /**
   * How a plan runs: how many pruned files are listed, whose column metrics the planned files keep
   * beyond those the filter reads, how and where manifests are read.
   */
  record PlanSettings(int skipListLimit, MetricsColumns requestedStats, ManifestReading reading) {
    PlanSettings {
      java.util.Objects.requireNonNull(requestedStats, "requestedStats");
      java.util.Objects.requireNonNull(reading, "reading");
    }
  }

  ScanPlan plan() {
    return planning(
        "Cannot plan table " + table.name() + " at snapshot " + snapshot.snapshotId(),
        this::planAll);
  }

  /**
   * Runs {@code plan}, prefixing a failure's message with {@code context} (which table, which
   * snapshot), keeping its kind, so users know which table broke and why.
   */
  static <T> T planning(String context, java.util.function.Supplier<T> plan) {
    try {
      return plan.get();
    } catch (FloeException failure) {
      String message = context + ": " + failure.getMessage();
      if (failure instanceof CorruptTableException) {
        throw new CorruptTableException(message, failure);
      }
      if (failure instanceof FileReadException) {
        throw new FileReadException(message, failure);
      }
      if (failure instanceof InvalidRequestException) {
        throw new InvalidRequestException(message, failure);
      }
      throw new FloeException(message, failure);
    } catch (RuntimeException unexpected) {
      // A bug or an input no check anticipated: still say which table and snapshot.
      throw new FloeException(context + ": unexpected " + unexpected, unexpected);
    }
  }

  private ScanPlan planAll() {
    long started = System.nanoTime();
    TableMetadata metadata = table.metadata();
    ScanReportBuilder report = new ScanReportBuilder(table.name(), settings.skipListLimit());
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
    for (ManifestOutcome<DeleteFile> outcome : deleteFiles(deleteManifests, report)) {
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
            .and(settings.requestedStats());
    List<FileScanTask> tasks = new ArrayList<>();
    for (ManifestOutcome<FileScanTask> outcome :
        dataTasks(dataManifests, index, dataMetrics, report)) {
      tasks.addAll(outcome.files());
      report.dataFiles(outcome);
    }
    return new ScanPlan(tasks, report.build(tasks, System.nanoTime() - started));
  }

  /**
   * The plan's delete files from the delete manifests to read: on this process's planning threads
   * or on the engine's executors, as the delete planning mode decides.
   */
  private List<ManifestOutcome<DeleteFile>> deleteFiles(
      List<ManifestFile> manifests, ScanReportBuilder report) {
    if (!distribute(settings.reading().deleteMode(), manifests, "delete")) {
      report.deletePlanning(PlanningMode.LOCAL);
      return reader.readAll(manifests, manifest -> pruner.liveDeleteFiles(manifest, file -> file));
    }
    report.deletePlanning(PlanningMode.DISTRIBUTED);
    List<ManifestOutcome<DeleteFile>> outcomes = new ArrayList<>(manifests.size());
    for (ManifestOutcome<ContentFile> outcome : readRemotely(manifests, MetricsColumns.NONE)) {
      outcomes.add(outcome.map(file -> (DeleteFile) file));
    }
    return outcomes;
  }

  /**
   * One whole-file task per data file of the data manifests to read that may match, with its delete
   * files and residual. Locally each planning thread reads a manifest and pairs its files; on the
   * executors each task reads manifests, and this process's threads pair the files they return.
   */
  private List<ManifestOutcome<FileScanTask>> dataTasks(
      List<ManifestFile> manifests,
      DeleteFileIndex index,
      MetricsColumns metrics,
      ScanReportBuilder report) {
    Function<DataFile, FileScanTask> task =
        file ->
            new FileScanTask(
                file, index.forDataFile(file), pruning.residual(file), 0, file.fileSizeInBytes());
    if (!distribute(settings.reading().dataMode(), manifests, "data")) {
      report.dataPlanning(PlanningMode.LOCAL);
      return reader.readAll(manifests, manifest -> pruner.liveDataFiles(manifest, metrics, task));
    }
    report.dataPlanning(PlanningMode.DISTRIBUTED);
    return reader.readAll(
        readRemotely(manifests, metrics),
        outcome -> outcome.map(file -> task.apply((DataFile) file)));
  }

  /**
   * Whether to read these manifests on the executors. {@code auto} does when the engine has more
   * slots on executors than this process has planning threads, and there are more manifests than
   * twice those threads, holding more than {@link #LOCAL_PLANNING_MAX_BYTES_PER_THREAD} per thread:
   * Iceberg's rule, so that a small or a medium table never pays for a distributed job.
   */
  private boolean distribute(PlanningMode mode, List<ManifestFile> manifests, String content) {
    ManifestReading reading = settings.reading();
    return switch (mode) {
      case LOCAL -> false;
      case DISTRIBUTED -> {
        if (reading.distributed() == null || table.metadataLocation() == null) {
          throw new InvalidRequestException(
              "Cannot read the "
                  + content
                  + " manifests on executors: "
                  + (reading.distributed() == null
                      ? "this engine has none (plan with the local planning mode)"
                      : "the table was not loaded from a metadata file"));
        }
        yield !manifests.isEmpty();
      }
      case AUTO ->
          reading.distributed() != null
              && table.metadataLocation() != null
              && autoDistributes(
                  reading.distributed().remoteParallelism(), reading.threads(), manifests);
    };
  }

  /** Iceberg's rule for {@code auto} (see {@link #distribute}). */
  static boolean autoDistributes(
      int remoteParallelism, int localThreads, List<ManifestFile> manifests) {
    long bytes = 0;
    for (ManifestFile manifest : manifests) {
      bytes += manifest.length();
    }
    return remoteParallelism > localThreads
        && manifests.size() > 2L * localThreads
        && bytes > LOCAL_PLANNING_MAX_BYTES_PER_THREAD * localThreads;
  }

  private List<ManifestOutcome<ContentFile>> readRemotely(
      List<ManifestFile> manifests, MetricsColumns dataMetrics) {
    ManifestReadJob job =
        new ManifestReadJob(
            table.name(),
            table.metadataLocation(),
            snapshot.snapshotId(),
            pruning.schemaId(),
            ExpressionJson.toJson(pruning.filter()),
            dataMetrics,
            settings.skipListLimit());
    List<ManifestOutcome<ContentFile>> outcomes =
        settings.reading().distributed().readAll(job, manifests);
    if (outcomes.size() != manifests.size()) {
      throw new IllegalStateException(
          "Read "
              + manifests.size()
              + " manifests on the executors but got "
              + outcomes.size()
              + " outcomes back");
    }
    return outcomes;
  }
}
