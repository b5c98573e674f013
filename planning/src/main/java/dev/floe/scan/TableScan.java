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
import java.util.Iterator;
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

  private TableScan(Settings settings) {
    this.table = settings.table;
    this.selection = settings.selection;
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
    Settings settings = new Settings();
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

  private TableScan withSelection(SnapshotSelection newSelection) {
    if (selection.kind() != SnapshotSelection.Kind.CURRENT) {
      throw new InvalidRequestException(
          "Cannot select "
              + newSelection
              + " of table "
              + table.name()
              + ": this scan already reads "
              + selection
              + "; choose one of snapshot id, branch or tag, timestamp");
    }
    Settings settings = settings();
    settings.selection = newSelection;
    return new TableScan(settings);
  }

  /** Reads only these columns (full dotted names for nested fields). */
  public TableScan select(List<String> columns) {
    Settings settings = settings();
    settings.selectedColumns = List.copyOf(columns);
    return new TableScan(settings);
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
    Settings settings = settings();
    settings.filter = Expression.and(filter, rowFilter);
    return new TableScan(settings);
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
    Settings settings = settings();
    settings.everyColumnStats = true;
    return new TableScan(settings);
  }

  /**
   * Plans files that keep every column metric of these columns (full dotted names; a struct stands
   * for all its fields), in addition to those of the filter's columns and of earlier calls. An
   * unknown column fails the plan.
   */
  public TableScan includeColumnStats(Collection<String> columns) {
    Objects.requireNonNull(columns, "columns");
    Settings settings = settings();
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
    Settings settings = settings();
    settings.skipListLimit = limit;
    return new TableScan(settings);
  }

  public TableScan caseSensitive(boolean newCaseSensitive) {
    Settings settings = settings();
    settings.caseSensitive = newCaseSensitive;
    return new TableScan(settings);
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
    Settings settings = settings();
    settings.splitSize = bytes;
    return new TableScan(settings);
  }

  /** The least weight of one file in a task group, so that small files are not all in one group. */
  public TableScan openFileCost(long bytes) {
    if (bytes < 0) {
      throw new InvalidRequestException("file-open-cost must not be negative: " + bytes);
    }
    Settings settings = settings();
    settings.openFileCost = bytes;
    return new TableScan(settings);
  }

  /** How many task groups stay open to take more splits while packing ({@link SplitSettings}). */
  public TableScan planningLookback(int groups) {
    if (groups < 1) {
      throw new InvalidRequestException("lookback must be at least 1: " + groups);
    }
    Settings settings = settings();
    settings.lookback = groups;
    return new TableScan(settings);
  }

  /**
   * Whether a small scan's target size may shrink so that it has a group for every slot of the
   * engine ({@link SplitSettings#targetFor}); else the table property {@code
   * read.split.adaptive-size.enabled}, default true. A scan given a {@link #splitSize} never
   * adapts.
   */
  public TableScan adaptiveSplitSize(boolean enabled) {
    Settings settings = settings();
    settings.adaptiveSplitSize = enabled;
    return new TableScan(settings);
  }

  /** How many manifests are read at once; the plan is the same for every value. */
  public TableScan planningThreads(int threads) {
    if (threads < 1) {
      throw new InvalidRequestException("Planning threads must be at least 1: " + threads);
    }
    Settings settings = settings();
    settings.reading = reading.withThreads(threads);
    return new TableScan(settings);
  }

  /**
   * Where decoded manifest lists and manifests come from and go to across plans; the caller owns
   * the cache and shares it between the scans that should reuse each other's reads. The plan is the
   * same with any cache; by default nothing is cached.
   */
  public TableScan metadataCache(MetadataCache cache) {
    Objects.requireNonNull(cache, "cache");
    Settings settings = settings();
    settings.reading = reading.withCache(cache);
    return new TableScan(settings);
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
    Settings settings = settings();
    settings.reading = reading.withModes(data, deletes);
    return new TableScan(settings);
  }

  /** The engine's way to read manifests on its executors, for the distributed planning modes. */
  public TableScan distributedReader(DistributedManifestReader reader) {
    Objects.requireNonNull(reader, "reader");
    Settings settings = settings();
    settings.reading = reading.withDistributed(reader);
    return new TableScan(settings);
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
    if (resolved.snapshot().isEmpty()) {
      return new ScanPlan(
          List.of(),
          ScanReportBuilder.empty(
              table.name(),
              resolved.schema().schemaId(),
              bound.toString(),
              Duration.ofNanos(System.nanoTime() - started)));
    }
    FilterPruning pruning =
        new FilterPruning(resolved.schema(), table.metadata().specsById(), bound);
    return new FileScanPlanner(
            table,
            resolved.snapshot().get(),
            pruning,
            new FileScanPlanner.PlanSettings(skipListLimit, requestedStats, reading))
        .plan();
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
    SplitSettings split = splitSettings();
    long scanWeight = 0;
    long heaviestFile = 0;
    for (FileScanTask file : plan.files()) {
      long weight = TaskGroupPlanner.weight(file, split.openFileCost());
      scanWeight += weight;
      heaviestFile = Math.max(heaviestFile, weight);
    }
    long target = split.targetFor(scanWeight, heaviestFile, parallelism);
    SplitPlanner splitter = new SplitPlanner(target);
    Iterator<FileScanTask> splits =
        plan.files().stream().flatMap(file -> splitter.split(file).stream()).iterator();
    return new TaskGroups(
        new TaskGroupPlanner(target, split.lookback(), split.openFileCost()).group(splits), target);
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
    return selection.resolve(table);
  }

  private Settings settings() {
    Settings settings = new Settings();
    settings.table = table;
    settings.selection = selection;
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

  /** The mutable carrier from which each new immutable scan is built. */
  private static final class Settings {
    private LoadedTable table;
    private SnapshotSelection selection;
    private List<String> selectedColumns;
    private boolean caseSensitive;
    private Long splitSize;
    private Long openFileCost;
    private Integer lookback;
    private Boolean adaptiveSplitSize;
    private ManifestReading reading;
    private Expression filter;
    private int skipListLimit;
    private boolean everyColumnStats;
    private List<String> statsColumns;
  }
}
