package dev.floe.spark.source;

import dev.floe.InvalidRequestException;
import dev.floe.cache.MetadataCache;
import dev.floe.scan.PlanningMode;
import dev.floe.scan.TableScan;
import dev.floe.scan.task.FileReadRequest;
import dev.floe.scan.task.ScanContext;
import dev.floe.spark.deletes.DeleteCache;
import dev.floe.table.LoadedTable;
import dev.floe.table.NameMapping;
import dev.floe.table.Schema;
import dev.floe.table.SnapshotRef;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The read configuration of one Floe scan, typed. Each setting resolves, in order, from the read
 * option, the Spark session conf {@code spark.floe.read.<option>} (tuning settings only: a session
 * does not pin a snapshot), the table property, and the default:
 *
 * <pre>{@code
 * spark.read.format("floe").option("split-size", 64 << 20).load(path)   // read option
 * spark.conf.set("spark.floe.read.batch-size", "8192")                   // session conf
 * }</pre>
 *
 * <p>Split size and file-open cost fall back to the table properties inside planning ({@code
 * read.split.target-size}, {@code read.split.open-file-cost}); the batch size to {@code
 * read.parquet.vectorization.batch-size}. At most one of {@code snapshot-id}, {@code
 * as-of-timestamp}, {@code branch}, {@code tag} may be given.
 *
 * @param snapshotId {@code snapshot-id}, or null
 * @param asOfTimestamp {@code as-of-timestamp} in ms since the epoch, or null
 * @param branch {@code branch}, or null
 * @param tag {@code tag}, or null
 * @param appends {@code start-snapshot-id} and {@code end-snapshot-id}: an incremental read of the
 *     rows appended in between, or null
 * @param splitSize {@code split-size} in bytes, or null for planning's default
 * @param fileOpenCost {@code file-open-cost} in bytes, or null for planning's default
 * @param lookback {@code lookback}: task groups kept open while packing splits, or null for
 *     planning's default (the table property {@code read.split.planning-lookback}, else 10)
 * @param adaptiveSplitSize {@code adaptive-split-size-enabled}: whether a small scan's split target
 *     may shrink to give every Spark slot a task group, or null for planning's default (the table
 *     property {@code read.split.adaptive-size.enabled}, else true); a given split size never
 *     adapts
 * @param batchSize {@code batch-size}: the most rows in one columnar batch
 * @param deleteCacheSize {@code delete-cache-size}: the bound in bytes of each executor's cache of
 *     loaded delete files (deletion vectors, position and equality deletes); 0 disables it
 * @param metadataCacheSize {@code metadata-cache-size}: the bound in bytes of the driver's cache of
 *     decoded table metadata files, manifest lists and manifests, shared by every scan (the latest
 *     scan's bound holds); 0 empties it and turns it off. By default 10 % of the driver's heap, at
 *     most 256 MiB
 * @param aggregatePushDown {@code aggregate-push-down-enabled}: whether COUNT, MIN and MAX may be
 *     answered by the scan (from metadata where exact) instead of by Spark over the scan's rows
 * @param verifyChecksums {@code verify-checksums}: whether data files' Parquet pages are checked
 *     against the CRC-32 their headers record before they are decoded (true unless turned off)
 * @param dataPlanningMode {@code data-planning-mode}: where data manifests are read (the driver,
 *     the executors, or {@code auto}); also the table property {@code read.data-planning-mode}
 * @param deletePlanningMode {@code delete-planning-mode}: the same for delete manifests ({@code
 *     read.delete-planning-mode})
 */
public record FloeReadOptions(
    Long snapshotId,
    Long asOfTimestamp,
    String branch,
    String tag,
    IncrementalRange appends,
    Long splitSize,
    Long fileOpenCost,
    Integer lookback,
    Boolean adaptiveSplitSize,
    int batchSize,
    long deleteCacheSize,
    long metadataCacheSize,
    boolean aggregatePushDown,
    boolean verifyChecksums,
    PlanningMode dataPlanningMode,
    PlanningMode deletePlanningMode) {

  public static final String SNAPSHOT_ID = "snapshot-id";
  public static final String AS_OF_TIMESTAMP = "as-of-timestamp";
  public static final String BRANCH = "branch";
  public static final String TAG = "tag";
  static final String SPLIT_SIZE = "split-size";
  static final String FILE_OPEN_COST = "file-open-cost";
  static final String LOOKBACK = "lookback";
  static final String ADAPTIVE_SPLIT_SIZE = "adaptive-split-size-enabled";
  static final String BATCH_SIZE = "batch-size";
  static final String DELETE_CACHE_SIZE = "delete-cache-size";
  static final String METADATA_CACHE_SIZE = "metadata-cache-size";
  static final String AGGREGATE_PUSH_DOWN = "aggregate-push-down-enabled";
  static final String VERIFY_CHECKSUMS = "verify-checksums";
  static final String DATA_PLANNING_MODE = "data-planning-mode";
  static final String DELETE_PLANNING_MODE = "delete-planning-mode";
  static final String DATA_PLANNING_MODE_PROPERTY = "read.data-planning-mode";
  static final String DELETE_PLANNING_MODE_PROPERTY = "read.delete-planning-mode";
  static final String SESSION_PREFIX = "spark.floe.read.";
  static final String BATCH_SIZE_PROPERTY = "read.parquet.vectorization.batch-size";

  /** The settings a session may give as {@code spark.floe.read.<name>}. */
  static final List<String> SESSION_SETTINGS =
      List.of(
          SPLIT_SIZE,
          FILE_OPEN_COST,
          LOOKBACK,
          ADAPTIVE_SPLIT_SIZE,
          BATCH_SIZE,
          DELETE_CACHE_SIZE,
          METADATA_CACHE_SIZE,
          AGGREGATE_PUSH_DOWN,
          VERIFY_CHECKSUMS,
          DATA_PLANNING_MODE,
          DELETE_PLANNING_MODE);

  /**
   * The settings a Floe catalog may give its tables as catalog properties
   * (spark.sql.catalog.&lt;name&gt;.&lt;setting&gt;): a read option or the session conf still wins.
   */
  static final List<String> CATALOG_SETTINGS = List.of(METADATA_CACHE_SIZE);

  /** Options Spark itself passes for {@code load(path)} and {@code load(path1, path2)}. */
  private static final List<String> PATH_OPTIONS = List.of("path", "paths");

  /**
   * Every read option: the snapshot selectors, the tuning settings a session may give, then the
   * streaming options.
   */
  private static final List<String> FLOE_OPTIONS =
      java.util.stream.Stream.of(
              java.util.stream.Stream.of(SNAPSHOT_ID, AS_OF_TIMESTAMP, BRANCH, TAG),
              IncrementalRange.OPTIONS.stream(),
              SESSION_SETTINGS.stream(),
              // ---- streaming reads (StreamingReadOptions parses and checks them) ----
              StreamingReadOptions.NAMES.stream())
          .flatMap(names -> names)
          .toList();

  static final FloeReadOptions DEFAULTS =
      new FloeReadOptions(
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          FileReadRequest.DEFAULT_BATCH_SIZE,
          DeleteCache.DEFAULT_MAX_BYTES,
          MetadataCache.defaultMaxBytes(),
          true,
          true,
          PlanningMode.AUTO,
          PlanningMode.AUTO);

  public FloeReadOptions {
    List<String> selectors = selectors(snapshotId, asOfTimestamp, branch, tag);
    if (selectors.size() > 1) {
      throw new InvalidRequestException(
          "Cannot read with more than one snapshot selector: "
              + String.join(", ", selectors)
              + "; give at most one of "
              + SNAPSHOT_ID
              + ", "
              + AS_OF_TIMESTAMP
              + ", "
              + BRANCH
              + ", "
              + TAG);
    }
    if (lookback != null && lookback < 1) {
      throw new InvalidRequestException(
          LOOKBACK + " must be a positive number of task groups: " + lookback);
    }
    if (batchSize < 1) {
      throw new InvalidRequestException(
          BATCH_SIZE + " must be a positive number of rows: " + batchSize);
    }
    if (deleteCacheSize < 0) {
      throw new InvalidRequestException(
          DELETE_CACHE_SIZE
              + " must be 0 (no cache) or a positive number of bytes: "
              + deleteCacheSize);
    }
    if (metadataCacheSize < 0) {
      throw new InvalidRequestException(
          METADATA_CACHE_SIZE
              + " must be 0 (no cache) or a positive number of bytes: "
              + metadataCacheSize);
    }
  }

  private static List<String> selectors(
      Long snapshotId, Long asOfTimestamp, String branch, String tag) {
    List<String> selectors = new ArrayList<>();
    if (snapshotId != null) {
      selectors.add(SNAPSHOT_ID + "=" + snapshotId);
    }
    if (asOfTimestamp != null) {
      selectors.add(AS_OF_TIMESTAMP + "=" + asOfTimestamp);
    }
    if (branch != null) {
      selectors.add(BRANCH + "=" + branch);
    }
    if (tag != null) {
      selectors.add(TAG + "=" + tag);
    }
    return selectors;
  }

  /** The snapshot selection, e.g. {@code [tag=v1]}; empty for the current snapshot. */
  List<String> selection() {
    return selectors(snapshotId, asOfTimestamp, branch, tag);
  }

  /**
   * These scan options, reading the snapshot the table was loaded at. A scan may repeat the table's
   * selection (a path table passes the same options to both) but not change it: the table's schema
   * is that snapshot's.
   *
   * @throws InvalidRequestException when the scan selects another snapshot
   */
  FloeReadOptions atSelectionOf(FloeReadOptions loaded, String tableName) {
    if (selection().isEmpty()) {
      if (appends != null && !loaded.selection().isEmpty()) {
        throw new InvalidRequestException(
            "Cannot read the appends "
                + appends
                + " of table "
                + tableName
                + ": it was loaded at "
                + String.join(", ", loaded.selection())
                + "; an incremental read starts from the table itself");
      }
      return new FloeReadOptions(
          loaded.snapshotId,
          loaded.asOfTimestamp,
          loaded.branch,
          loaded.tag,
          appends != null ? appends : loaded.appends,
          splitSize,
          fileOpenCost,
          lookback,
          adaptiveSplitSize,
          batchSize,
          deleteCacheSize,
          metadataCacheSize,
          aggregatePushDown,
          verifyChecksums,
          dataPlanningMode,
          deletePlanningMode);
    }
    if (selection().equals(loaded.selection())) {
      return this;
    }
    String selected = selection().get(0);
    int equals = selected.indexOf('=');
    throw new InvalidRequestException(
        "Cannot read table "
            + tableName
            + " with "
            + String.join(", ", selection())
            + ": it was loaded at "
            + (loaded.selection().isEmpty()
                ? "its current snapshot"
                : String.join(", ", loaded.selection()))
            + ", whose schema it has; name the snapshot with the table instead: "
            + tableName
            + "."
            + IdentifierSelector.identifierPart(
                selected.substring(0, equals), selected.substring(equals + 1))
            + ", VERSION AS OF or TIMESTAMP AS OF in SQL, or the read options of load() for a"
            + " table read by its location");
  }

  /**
   * Resolves the read options of one scan.
   *
   * @param options the read options (keys in any case; Spark lower-cases them)
   * @param sessionConf the Spark session's SQL conf
   * @param tableProperties the table's properties
   * @throws InvalidRequestException for an unknown option (listing the valid ones), a value that is
   *     not a number where one is needed, or more than one snapshot selector
   */
  static FloeReadOptions resolve(
      Map<String, String> options,
      Map<String, String> sessionConf,
      Map<String, String> tableProperties) {
    Map<String, String> byName = new TreeMap<>();
    for (Map.Entry<String, String> option : options.entrySet()) {
      byName.put(option.getKey().toLowerCase(Locale.ROOT), option.getValue());
    }
    for (String name : byName.keySet()) {
      if (!FLOE_OPTIONS.contains(name) && !PATH_OPTIONS.contains(name)) {
        TreeSet<String> valid = new TreeSet<>(FLOE_OPTIONS);
        valid.addAll(PATH_OPTIONS);
        valid.add(SparkTimeTravelOptions.VERSION_AS_OF);
        valid.add(SparkTimeTravelOptions.TIMESTAMP_AS_OF);
        throw new InvalidRequestException(
            "Unknown Floe read option '"
                + name
                + "'; valid options are "
                + String.join(", ", valid));
      }
    }
    for (String key : sessionConf.keySet()) {
      String name = key.substring(SESSION_PREFIX.length());
      if (key.startsWith(SESSION_PREFIX) && !SESSION_SETTINGS.contains(name)) {
        throw new InvalidRequestException(
            "Unknown Floe session setting '"
                + key
                + "'; valid settings are "
                + SESSION_SETTINGS.stream()
                    .map(setting -> SESSION_PREFIX + setting)
                    .sorted()
                    .collect(Collectors.joining(", ")));
      }
    }
    ReadSetting batchSize =
        ReadSetting.first(
            ReadSetting.option(BATCH_SIZE, byName),
            ReadSetting.session(BATCH_SIZE, sessionConf),
            ReadSetting.tableProperty(BATCH_SIZE_PROPERTY, tableProperties));
    Long batchRows = ReadSetting.number(batchSize);
    if (batchRows != null && batchRows > Integer.MAX_VALUE) {
      throw new InvalidRequestException(
          batchSize.source() + " is more rows than a batch can hold: " + batchRows);
    }
    return new FloeReadOptions(
        ReadSetting.number(ReadSetting.option(SNAPSHOT_ID, byName)),
        ReadSetting.number(ReadSetting.option(AS_OF_TIMESTAMP, byName)),
        byName.get(BRANCH),
        byName.get(TAG),
        IncrementalRange.of(byName),
        ReadSetting.number(tuning(SPLIT_SIZE, byName, sessionConf)),
        ReadSetting.number(tuning(FILE_OPEN_COST, byName, sessionConf)),
        ReadSetting.intNumber(tuning(LOOKBACK, byName, sessionConf)),
        ReadSetting.optionalBool(tuning(ADAPTIVE_SPLIT_SIZE, byName, sessionConf)),
        batchRows == null ? FileReadRequest.DEFAULT_BATCH_SIZE : batchRows.intValue(),
        Objects.requireNonNullElse(
            ReadSetting.number(tuning(DELETE_CACHE_SIZE, byName, sessionConf)),
            DeleteCache.DEFAULT_MAX_BYTES),
        Objects.requireNonNullElseGet(
            ReadSetting.number(tuning(METADATA_CACHE_SIZE, byName, sessionConf)),
            MetadataCache::defaultMaxBytes),
        ReadSetting.bool(tuning(AGGREGATE_PUSH_DOWN, byName, sessionConf), true),
        ReadSetting.bool(tuning(VERIFY_CHECKSUMS, byName, sessionConf), true),
        planningMode(
            DATA_PLANNING_MODE, DATA_PLANNING_MODE_PROPERTY, byName, sessionConf, tableProperties),
        planningMode(
            DELETE_PLANNING_MODE,
            DELETE_PLANNING_MODE_PROPERTY,
            byName,
            sessionConf,
            tableProperties));
  }

  /** A planning mode: the read option, else the session conf, else Iceberg's table property. */
  private static PlanningMode planningMode(
      String name,
      String property,
      Map<String, String> byName,
      Map<String, String> sessionConf,
      Map<String, String> tableProperties) {
    ReadSetting setting =
        ReadSetting.first(
            ReadSetting.option(name, byName),
            ReadSetting.session(name, sessionConf),
            ReadSetting.tableProperty(property, tableProperties));
    return setting == null
        ? PlanningMode.AUTO
        : PlanningMode.parse(setting.value(), setting.source());
  }

  /**
   * The settings of {@link #CATALOG_SETTINGS} that a catalog's properties give, checked, keyed as
   * session settings ({@code spark.floe.read.<name>}) so that {@link #resolve} takes them where the
   * session gives none.
   *
   * @throws InvalidRequestException naming the catalog property when a value is invalid
   */
  public static Map<String, String> catalogDefaults(
      String catalog, java.util.function.Function<String, String> property) {
    Map<String, String> defaults = new TreeMap<>();
    for (String name : CATALOG_SETTINGS) {
      String value = property.apply(name);
      if (value != null) {
        ReadSetting setting =
            new ReadSetting("Catalog property spark.sql.catalog." + catalog + "." + name, value);
        long bytes = ReadSetting.number(setting);
        if (bytes < 0) {
          throw new InvalidRequestException(
              setting.source() + " must be 0 (no cache) or a positive number of bytes: " + bytes);
        }
        defaults.put(SESSION_PREFIX + name, Long.toString(bytes));
      }
    }
    return Map.copyOf(defaults);
  }

  /** A tuning setting: the read option, else the session conf, else null. */
  private static ReadSetting tuning(
      String name, Map<String, String> byName, Map<String, String> sessionConf) {
    return ReadSetting.first(
        ReadSetting.option(name, byName), ReadSetting.session(name, sessionConf));
  }

  /**
   * A scan of {@code table} with this snapshot selection and these split settings.
   *
   * @throws InvalidRequestException when {@code branch} names a tag or {@code tag} a branch
   */
  public TableScan newScan(LoadedTable table) {
    TableScan scan =
        TableScan.of(table)
            .metadataCache(SharedMetadataCache.bounded(metadataCacheSize))
            .planningModes(dataPlanningMode, deletePlanningMode)
            .distributedReader(new SparkManifestReader(table, metadataCacheSize));
    if (snapshotId != null) {
      scan = scan.useSnapshot(snapshotId);
    }
    if (asOfTimestamp != null) {
      scan = scan.asOfTime(asOfTimestamp);
    }
    if (branch != null) {
      requireRefType(table, branch, SnapshotRef.RefType.BRANCH);
      scan = scan.useRef(branch);
    }
    if (tag != null) {
      requireRefType(table, tag, SnapshotRef.RefType.TAG);
      scan = scan.useRef(tag);
    }
    if (appends != null) {
      scan = appends.applyTo(scan);
    }
    if (splitSize != null) {
      scan = scan.splitSize(splitSize);
    }
    if (fileOpenCost != null) {
      scan = scan.openFileCost(fileOpenCost);
    }
    if (lookback != null) {
      scan = scan.planningLookback(lookback);
    }
    if (adaptiveSplitSize != null) {
      scan = scan.adaptiveSplitSize(adaptiveSplitSize);
    }
    return scan;
  }

  /**
   * What the executors of a scan of {@code table} share: the schema it reads with, the columns it
   * produces, and this scan's reader settings.
   */
  ScanContext scanContext(LoadedTable table, Schema readSchema, Schema projection) {
    return new ScanContext(
        table.name(),
        readSchema,
        projection,
        table.metadata().properties().get(NameMapping.PROPERTY),
        batchSize,
        deleteCacheSize,
        verifyChecksums);
  }

  private static void requireRefType(LoadedTable table, String name, SnapshotRef.RefType expected) {
    SnapshotRef ref = table.metadata().ref(name);
    // an unknown name is reported by planning, which lists the table's refs
    if (ref != null && ref.type() != expected) {
      String option = expected == SnapshotRef.RefType.BRANCH ? BRANCH : TAG;
      throw new InvalidRequestException(
          "Cannot read "
              + option
              + " '"
              + name
              + "' of table "
              + table.name()
              + ": it is a "
              + ref.type().name().toLowerCase(Locale.ROOT)
              + "; use the option "
              + (expected == SnapshotRef.RefType.BRANCH ? TAG : BRANCH)
              + " instead");
    }
  }
}
