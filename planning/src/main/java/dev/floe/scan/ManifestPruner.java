package dev.floe.scan;

import dev.floe.CorruptTableException;
import dev.floe.cache.MetadataSource;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.ManifestContent;
import dev.floe.manifest.ManifestEntry;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.MetricsColumns;
import dev.floe.table.LocationPolicy;
import java.util.Locale;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Reads one manifest's live entries and keeps those the filter may match: the partition tuple
 * first, then the column metrics, counting what each test pruned. The same code runs on the
 * planning threads ({@link FileScanPlanner}) and on an engine's executors ({@link
 * ManifestReadJob}), so a plan cannot depend on where its manifests were read.
 */
final class ManifestPruner {
  private final String tableName;
  private final long snapshotId;
  private final FilterPruning pruning;
  private final MetadataSource source;
  private final LocationPolicy locations;
  private final int skipListLimit;

  ManifestPruner(
      String tableName,
      long snapshotId,
      FilterPruning pruning,
      MetadataSource source,
      LocationPolicy locations,
      int skipListLimit) {
    this.tableName = tableName;
    this.snapshotId = snapshotId;
    this.pruning = pruning;
    this.source = source;
    this.locations = locations;
    this.skipListLimit = skipListLimit;
  }

  /**
   * The live delete files of a delete manifest that the filter may need, each turned into {@code
   * result}. They keep every metric: pairing them reads bounds the filter does not name (a position
   * delete file's {@code file_path} bounds, an equality delete file's key columns).
   */
  <T> ManifestOutcome<T> liveDeleteFiles(ManifestFile manifest, Function<DeleteFile, T> result) {
    return deleteFiles(manifest, ManifestEntry::isLive, result);
  }

  /** As {@link #liveDeleteFiles}, for the entries {@code kept} admits. */
  <T> ManifestOutcome<T> deleteFiles(
      ManifestFile manifest, Predicate<ManifestEntry> kept, Function<DeleteFile, T> result) {
    ManifestOutcome.Builder<T> outcome = ManifestOutcome.builder(skipListLimit);
    try (MetadataSource.ManifestEntries entries = read(manifest, MetricsColumns.ALL, outcome)) {
      while (entries.hasNext()) {
        ManifestEntry entry = entries.next();
        if (!kept.test(entry)) {
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
          outcome.keep(result.apply(entries.exact(file)));
        }
      }
    }
    return outcome.build();
  }

  /**
   * The live data files of a data manifest that may hold a matching row, with the column metrics
   * {@code metrics} asks for (pruned by the metrics read, which may be wider; kept as asked for),
   * each turned into {@code result}.
   */
  <T> ManifestOutcome<T> liveDataFiles(
      ManifestFile manifest, MetricsColumns metrics, Function<DataFile, T> result) {
    return dataFiles(manifest, metrics, ManifestEntry::isLive, result);
  }

  /**
   * As {@link #liveDataFiles}, for the entries {@code kept} admits (an incremental read keeps those
   * one snapshot ADDED): the others are passed over, neither counted nor pruned.
   */
  <T> ManifestOutcome<T> dataFiles(
      ManifestFile manifest,
      MetricsColumns metrics,
      Predicate<ManifestEntry> kept,
      Function<DataFile, T> result) {
    return dataEntries(manifest, metrics, kept, (entry, file) -> result.apply(file));
  }

  /**
   * As {@link #dataFiles}, each kept entry turned into {@code result} with its status (a changelog
   * tells the files a commit added from those it removed).
   */
  <T> ManifestOutcome<T> dataEntries(
      ManifestFile manifest,
      MetricsColumns metrics,
      Predicate<ManifestEntry> kept,
      BiFunction<ManifestEntry, DataFile, T> result) {
    ManifestOutcome.Builder<T> outcome = ManifestOutcome.builder(skipListLimit);
    try (MetadataSource.ManifestEntries entries = read(manifest, metrics, outcome)) {
      while (entries.hasNext()) {
        ManifestEntry entry = entries.next();
        if (!kept.test(entry)) {
          continue;
        }
        if (!(entry.file() instanceof DataFile file)) {
          throw misplaced(manifest, entry, ManifestContent.DATA);
        }
        locations.check(file.location(), "data file", "manifest", manifest.path());
        if (admit(
            file, outcome, ScanReport.Hop.DATA_FILE_PARTITION, ScanReport.Hop.DATA_FILE_METRICS)) {
          outcome.keep(result.apply(entry, entries.exact(file)));
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
            + snapshotId
            + " in table "
            + tableName
            + " is a "
            + expected.name().toLowerCase(Locale.ROOT)
            + " manifest but holds "
            + entry.file().content()
            + " file "
            + entry.file().location());
  }
}
