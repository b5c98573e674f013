package dev.floe.bench;

import dev.floe.bench.SessionPlanningBenchmark.Kind;
import dev.floe.bench.SessionPlanningBenchmark.Query;
import dev.floe.bench.SparkSessionPlanningReport.FloeReads;
import dev.floe.bench.SparkSessionPlanningReport.QueryFigures;
import dev.floe.bench.SparkSessionSide.SessionTable;
import dev.floe.cache.MetadataCache;
import dev.floe.spark.source.SharedMetadataCache;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.IcebergBuild;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.spark.sql.SparkSession;

/**
 * {@link SessionPlanningBenchmark}'s notebook session through Spark: the same ten queries (five
 * filters, the first snapshot twice, a {@code COUNT(*)}, the {@code files} metadata table) on the
 * same table (the 1,000-manifest x 100-file table with 50 position delete files per partition, in
 * the same directory, so a shared {@code bench.dir} reuses it), asked in one local Spark session
 * ({@code local[2]}) by four sides ({@link SparkSessionSide}): Floe with its driver's metadata
 * cache and without it, Iceberg's Spark reader without and with its manifest cache. Each side's
 * session starts cold, and each query builds a fresh {@code Dataset}, which loads the table again,
 * as a notebook user's next cell does; its time runs to the physical plan and the scan's input
 * partitions ({@link PlannedScan}).
 *
 * <p>Run with {@code bin/bench-planning --session-spark} (add {@code --smoke} for tiny tables);
 * sized by {@link BenchmarkSettings}' properties, with {@code bench.heap} (default 6g) the heap of
 * the JVM Spark runs in ({@link SparkBenchmarkJvm}). The report goes to {@code
 * planning-session-spark.md} beside the bench profile's {@code planning.md}, or to {@code
 * bench.output}.
 *
 * <p>Before any time is taken, one session per side is checked: every side plans as many data files
 * as Iceberg for every query, none of the first snapshot's delete files (it has none) and some of
 * the current one's, the same number of {@code files} rows (counted by running the query), and each
 * side's cache is what it claims (Floe's answers from its cache only when on, Iceberg's cache has
 * hits). Every timed plan's data files are checked again. A difference ends the run.
 */
public final class SparkSessionPlanningBenchmark {
  private static final List<SparkSessionSide> SIDES = List.of(SparkSessionSide.values());

  /** The file name the bench profile gives {@code bench.output} when none is given. */
  private static final String PROFILE_OUTPUT = "planning.md";

  private static final String OUTPUT = "planning-session-spark.md";

  /** Floe's driver metric names, and Iceberg's for the delete files it attached. */
  private static final String FLOE_FROM_CACHE = "metadataFilesFromCache";

  private static final String FLOE_FROM_STORAGE = "metadataFilesFromStorage";
  private static final String FLOE_BYTES_READ = "metadataBytesRead";
  private static final String FLOE_DELETE_FILES = "attachedDeleteFiles";
  private static final String ICEBERG_DELETE_FILES = "resultDeleteFiles";

  private SparkSessionPlanningBenchmark() {}

  /** What the check session found: the answers every timed plan must give again. */
  private record Check(long[] dataFiles, long[] metadataRows, List<String> notes) {}

