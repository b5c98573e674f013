package dev.floe.scan;

import dev.floe.InvalidRequestException;
import dev.floe.cache.MetadataSource;
import dev.floe.expr.Binder;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.EntryStatus;
import dev.floe.manifest.ManifestContent;
import dev.floe.manifest.ManifestEntry;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.MetricsColumns;
import dev.floe.table.LoadedTable;
import dev.floe.table.LocationPolicy;
import dev.floe.table.Schema;
import dev.floe.table.Snapshot;
import dev.floe.table.TableMetadata;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A changelog read, as Iceberg's incremental changelog scan defines it: for each commit after
 * snapshot {@code fromExclusive} (from the first when null) up to {@code toInclusive} (the current
 * snapshot when null), along the end's line of parents, the rows of the data files it added ({@link
 * ChangeType#INSERT}) and of the data files it removed ({@link ChangeType#DELETE}), each commit
 * numbered by its place in the range. A {@code replace} (compaction) changes no row and is left
 * out, without a number. A copy-on-write update thus shows as the old file's rows deleted and the
 * new file's rows inserted, the rows it did not change included, as in Iceberg.
 *
 * <p>Rows an added file's commit also deleted are not inserted, and rows deleted before a file was
 * removed are not deleted again: each file is read with the deletes that apply to it at the commit
 * (added) or just before it (removed). A commit that deletes rows with delete files (merge-on-read:
 * position deletes, deletion vectors, equality deletes) deletes, from each data file it kept that
 * one of its delete files applies to, the rows the file's deletes after the commit delete and those
 * before it did not ({@link ChangeTask#priorDeletes()}). Iceberg 1.10 and 1.12 refuse every range
 * in which a snapshot has delete files at all.
 *
 * <p>Reads with the table's current schema, and the filter of the scan it was made from.
 */
public final class ChangelogScan {
  private final LoadedTable table;
  private final SnapshotRange range;
  private final FilterPruning pruning;
  private final MetadataSource source;
  private final LocationPolicy locations;
  private final Map<Long, DeleteFileIndex> deleteIndexes = new HashMap<>();

  private ChangelogScan(TableScan scan, SnapshotRange range) {
    this.table = scan.table();
    this.range = range;
    TableMetadata metadata = table.metadata();
    Schema schema = metadata.schema();
    this.pruning =
        new FilterPruning(
            schema,
            metadata.specsById(),
            Binder.bind(schema, scan.filter(), scan.isCaseSensitive()));
    this.source = MetadataSource.of(scan.metadataCache(), table);
    this.locations = LocationPolicy.of(table);
  }

  /**
   * The changes of the commits after {@code fromExclusive} (null: from the first) up to {@code
   * toInclusive} (null: the current snapshot), with {@code scan}'s filter; its snapshot selection,
   * if any, is not used: a changelog reads the table's line of commits with its current schema.
   */
  public static ChangelogScan of(TableScan scan, Long fromExclusive, Long toInclusive) {
    return new ChangelogScan(scan, new SnapshotRange(fromExclusive, toInclusive));
  }

  /** The schema the changes are read with: the table's current one. */
  public Schema schema() {
    return table.metadata().schema();
  }

  /**
   * One whole-file task per data file that a commit of the range added or removed, or kept and
   * deleted rows of with delete files, and that may hold a matching row; ordered by commit, then
   * manifest-list and entry order.
   *
   * @throws InvalidRequestException for a range Iceberg refuses (see {@link SnapshotRange})
   */
  public List<ChangeTask> planTasks() {
    String context = "Cannot plan the changes" + range.describe() + " of table " + table.name();
    List<ChangeTask> tasks = new ArrayList<>();
    FileScanPlanner.planning(
        context,
        () -> {
          int ordinal = 0;
          for (Snapshot commit : range.snapshots(table)) {
            if (!"replace".equals(commit.operation())) {
              tasks.addAll(changes(commit, ordinal++));
            }
          }
          return null;
        });
    return List.copyOf(tasks);
  }

  /**
   * The tasks of {@link #planTasks()} cut at their row-group offsets and packed into task groups as
   * a scan's are ({@link TableScan#planGroups(ScanPlan, int)}), one commit's inserted files apart
   * from its deleted files and from other commits', so that a group's rows share their change.
   */
  public List<ChangeGroup> planGroups(SplitSettings split, int parallelism) {
    List<ChangeTask> tasks = new ArrayList<>(planTasks());
    // a stable sort: each commit's deletes, then its inserts, in planning order
    tasks.sort(Comparator.comparingInt(ChangeTask::ordinal).thenComparing(ChangeTask::type));
    List<ChangeGroup> groups = new ArrayList<>();
    int first = 0;
    while (first < tasks.size()) {
      ChangeTask change = tasks.get(first);
      int end = first;
      List<FileScanTask> files = new ArrayList<>();
      while (end < tasks.size() && sameChange(change, tasks.get(end))) {
        files.add(tasks.get(end).task());
        end++;
      }
      ScanPlan plan =
          new ScanPlan(
              files,
              ScanReportBuilder.empty(
                  table.name(), schema().schemaId(), pruning.filter().toString(), Duration.ZERO));
      Map<String, List<DeleteFile>> priorDeletes = new HashMap<>();
      for (ChangeTask task : tasks.subList(first, end)) {
        if (task.priorDeletes() != null) {
          priorDeletes.put(task.task().file().location(), task.priorDeletes());
        }
      }
      for (ScanTaskGroup group : TaskGroups.pack(plan, split, parallelism).groups()) {
        groups.add(
            new ChangeGroup(
                change.type(), change.ordinal(), change.commitSnapshotId(), group, priorDeletes));
      }
      first = end;
    }
    return groups;
  }

  private static boolean sameChange(ChangeTask one, ChangeTask other) {
    return one.type() == other.type()
        && one.ordinal() == other.ordinal()
        && one.commitSnapshotId() == other.commitSnapshotId();
  }

  private List<ChangeTask> changes(Snapshot commit, int ordinal) {
    locations.checkManifestLocations(commit);
    List<ManifestFile> written = new ArrayList<>();
    Set<String> addedDeletes = new HashSet<>();
    boolean hasDeleteFiles = false;
    for (ManifestFile manifest : source.manifests(commit).value()) {
      boolean data = manifest.content() == ManifestContent.DATA;
      hasDeleteFiles |= !data;
      if (manifest.addedSnapshotId() != commit.snapshotId()) {
        continue;
      }
      locations.check(manifest.path(), "manifest", "manifest list", commit.manifestList());
      if (!data) {
        addedDeletes.addAll(deleteFilesAdded(commit, manifest));
      } else if (!pruning.matchesNothing() && pruning.manifestMightMatch(manifest)) {
        written.add(manifest);
      }
    }
    DeleteFileIndex after = hasDeleteFiles ? deleteIndex(commit) : null;
    MetricsColumns metrics = pruning.metricsColumns();
    if (after != null) {
      metrics = metrics.and(MetricsColumns.forPruning(after.equalityFieldIds()));
    }
    long id = commit.snapshotId();
    Predicate<ManifestEntry> changed =
        entry -> entry.snapshotId() == id && entry.status() != EntryStatus.EXISTING;
    ManifestPruner pruner = pruner(commit);
    List<ChangeTask> tasks = new ArrayList<>();
    // the deletes that applied before the commit, read once and only when needed
    DeleteFileIndex before = null;
    for (ManifestFile manifest : written) {
      for (ChangeTask change :
          pruner
              .dataEntries(
                  manifest, metrics, changed, (entry, file) -> change(entry, file, ordinal, after))
              .files()) {
        if (change.type() == ChangeType.DELETE) {
          // a removed file is read with the deletes that applied to it before the commit
          before = before != null ? before : deleteIndexBefore(commit);
          change = withDeletes(change, before);
        }
        tasks.add(change);
      }
    }
    if (!addedDeletes.isEmpty()) {
      before = before != null ? before : deleteIndexBefore(commit);
      tasks.addAll(removedRows(commit, ordinal, addedDeletes, after, before, metrics));
    }
    return tasks;
  }

  /**
   * The rows a commit removed with the delete files it added, one task per data file it kept that
   * one of them applies to: read with the deletes after the commit, less those before it.
   */
  private List<ChangeTask> removedRows(
      Snapshot commit,
      int ordinal,
      Set<String> addedDeletes,
      DeleteFileIndex after,
      DeleteFileIndex before,
      MetricsColumns metrics) {
    long id = commit.snapshotId();
    Predicate<ManifestEntry> kept =
        entry ->
            entry.isLive() && !(entry.status() == EntryStatus.ADDED && entry.snapshotId() == id);
    ManifestPruner pruner = pruner(commit);
    List<ChangeTask> tasks = new ArrayList<>();
    for (ManifestFile manifest : source.manifests(commit).value()) {
      if (manifest.content() != ManifestContent.DATA
          || manifest.counts().hasNoLiveFiles()
          || pruning.matchesNothing()
          || !pruning.manifestMightMatch(manifest)) {
        continue;
      }
      for (DataFile file : pruner.dataEntries(manifest, metrics, kept, (e, f) -> f).files()) {
        List<DeleteFile> now = after.forDataFile(file);
        if (now.stream().anyMatch(delete -> addedDeletes.contains(delete.location()))) {
          tasks.add(
              new ChangeTask(
                  ChangeType.DELETE,
                  ordinal,
                  id,
                  new FileScanTask(file, now, pruning.residual(file), 0, file.fileSizeInBytes()),
                  before == null ? List.of() : before.forDataFile(file)));
        }
      }
    }
    return tasks;
  }

  /** The locations of the delete files a commit added, in one of the delete manifests it wrote. */
  private List<String> deleteFilesAdded(Snapshot commit, ManifestFile manifest) {
    long id = commit.snapshotId();
    return pruner(commit)
        .deleteFiles(
            manifest,
            entry -> entry.status() == EntryStatus.ADDED && entry.snapshotId() == id,
            DeleteFile::location)
        .files();
  }

  private ChangeTask change(
      ManifestEntry entry, DataFile file, int ordinal, DeleteFileIndex after) {
    boolean inserted = entry.status() == EntryStatus.ADDED;
    FileScanTask task =
        new FileScanTask(
            file,
            inserted && after != null ? after.forDataFile(file) : List.of(),
            pruning.residual(file),
            0,
            file.fileSizeInBytes());
    return new ChangeTask(
        inserted ? ChangeType.INSERT : ChangeType.DELETE, ordinal, entry.snapshotId(), task, null);
  }

  private static ChangeTask withDeletes(ChangeTask change, DeleteFileIndex deletes) {
    FileScanTask task = change.task();
    return new ChangeTask(
        change.type(),
        change.ordinal(),
        change.commitSnapshotId(),
        new FileScanTask(
            task.file(),
            deletes == null ? List.of() : deletes.forDataFile(task.file()),
            task.residual(),
            task.start(),
            task.length()),
        null);
  }

  /**
   * The delete files of a snapshot, indexed for pairing with data files; once per snapshot, since a
   * commit's index is also the next commit's index before it.
   */
  private DeleteFileIndex deleteIndex(Snapshot snapshot) {
    return deleteIndexes.computeIfAbsent(snapshot.snapshotId(), id -> readDeleteIndex(snapshot));
  }

  private DeleteFileIndex readDeleteIndex(Snapshot snapshot) {
    TableMetadata metadata = table.metadata();
    DeleteFileIndex.Builder index =
        DeleteFileIndex.builder(metadata.specsById(), metadata.schema(), table.name());
    ManifestPruner pruner = pruner(snapshot);
    for (ManifestFile manifest : source.manifests(snapshot).value()) {
      if (manifest.content() == ManifestContent.DELETES && !manifest.counts().hasNoLiveFiles()) {
        pruner.liveDeleteFiles(manifest, file -> file).files().forEach(index::add);
      }
    }
    return index.build();
  }

  /** The delete files of the commit's parent, or none for a commit without one. */
  private DeleteFileIndex deleteIndexBefore(Snapshot commit) {
    Long parent = commit.parentSnapshotId();
    Snapshot before = parent == null ? null : table.metadata().snapshot(parent);
    return before == null ? null : deleteIndex(before);
  }

  private ManifestPruner pruner(Snapshot snapshot) {
    return new ManifestPruner(table.name(), snapshot.snapshotId(), pruning, source, locations, 0);
  }
}
