package dev.floe.scan;

import dev.floe.CorruptTableException;
import dev.floe.FileReadException;
import dev.floe.FloeException;
import dev.floe.InvalidRequestException;
import dev.floe.catalog.Table;
import dev.floe.expr.Expression;
import dev.floe.io.CloseableIterator;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.ManifestContent;
import dev.floe.manifest.ManifestEntry;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.ManifestListReader;
import dev.floe.manifest.ManifestReader;
import dev.floe.table.Snapshot;
import dev.floe.table.TableMetadata;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Walks one snapshot's metadata tree once: manifest list, then delete manifests into a {@link
 * DeleteFileIndex}, then data manifests into one whole-file task per live data file. Manifests are
 * read in parallel; entries are streamed, and only the resulting tasks are kept.
 */
final class FileScanPlanner {
  private final Table table;
  private final Snapshot snapshot;
  private final ParallelManifestReader reader;

  FileScanPlanner(Table table, Snapshot snapshot, int threads) {
    this.table = table;
    this.snapshot = snapshot;
    this.reader = new ParallelManifestReader(threads);
  }

  List<FileScanTask> planFiles() {
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

  private List<FileScanTask> planAll() {
    TableMetadata metadata = table.metadata();
    List<ManifestFile> manifests =
        ManifestListReader.read(table.io(), snapshot, metadata.formatVersion());
    List<ManifestFile> dataManifests = new ArrayList<>();
    List<ManifestFile> deleteManifests = new ArrayList<>();
    for (ManifestFile manifest : manifests) {
      if (manifest.counts().hasNoLiveFiles()) {
        // only DELETED entries: nothing in it is part of this snapshot
        continue;
      }
      switch (manifest.content()) {
        case DATA -> dataManifests.add(manifest);
        case DELETES -> deleteManifests.add(manifest);
      }
    }

    DeleteFileIndex.Builder deletes =
        DeleteFileIndex.builder(metadata.specsById(), metadata.schema(), table.name());
    for (List<DeleteFile> files : reader.readAll(deleteManifests, this::liveDeleteFiles)) {
      files.forEach(deletes::add);
    }
    DeleteFileIndex index = deletes.build();

    Function<ManifestFile, List<FileScanTask>> planManifest = manifest -> tasks(manifest, index);
    List<FileScanTask> tasks = new ArrayList<>();
    for (List<FileScanTask> manifestTasks : reader.readAll(dataManifests, planManifest)) {
      tasks.addAll(manifestTasks);
    }
    return tasks;
  }

  private List<DeleteFile> liveDeleteFiles(ManifestFile manifest) {
    List<DeleteFile> files = new ArrayList<>();
    try (CloseableIterator<ManifestEntry> entries = open(manifest)) {
      while (entries.hasNext()) {
        ManifestEntry entry = entries.next();
        if (!entry.isLive()) {
          continue;
        }
        if (!(entry.file() instanceof DeleteFile file)) {
          throw misplaced(manifest, entry, ManifestContent.DELETES);
        }
        files.add(file);
      }
    }
    return files;
  }

  private List<FileScanTask> tasks(ManifestFile manifest, DeleteFileIndex index) {
    List<FileScanTask> tasks = new ArrayList<>();
    try (CloseableIterator<ManifestEntry> entries = open(manifest)) {
      while (entries.hasNext()) {
        ManifestEntry entry = entries.next();
        if (!entry.isLive()) {
          continue;
        }
        if (!(entry.file() instanceof DataFile file)) {
          throw misplaced(manifest, entry, ManifestContent.DATA);
        }
        tasks.add(
            new FileScanTask(
                file, index.forDataFile(file), Expression.alwaysTrue(), 0, file.fileSizeInBytes()));
      }
    }
    return tasks;
  }

  private CloseableIterator<ManifestEntry> open(ManifestFile manifest) {
    TableMetadata metadata = table.metadata();
    return ManifestReader.open(
        table.io(), manifest, metadata.specsById(), metadata.formatVersion());
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