  public static void main(String[] arguments) throws IOException {
    BenchmarkSettings settings = BenchmarkSettings.from(System.getProperties());
    if (!SparkBenchmarkJvm.canStartSpark()) {
      SparkBenchmarkJvm.run(
          SparkSessionPlanningBenchmark.class, System.getProperty("bench.heap", "6g"));
      return;
    }
    PrintStream out = System.out;
    String loadBefore = DeleteReadBenchmark.loadAverage();
    TableShape shape = SessionPlanningBenchmark.shape(settings);
    String report;
    try (BenchmarkWorkspace workspace =
        BenchmarkWorkspace.open(settings.workDirectory(), "floe-session-spark-bench")) {
      Path root = workspace.spark().warehouse().getParent();
      Configuration hadoop = new Configuration();
      Path location = SessionPlanningBenchmark.table(root, shape, hadoop, out);
      long firstSnapshot =
          new HadoopTables(hadoop).load(location.toString()).history().get(0).snapshotId();
      SparkSession spark = workspace.spark().session();
      SessionTable table = SessionTable.register(spark, location, firstSnapshot);
      List<Query> queries = SessionPlanningBenchmark.queries(shape);
      out.printf("table '%s' at %s: checking every side's session%n", shape.name(), location);
      Check check = check(spark, shape, table, queries, out);
      out.println("every side plans what Iceberg plans; measuring");
      List<QueryFigures> figures = new ArrayList<>();
      Map<SparkSessionSide, Distribution> sessions =
          measure(spark, table, queries, check, settings, figures, out);
      report =
          new SparkSessionPlanningReport(
                  environment(spark, shape, settings, loadBefore), figures, sessions, check.notes())
              .markdown();
    }
    BenchmarkWorkspace.publish(report, output(settings), out);
  }

  /**
   * One session per side, untimed: every side must plan the data files Iceberg plans, and the
   * delete files the snapshot has; the metadata table's rows are counted by running it.
   */
  private static Check check(
      SparkSession spark,
      TableShape shape,
      SessionTable table,
      List<Query> queries,
      PrintStream out) {
    Map<SparkSessionSide, List<PlannedScan>> plans = new EnumMap<>(SparkSessionSide.class);
    Map<SparkSessionSide, Long> rows = new EnumMap<>(SparkSessionSide.class);
    List<String> notes = new ArrayList<>();
    for (SparkSessionSide side : SIDES) {
      side.startCold(spark, table);
      List<PlannedScan> session = new ArrayList<>();
      for (Query query : queries) {
        session.add(side.plan(spark, table, query));
      }
      plans.put(side, session);
      notes.add(requireCache(spark, side, table, session, queries));
      for (int index = 0; index < queries.size(); index++) {
        if (queries.get(index).kind() == Kind.METADATA_FILES) {
          rows.put(side, side.dataset(spark, table, queries.get(index)).count());
        }
      }
    }
    long[] dataFiles = new long[queries.size()];
    long[] metadataRows = new long[queries.size()];
    for (int index = 0; index < queries.size(); index++) {
      Query query = queries.get(index);
      StringBuilder line = new StringBuilder("  " + query.name() + ":");
      for (SparkSessionSide side : SIDES) {
        PlannedScan plan = plans.get(side).get(index);
        if (query.kind() == Kind.METADATA_FILES) {
          requireSame(
              side, query, "files rows", rows.get(side), rows.get(SparkSessionSide.ICEBERG));
          line.append(String.format(Locale.ROOT, " %s %,d rows;", side.label(), rows.get(side)));
          continue;
        }
        long expected = plans.get(SparkSessionSide.ICEBERG).get(index).dataFiles();
        requireSame(side, query, "data files", plan.dataFiles(), expected);
        requireDeleteFiles(side, query, shape, plan);
        line.append(String.format(Locale.ROOT, " %s %,d files", side.label(), plan.dataFiles()));
        line.append(side.isFloe() ? " " + plan.planning() + ";" : ";");
      }
      out.println(line);
      dataFiles[index] = plans.get(SparkSessionSide.ICEBERG).get(index).dataFiles();
      metadataRows[index] =
          query.kind() == Kind.METADATA_FILES ? rows.get(SparkSessionSide.ICEBERG) : 0;
    }
    return new Check(dataFiles, metadataRows, notes);
  }

  private static void requireSame(
      SparkSessionSide side, Query query, String what, long actual, long expected) {
    if (actual != expected) {
      throw new IllegalStateException(
          String.format(
              Locale.ROOT,
              "%s plans %,d %s for query '%s', Iceberg (by path) %,d: the sides do not answer the"
                  + " same question",
              side.label(),
              actual,
              what,
              query.name(),
              expected));
    }
  }

