package dev.floe.scan;

import dev.floe.InvalidRequestException;
import dev.floe.cache.MetadataCache;
import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.manifest.MetricsColumns;
import dev.floe.scan.SnapshotSelection.ResolvedSnapshot;
import dev.floe.table.LoadedTable;
import dev.floe.table.Schema;
import dev.floe.table.Snapshot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A scan of one table, immutable: every refinement returns a new scan, so a scan can be shared and
 * refined freely.
 *
 * <pre>{@code
 * TableScan scan = TableScan.of(table).useRef("nightly").splitSize(64 << 20);
 * List<ScanTaskGroup> groups = scan.planGroups(16); // at least 16 groups when the scan is small
 * }</pre>
 *
 * <p>At most one snapshot selector ({@link #useSnapshot}, {@link #useRef}, {@link #asOfTime}) may
 * be set. A snapshot id, a tag or a timestamp reads with that snapshot's schema; a branch and the
 * current table with the table's current schema (Iceberg's rule). A table that has never been
 * written to plans no tasks.
 */
public final class TableScan {
  /** Split size when neither the scan nor {@code read.split.target-size} sets one. */
  public static final long DEFAULT_SPLIT_SIZE = SplitTableProperties.DEFAULT_TARGET_SIZE;

  /** Open-file cost when neither the scan nor {@code read.split.open-file-cost} sets one. */
  public static final long DEFAULT_OPEN_FILE_COST = SplitTableProperties.DEFAULT_OPEN_FILE_COST;

  private final LoadedTable table;
  private final SnapshotSelection selection;
  private final SnapshotRange appends;
  private final List<String> selectedColumns;
  private final boolean caseSensitive;
  private final Long splitSize;
  private final Long openFileCost;
  private final Integer lookback;
  private final Boolean adaptiveSplitSize;
  private final ManifestReading reading;
  private final Expression filter;
  private final int skipListLimit;
  private final boolean everyColumnStats;
  private final List<String> statsColumns;

  private TableScan(TableScanSettings settings) {
    this.table = settings.table;
    this.selection = settings.selection;
    this.appends = settings.appends;
    this.selectedColumns = settings.selectedColumns;
    this.caseSensitive = settings.caseSensitive;
    this.splitSize = settings.splitSize;
    this.openFileCost = settings.openFileCost;
    this.lookback = settings.lookback;
    this.adaptiveSplitSize = settings.adaptiveSplitSize;
    this.reading = settings.reading;
    this.filter = settings.filter;
    this.skipListLimit = settings.skipListLimit;
    this.everyColumnStats = settings.everyColumnStats;
    this.statsColumns = settings.statsColumns;
  }

  /** A scan of the table's current snapshot, all columns, case-sensitive names. */
  public static TableScan of(LoadedTable table) {
    Objects.requireNonNull(table, "table");
    TableScanSettings settings = new TableScanSettings();
    settings.table = table;
    settings.selection = SnapshotSelection.CURRENT;
    settings.caseSensitive = true;
    settings.reading = ManifestReading.defaults();
    settings.filter = Expression.alwaysTrue();
    settings.statsColumns = List.of();
    return new TableScan(settings);
  }

  /** Reads the snapshot with this id, with the schema it was written with. */
  public TableScan useSnapshot(long snapshotId) {
    return withSelection(SnapshotSelection.snapshotId(snapshotId));
  }

  /** Reads the head of a branch (current schema) or a tag (the tagged snapshot's schema). */
  public TableScan useRef(String name) {
    return withSelection(SnapshotSelection.ref(name));
  }

  /**
   * Reads the snapshot that was current at this instant (ms since the epoch), by the snapshot log.
   */
  public TableScan asOfTime(long timestampMillis) {
    return withSelection(SnapshotSelection.asOfTime(timestampMillis));
  }

  /**
   * Reads only the rows that the {@code append} commits after snapshot {@code fromExclusive} added,
   * up to the current snapshot, with the table's current schema (see {@link #appendsBetween}).
   */
  public TableScan appendsAfter(long fromExclusive) {
    return withAppends(new SnapshotRange(fromExclusive, null));
  }

  /**
   * Reads only the rows that the {@code append} commits after snapshot {@code fromExclusive}, up to
   * and including snapshot {@code toInclusive}, added: an incremental read, as Iceberg's
   * incremental append scan defines it. Other commits in the range add nothing; no deletes are
   * applied; the start must be the parent of one of the end's ancestors. Reads with the current
   * schema.
   */
  public TableScan appendsBetween(long fromExclusive, long toInclusive) {
    return withAppends(new SnapshotRange(fromExclusive, toInclusive));
  }

  private TableScan withAppends(SnapshotRange range) {
    refuseSecondSelection(range.toString());
    return with(settings -> settings.appends = range);
  }

  private TableScan withSelection(SnapshotSelection newSelection) {
    refuseSecondSelection(newSelection.toString());
    return with(settings -> settings.selection = newSelection);
  }

  /** One snapshot selector or one range of appends per scan. */
  private void refuseSecondSelection(String requested) {
    if (appends != null || selection.kind() != SnapshotSelection.Kind.CURRENT) {
      throw new InvalidRequestException(
          "Cannot select "
              + requested
              + " of table "
              + table.name()
              + ": this scan already reads "
              + (appends != null ? appends : selection)
              + "; choose one of snapshot id, branch or tag, timestamp, or a range of appends");
    }
  }

  /** Reads only these columns (full dotted names for nested fields). */
  public TableScan select(List<String> columns) {
    return with(settings -> settings.selectedColumns = List.copyOf(columns));
  }

  /**
   * Reads only rows that may match {@code rowFilter}, and'ed with any filter set before. The filter
   * is unbound (columns by name); it is bound when planning, to the schema of the snapshot being
   * read, so a column renamed or dropped since does not break time travel.
   *
   * <pre>{@code
   * scan.filter(Expression.and(
   *     Expression.equal("region", "eu"),
   *     Expression.greaterThanOrEqual("day", "2026-01-01")))
   * }</pre>
   */
  public TableScan filter(Expression rowFilter) {
    Objects.requireNonNull(rowFilter, "rowFilter");
    return with(settings -> settings.filter = Expression.and(filter, rowFilter));
  }

  /** The unbound filter of this scan; {@code true} when none was set. */
  public Expression filter() {
    return filter;
  }

  /**
   * Plans files that keep the column metrics of every column ({@link
   * dev.floe.manifest.ContentFile#metrics()}), as the manifests record them.
   *
   * <p>Without it (Iceberg's default too) a planned data file keeps only the metrics of the columns
   * the filter names, which pruning read anyway, and of the columns given to {@link
   * #includeColumnStats(Collection)}; the metrics of every other column are skipped while the
   * manifests are decoded, which is most of what planning a large table costs. Delete files keep
   * all their metrics.
   */
  public TableScan includeColumnStats() {
    return with(settings -> settings.everyColumnStats = true);
  }

  /**
   * Plans files that keep every column metric of these columns (full dotted names; a struct stands
   * for all its fields), in addition to those of the filter's columns and of earlier calls. An
   * unknown column fails the plan.
   */
  public TableScan includeColumnStats(Collection<String> columns) {
    Objects.requireNonNull(columns, "columns");
    TableScanSettings settings = settings();
    List<String> all = new ArrayList<>(statsColumns);
    all.addAll(columns);
    settings.statsColumns = List.copyOf(all);
    return new TableScan(settings);
  }

  /**
   * Lists up to {@code limit} pruned manifests and files in the plan's {@link ScanReport}, each
   * with the hop and the conjunct of the filter that pruned it (all pruning is counted regardless).
   */
  public TableScan reportSkipped(int limit) {
    if (limit < 0) {
      throw new InvalidRequestException(
          "The skipped-file list limit must not be negative: " + limit);
    }
    return with(settings -> settings.skipListLimit = limit);
  }

  public TableScan caseSensitive(boolean newCaseSensitive) {
    return with(settings -> settings.caseSensitive = newCaseSensitive);
  }

  /**
   * The target size of a split and of a task group in bytes; files are divided only at recorded
   * row-group offsets. A split size given here is kept as it is: it turns off the adaptive shrink
   * of small scans ({@link SplitSettings#targetFor}), as Iceberg's {@code split-size} read option
   * does.
   */
  public TableScan splitSize(long bytes) {
    if (bytes <= 0) {
      throw new InvalidRequestException("split-size must be a positive number of bytes: " + bytes);
    }
    return with(settings -> settings.splitSize = bytes);
  }

  /** The least weight of one file in a task group, so that small files are not all in one group. */
  public TableScan openFileCost(long bytes) {
    if (bytes < 0) {
      throw new InvalidRequestException("file-open-cost must not be negative: " + bytes);
    }
    return with(settings -> settings.openFileCost = bytes);
  }

  /** How many task groups stay open to take more splits while packing ({@link SplitSettings}). */
  public TableScan planningLookback(int groups) {
    if (groups < 1) {
      throw new InvalidRequestException("lookback must be at least 1: " + groups);
    }
    return with(settings -> settings.lookback = groups);
  }

  /**
   * Whether a small scan's target size may shrink so that it has a group for every slot of the
   * engine ({@link SplitSettings#targetFor}); else the table property {@code
   * read.split.adaptive-size.enabled}, default true. A scan given a {@link #splitSize} never
   * adapts.
   */
  public TableScan adaptiveSplitSize(boolean enabled) {
    return with(settings -> settings.adaptiveSplitSize = enabled);
  }

  /** How many manifests are read at once; the plan is the same for every value. */
  public TableScan planningThreads(int threads) {
    if (threads < 1) {
      throw new InvalidRequestException("Planning threads must be at least 1: " + threads);
    }
    return with(settings -> settings.reading = reading.withThreads(threads));
  }

  /**
   * Where decoded manifest lists and manifests come from and go to across plans; the caller owns
   * the cache and shares it between the scans that should reuse each other's reads. The plan is the
   * same with any cache; by default nothing is cached.
   */
  public TableScan metadataCache(MetadataCache cache) {
    Objects.requireNonNull(cache, "cache");
    return with(settings -> settings.reading = reading.withCache(cache));
  }

  /**
   * Where the data manifests and the delete manifests are read (Iceberg's {@code
   * read.data-planning-mode} and {@code read.delete-planning-mode}); by default both locally. The
   * plan is the same in every mode. {@link PlanningMode#DISTRIBUTED} needs a {@link
   * #distributedReader}; {@link PlanningMode#AUTO} without one plans locally.
   *
   * <pre>{@code
   * scan.planningModes(PlanningMode.AUTO, PlanningMode.LOCAL).distributedReader(engineReader)
   * }</pre>
   */
  public TableScan planningModes(PlanningMode data, PlanningMode deletes) {
    Objects.requireNonNull(data, "data");
    Objects.requireNonNull(deletes, "deletes");
    return with(settings -> settings.reading = reading.withModes(data, deletes));
  }

  /** The engine's way to read manifests on its executors, for the distributed planning modes. */
  public TableScan distributedReader(DistributedManifestReader reader) {
    Objects.requireNonNull(reader, "reader");
    return with(settings -> settings.reading = reading.withDistributed(reader));
  }

  public MetadataCache metadataCache() {
    return reading.cache();
  }

  public LoadedTable table() {
    return table;
  }

  public boolean isCaseSensitive() {
    return caseSensitive;
  }

  /** The schema this scan reads with (see the class comment for which one that is). */
  public Schema schema() {
    return resolve().schema();
  }

  /** The snapshot this scan reads, or empty for a table that has never been written to. */
  public Optional<Snapshot> snapshot() {
    return resolve().snapshot();
  }

  /** The schema of the selected columns (all columns when none were selected). */
  public Schema projection() {
    Schema schema = schema();
    return selectedColumns == null
        ? schema
        : new SchemaProjection(schema, caseSensitive, table.name()).select(selectedColumns);
  }

  /** The filter bound to this scan's {@link #schema()}, with {@code not} rewritten away. */
  public Expression boundFilter() {
    return bind(resolve());
  }

  private Expression bind(ResolvedSnapshot resolved) {
    try {
      return Binder.bind(resolved.schema(), filter, caseSensitive);
    } catch (InvalidRequestException invalid) {
      throw new InvalidRequestException(
          "Cannot plan table "
              + table.name()
              + resolved
                  .snapshot()
                  .map(snapshot -> " at snapshot " + snapshot.snapshotId())
                  .orElse("")
              + ": "
              + invalid.getMessage(),
          invalid);
    }
  }

  /**
   * Plans the scan: one whole-file task per live data file that may hold a matching row, with its
   * delete files and residual, in manifest order; and the report of what each hop pruned.
   */
  public ScanPlan plan() {
    long started = System.nanoTime();
    ResolvedSnapshot resolved = resolve();
    if (selectedColumns != null) {
      projection(); // an unknown column is an error before any manifest is read
    }
    MetricsColumns requestedStats = requestedStats(resolved.schema());
    Expression bound = bind(resolved);
    FilterPruning pruning =
        new FilterPruning(resolved.schema(), table.metadata().specsById(), bound);
    FileScanPlanner.PlanSettings settings =
        new FileScanPlanner.PlanSettings(skipListLimit, requestedStats, reading);
    if (appends != null && (resolved.snapshot().isPresent() || appends.toInclusive() != null)) {
      AppendsPlanner planner = new AppendsPlanner(table, appends, pruning, settings);
      return FileScanPlanner.planning(
          "Cannot plan the " + appends + " of table " + table.name(),
          () ->
              planner.plan(
                  appends.appendSnapshots(table), appends.endSnapshotId(table.metadata())));
    }
    if (resolved.snapshot().isEmpty()) {
      return new ScanPlan(
          List.of(),
          ScanReportBuilder.empty(
              table.name(),
              resolved.schema().schemaId(),
              bound.toString(),
              Duration.ofNanos(System.nanoTime() - started)));
    }
    return new FileScanPlanner(table, resolved.snapshot().get(), pruning, settings).plan();
  }

  private MetricsColumns requestedStats(Schema schema) {
    if (everyColumnStats) {
      return MetricsColumns.ALL;
    }
    if (statsColumns.isEmpty()) {
      return MetricsColumns.NONE;
    }
    return MetricsColumns.of(
        new SchemaProjection(schema, caseSensitive, table.name()).fieldIds(statsColumns));
  }

  /** The tasks of {@link #plan()}: one per live data file that may match, whole. */
  public List<FileScanTask> planFiles() {
    return plan().files();
  }

  /** {@link #planFiles()}, with files divided at their row-group offsets into splits. */
  public List<FileScanTask> planTasks() {
    return new SplitPlanner(splitSettings().targetSize()).split(planFiles());
  }

  /**
   * {@link #planGroups(int)} for an engine with as many slots as this JVM has processors. An engine
   * that knows its cluster's parallelism passes it to {@link #planGroups(int)} instead.
   */
  public List<ScanTaskGroup> planGroups() {
    return planGroups(Math.max(1, Runtime.getRuntime().availableProcessors()));
  }

  /**
   * The plan's splits packed into task groups of about the target size (see {@link
   * #planGroups(ScanPlan, int)}), for an engine with {@code parallelism} slots.
   */
  public List<ScanTaskGroup> planGroups(int parallelism) {
    return planGroups(plan(), parallelism).groups();
  }

  /**
   * The tasks of a plan already made by {@link #plan()}, cut at their row-group offsets and packed
   * into task groups, so that an engine that also shows the plan's {@link ScanReport} plans only
   * once. The files are cut and the groups filled to the target of {@link SplitSettings#targetFor}:
   * the target size, or less for a scan too small to give each of the engine's {@code parallelism}
   * slots a group. The number of groups grows with the bytes the scan reads; splits are packed in
   * plan order, so the same plan always gives the same groups.
   */
  public TaskGroups planGroups(ScanPlan plan, int parallelism) {
    return TaskGroups.pack(plan, splitSettings(), parallelism);
  }

  /** The split settings in effect: the scan's, else the table properties, else Iceberg's. */
  public SplitSettings splitSettings() {
    SplitTableProperties properties = splitTableProperties();
    return new SplitSettings(
        effectiveSplitSize(),
        effectiveOpenFileCost(),
        lookback != null ? lookback : properties.lookback(),
        splitSize == null
            && (adaptiveSplitSize != null ? adaptiveSplitSize : properties.adaptive()));
  }

  /** The split size in effect: the scan's, else the table property, else 128 MiB. */
  public long effectiveSplitSize() {
    return splitSize != null ? splitSize : splitTableProperties().targetSize();
  }

  /** The open-file cost in effect: the scan's, else the table property, else 4 MiB. */
  public long effectiveOpenFileCost() {
    return openFileCost != null ? openFileCost : splitTableProperties().openFileCost();
  }

  private SplitTableProperties splitTableProperties() {
    return new SplitTableProperties(table.name(), table.metadata().properties());
  }

  private ResolvedSnapshot resolve() {
    if (appends != null) {
      // an incremental read names its range's end snapshot and reads with the current schema
      Long end = appends.endSnapshotId(table.metadata());
      return new ResolvedSnapshot(
          Optional.ofNullable(end).map(id -> table.metadata().snapshot(id)),
          table.metadata().schema());
    }
    return selection.resolve(table);
  }

  private TableScan with(java.util.function.Consumer<TableScanSettings> change) {
    TableScanSettings settings = settings();
    change.accept(settings);
    return new TableScan(settings);
  }

  private TableScanSettings settings() {
    TableScanSettings settings = new TableScanSettings();
    settings.table = table;
    settings.selection = selection;
    settings.appends = appends;
    settings.selectedColumns = selectedColumns;
    settings.caseSensitive = caseSensitive;
    settings.splitSize = splitSize;
    settings.openFileCost = openFileCost;
    settings.lookback = lookback;
    settings.adaptiveSplitSize = adaptiveSplitSize;
    settings.reading = reading;
    settings.filter = filter;
    settings.skipListLimit = skipListLimit;
    settings.everyColumnStats = everyColumnStats;
    settings.statsColumns = statsColumns;
    return settings;
  }
}