  /**
   * The first snapshot (the append) has no delete file, the current one has some in every
   * partition: a plan that says otherwise read another snapshot than the query asked for.
   */
  private static void requireDeleteFiles(
      SparkSessionSide side, Query query, TableShape shape, PlannedScan plan) {
    String metric = side.isFloe() ? FLOE_DELETE_FILES : ICEBERG_DELETE_FILES;
    long deleteFiles =
        plan.driverMetric(metric)
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        side.label() + " reports no " + metric + " for query " + query.name()));
    boolean expectsDeletes =
        !query.firstSnapshot() && plan.dataFiles() > 0 && shape.deleteFilesPerPartition() > 0;
    if ((deleteFiles > 0) != expectsDeletes) {
      throw new IllegalStateException(
          String.format(
              Locale.ROOT,
              "%s attaches %,d delete files (%s) in query '%s', expected %s: it did not read the"
                  + " snapshot the query asks for",
              side.label(),
              deleteFiles,
              metric,
              query.name(),
              expectsDeletes ? "some" : "none"));
    }
  }

  /**
   * Fails unless the side's cache is what it claims after its check session, and says what it did:
   * Floe's cached side answers some metadata from its cache, its other side none; Iceberg's cached
   * side has cache hits.
   */
  private static String requireCache(
      SparkSession spark,
      SparkSessionSide side,
      SessionTable table,
      List<PlannedScan> session,
      List<Query> queries) {
    return switch (side) {
      case FLOE_CACHED, FLOE_UNCACHED -> {
        long fromCache = 0;
        for (PlannedScan plan : session) {
          fromCache += plan.driverMetric(FLOE_FROM_CACHE).orElse(0);
        }
        if ((fromCache > 0) != (side == SparkSessionSide.FLOE_CACHED)) {
          throw new IllegalStateException(
              side.label()
                  + ": "
                  + fromCache
                  + " metadata files came from Floe's metadata cache in a session of "
                  + queries.size()
                  + " queries; the side is not what it claims");
        }
        yield String.format(
            Locale.ROOT,
            "%s, check session: %,d manifest lists and manifests taken from the metadata cache"
                + " (bound %,d bytes, %,d entries held after it).",
            side.label(),
            fromCache,
            SharedMetadataCache.get().maxBytes(),
            SharedMetadataCache.get().entries());
      }
      case ICEBERG -> "Iceberg by path: its path loads have no manifest cache.";
      case ICEBERG_MANIFEST_CACHE -> {
        IcebergManifestCache.Usage usage = IcebergManifestCache.usage(table.catalogFileIO(spark));
        if (!usage.enabled() || usage.hits() == 0) {
          throw new IllegalStateException(
              side.label() + ": Iceberg's manifest cache was not used in a session: " + usage);
        }
        yield side.label()
            + ", check session: Iceberg's manifest cache (of the catalog's FileIO) "
            + usage
            + ".";
      }
    };
  }

  /**
   * Times the sessions, the sides in turn, each first in some round; every timed plan's data files
   * are checked again. Fills {@code figures} with each query's times and returns each side's
   * session totals.
   */
  private static Map<SparkSessionSide, Distribution> measure(
      SparkSession spark,
      SessionTable table,
      List<Query> queries,
      Check check,
      BenchmarkSettings settings,
      List<QueryFigures> figures,
      PrintStream out) {
    int runs = settings.measuredRuns();
    long[][][] nanos = new long[SIDES.size()][queries.size()][runs];
    long[][] totals = new long[SIDES.size()][runs];
    List<Map<SparkSessionSide, FloeReads>> reads = new ArrayList<>();
    queries.forEach(query -> reads.add(new EnumMap<>(SparkSessionSide.class)));
    int rounds = settings.warmupRuns() + runs;
    for (int round = 0; round < rounds; round++) {
      for (int turn = 0; turn < SIDES.size(); turn++) {
        SparkSessionSide side = SIDES.get((turn + round) % SIDES.size());
        System.gc();
        side.startCold(spark, table);
        for (int index = 0; index < queries.size(); index++) {
          Query query = queries.get(index);
          PlannedScan plan = side.plan(spark, table, query);
          if (query.kind() != Kind.METADATA_FILES && plan.dataFiles() != check.dataFiles()[index]) {
            throw new IllegalStateException(
                String.format(
                    Locale.ROOT,
                    "%s planned %,d data files for query '%s' in a timed session, %,d in the check",
                    side.label(),
                    plan.dataFiles(),
                    query.name(),
                    check.dataFiles()[index]));
          }
          int run = round - settings.warmupRuns();
          if (run >= 0) {
            nanos[side.ordinal()][index][run] = plan.nanos();
            totals[side.ordinal()][run] += plan.nanos();
            Optional<FloeReads> floe = floeReads(plan);
            if (floe.isPresent()) {
              reads.get(index).put(side, floe.get());
            }
          }
        }
      }
      out.printf(
          "round %d of %d done (%s)%n",
          round + 1, rounds, round < settings.warmupRuns() ? "warm-up" : "measured");
    }
    for (int index = 0; index < queries.size(); index++) {
      Map<SparkSessionSide, Distribution> times = new EnumMap<>(SparkSessionSide.class);
      for (SparkSessionSide side : SIDES) {
        times.put(side, Distribution.of(nanos[side.ordinal()][index]));
      }
      figures.add(
          new QueryFigures(
              queries.get(index),
              answer(queries.get(index), check, index),
              times,
              reads.get(index)));
    }
    Map<SparkSessionSide, Distribution> sessions = new EnumMap<>(SparkSessionSide.class);
    SIDES.forEach(side -> sessions.put(side, Distribution.of(totals[side.ordinal()])));
    return sessions;
  }

  /** What Floe says it read for the plan, when it says it (not for a metadata table). */
  private static Optional<FloeReads> floeReads(PlannedScan plan) {
    if (plan.driverMetric(FLOE_FROM_STORAGE).isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new FloeReads(
            plan.driverMetric(FLOE_FROM_CACHE).orElseThrow(),
            plan.driverMetric(FLOE_FROM_STORAGE).orElseThrow(),
            plan.driverMetric(FLOE_BYTES_READ).orElseThrow()));
  }

  private static String answer(Query query, Check check, int index) {
    return switch (query.kind()) {
      case FILES, COUNT -> String.format(Locale.ROOT, "%,d data files", check.dataFiles()[index]);
      case METADATA_FILES -> String.format(Locale.ROOT, "%,d rows", check.metadataRows()[index]);
    };
  }

  private static Path output(BenchmarkSettings settings) {
    Path output = settings.markdownOutput();
    if (output != null
        && output.getFileName() != null
        && output.getFileName().toString().equals(PROFILE_OUTPUT)) {
      return output.resolveSibling(OUTPUT);
    }
    return output;
  }

  private static List<String> environment(
      SparkSession spark, TableShape shape, BenchmarkSettings settings, String loadBefore) {
    return List.of(
        "Run at " + Instant.now().truncatedTo(ChronoUnit.SECONDS),
        SparkBenchmarkJvm.javaAndMachine(),
        String.format(
            Locale.ROOT,
            "Spark %s, master %s, iceberg-spark-runtime %s; Floe's default metadata-cache-size"
                + " here: %,d bytes",
            spark.version(),
            spark.sparkContext().master(),
            IcebergBuild.version(),
            MetadataCache.defaultMaxBytes()),
        "Load average (1, 5, 15 min) before: "
            + loadBefore
            + "; after: "
            + DeleteReadBenchmark.loadAverage(),
        String.format(
            Locale.ROOT,
            "Table '%s': %,d data manifests x %,d files, %d partitions, %d position delete files"
                + " per partition (a snapshot per delete commit, all sharing the data manifests)",
            shape.name(),
            shape.dataManifests(),
            shape.filesPerManifest(),
            shape.partitions(),
            shape.deleteFilesPerPartition()),
        "Each query: System.gc() before the session only; timed: a fresh Dataset (which loads the"
            + " table), its executedPlan() and its scan's input partitions. "
            + settings.warmupRuns()
            + " warm-up and "
            + settings.measuredRuns()
            + " measured sessions per side, the four sides in turn, each first in some round;"
            + " every session starts cold");
  }
}
