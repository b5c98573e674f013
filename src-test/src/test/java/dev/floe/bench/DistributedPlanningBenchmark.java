package dev.floe.bench;

import dev.floe.bench.DistributedPlanningReport.QueryFigures;
import dev.floe.bench.DistributedPlanningReport.SideCheck;
import dev.floe.it.spark.SharedSpark;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.IcebergBuild;
import org.apache.iceberg.util.ThreadPools;
import org.apache.spark.sql.SparkSession;

/**
 * Planning on Spark's executors, timed through Spark: Floe with {@code data-planning-mode} and
 * {@code delete-planning-mode} {@code local} and {@code distributed}, against Apache Iceberg's
 * Spark scan at its defaults and with its planning modes {@code distributed}, on the planning
 * benchmark's synthetic tables (10,000 manifests x 100 data files by default, and the same with
 * position deletes), each read by its path in one Spark session. Run it with {@code
 * bin/bench-planning --distributed} (docs/benchmarks.md); {@link DistributedPlanningSettings} lists
 * the system properties that size it.
 *
 * <p>Before any time is taken, every query's plans are checked: Floe's local and distributed plans
 * must describe the same plan (its {@code EXPLAIN} text, once where the metadata and the manifests
 * were read is dropped), and every side must plan the data files Iceberg plans, which are the ones
 * the table's shape says the filter keeps. A difference ends the run: a time of a wrong plan is
 * worthless, and a distributed plan that differs from the local one is a bug in Floe.
 */
public final class DistributedPlanningBenchmark {
  private static final List<PlanningSide> SIDES = List.of(PlanningSide.values());

  private DistributedPlanningBenchmark() {}

  /** A query: its name, its filter as Spark SQL (null for none), and the files it keeps. */
  private record Query(String name, String sparkFilter, PlanFilter filter) {}

  public static void main(String[] arguments) throws IOException {
    DistributedPlanningSettings settings = DistributedPlanningSettings.from(System.getProperties());
    if (!SparkBenchmarkJvm.canStartSpark()) {
      SparkBenchmarkJvm.run(DistributedPlanningBenchmark.class, settings.heap());
      return;
    }
    PrintStream out = System.out;
    boolean temporary = settings.workDirectory() == null;
    Path root =
        temporary
            ? Files.createTempDirectory("floe-distributed-planning-bench")
            : Files.createDirectories(settings.workDirectory());
    try {
      String loadBefore = DeleteReadBenchmark.loadAverage();
      List<BenchmarkReport.BuiltTable> built = new ArrayList<>();
      SyntheticTableWriter writer = new SyntheticTableWriter(new Configuration());
      for (TableShape shape : settings.shapes()) {
        built.add(build(writer, shape, location(root, shape), out));
      }
      SparkSession spark =
          SharedSpark.start(root.resolve("warehouse"), settings.master()).session();
      String report;
      try {
        List<QueryFigures> figures = run(spark, settings, root, out);
        report =
            new DistributedPlanningReport(
                    environment(spark, settings, loadBefore), built, figures, notes(spark))
                .markdown();
      } finally {
        spark.stop();
      }
      BenchmarkWorkspace.publish(report, settings.markdownOutput(), out);
    } finally {
      if (temporary) {
        deleteRecursively(root);
      }
    }
  }

  private static List<QueryFigures> run(
      SparkSession spark, DistributedPlanningSettings settings, Path root, PrintStream out) {
    PlanningJobs jobs = PlanningJobs.listenTo(spark.sparkContext());
    List<QueryFigures> figures = new ArrayList<>();
    for (TableShape shape : settings.shapes()) {
      String location = location(root, shape);
      for (Query query : queries(shape)) {
        out.printf("table '%s', %s: checking the plans%n", shape.name(), query.name());
        Map<PlanningSide, SideCheck> checks = check(spark, jobs, shape, location, query);
        Map<PlanningSide, Distribution> times = measure(spark, settings, shape, location, query);
        out.print("  medians (ms):");
        SIDES.forEach(
            side ->
                out.printf(Locale.ROOT, " %s %.1f;", side.label(), times.get(side).median() / 1e6));
        out.println();
        figures.add(
            new QueryFigures(
                shape,
                query.name(),
                query.filter().expectedOutcome(shape).dataFiles(),
                checks,
                times));
      }
    }
    return figures;
  }

  /**
   * The planning benchmark's queries: no filter, a partition filter (prunes manifests by their
   * partition summaries) and a filter on {@code id} (prunes files by their metrics only).
   */
  private static List<Query> queries(TableShape shape) {
    PlanFilter lastPartition = PlanFilter.lastPartition(shape);
    PlanFilter tenFiles = PlanFilter.tenFilesById(shape);
    long firstId = shape.dataFiles() / 2 * SyntheticTableWriter.IDS_PER_FILE;
    long endId = firstId + 10 * SyntheticTableWriter.IDS_PER_FILE;
    return List.of(
        new Query("all files", null, PlanFilter.none()),
        new Query(lastPartition.name(), "part >= " + (shape.partitions() - 1), lastPartition),
        new Query(tenFiles.name(), "id >= " + firstId + " AND id < " + endId, tenFiles));
  }

  /**
   * Plans the query once per side and fails unless the plans agree; returns what each side planned
   * and the Spark jobs it ran to do so.
   */
  private static Map<PlanningSide, SideCheck> check(
      SparkSession spark, PlanningJobs jobs, TableShape shape, String location, Query query) {
    String where = "table '" + shape.name() + "' (" + location + "), query " + query.name();
    Map<PlanningSide, PlannedScan> plans = new EnumMap<>(PlanningSide.class);
    Map<PlanningSide, SideCheck> checks = new EnumMap<>(PlanningSide.class);
    for (PlanningSide side : SIDES) {
      jobs.reset();
      PlannedScan plan = PlannedScan.plan(spark, side, location, query.sparkFilter());
      plans.put(side, plan);
      checks.put(side, new SideCheck(plan.dataFiles(), jobs.since(), plan.planning()));
    }
    PlannedScan local = plans.get(PlanningSide.FLOE_LOCAL);
    PlannedScan distributed = plans.get(PlanningSide.FLOE_DISTRIBUTED);
    requirePlanning(local, "[data=local, deletes=local]", where);
    requirePlanning(distributed, "[data=distributed, ", where);
    if (checks.get(PlanningSide.FLOE_DISTRIBUTED).jobs().jobs() == 0) {
      throw new IllegalStateException(
          "Floe with data-planning-mode=distributed ran no Spark job, " + where);
    }
    if (!local.planOnly().equals(distributed.planOnly())) {
      throw new IllegalStateException(
          "Floe's distributed plan differs from its local plan, "
              + where
              + "; a bug in Floe's planning on the executors:\n  local:       "
              + local.description()
              + "\n  distributed: "
              + distributed.description());
    }
    long expected = query.filter().expectedOutcome(shape).dataFiles();
    for (PlanningSide side : SIDES) {
      requireFiles(side, plans.get(side), expected, where, plans);
    }
    return checks;
  }

  private static void requirePlanning(PlannedScan plan, String expected, String where) {
    if (!plan.planning().startsWith(expected)) {
      throw new IllegalStateException(
          "Floe's scan says planning=" + plan.planning() + ", expected " + expected + ", " + where);
    }
  }

  private static void requireFiles(
      PlanningSide side,
      PlannedScan plan,
      long expected,
      String where,
      Map<PlanningSide, PlannedScan> plans) {
    if (plan.dataFiles() == expected) {
      return;
    }
    StringBuilder counts = new StringBuilder();
    plans.forEach(
        (other, otherPlan) ->
            counts.append(
                String.format(Locale.ROOT, "%n  %s: %d", other.label(), otherPlan.dataFiles())));
    throw new IllegalStateException(
        side.label()
            + " planned "
            + plan.dataFiles()
            + " data files, the table's shape says "
            + expected
            + ", "
            + where
            + "; data files planned by every side (Floe: resultFiles, Iceberg: resultDataFiles):"
            + counts);
  }

  /**
   * Times the query's plans, the sides in turn, each going first in some round; every timed plan's
   * data files are checked again (after its time is taken).
   */
  private static Map<PlanningSide, Distribution> measure(
      SparkSession spark,
      DistributedPlanningSettings settings,
      TableShape shape,
      String location,
      Query query) {
    long expected = query.filter().expectedOutcome(shape).dataFiles();
    long[][] nanos = new long[SIDES.size()][settings.measuredRuns()];
    int rounds = settings.warmupRuns() + settings.measuredRuns();
    for (int round = 0; round < rounds; round++) {
      for (int turn = 0; turn < SIDES.size(); turn++) {
        PlanningSide side = SIDES.get((turn + round) % SIDES.size());
        System.gc();
        PlannedScan plan = PlannedScan.plan(spark, side, location, query.sparkFilter());
        if (plan.dataFiles() != expected) {
          throw new IllegalStateException(
              side.label()
                  + " planned "
                  + plan.dataFiles()
                  + " data files in a timed run, "
                  + expected
                  + " in the check, table '"
                  + shape.name()
                  + "', query "
                  + query.name());
        }
        if (round >= settings.warmupRuns()) {
          nanos[side.ordinal()][round - settings.warmupRuns()] = plan.nanos();
        }
      }
    }
    Map<PlanningSide, Distribution> times = new EnumMap<>(PlanningSide.class);
    SIDES.forEach(side -> times.put(side, Distribution.of(nanos[side.ordinal()])));
    return times;
  }

  /** Builds the table, or reuses the one an earlier run left in {@code bench.dir}. */
  private static BenchmarkReport.BuiltTable build(
      SyntheticTableWriter writer, TableShape shape, String location, PrintStream out) {
    out.printf("table '%s' at %s%n", shape.name(), location);
    return PlanningBenchmark.build(writer, shape, location, out);
  }

  /** The planning benchmark's directory for this shape, so that a shared bench.dir reuses it. */
  private static String location(Path root, TableShape shape) {
    return root.resolve(PlanningBenchmark.directoryName(shape)).toAbsolutePath().toString();
  }

  private static List<String> environment(
      SparkSession spark, DistributedPlanningSettings settings, String loadBefore) {
    return List.of(
        "Run at " + Instant.now().truncatedTo(ChronoUnit.SECONDS),
        SparkBenchmarkJvm.javaAndMachine(),
        String.format(
            Locale.ROOT,
            "Spark %s, master %s (default parallelism %d, spark.sql.shuffle.partitions %s),"
                + " iceberg-spark-runtime %s",
            spark.version(),
            settings.master(),
            spark.sparkContext().defaultParallelism(),
            spark.conf().get("spark.sql.shuffle.partitions"),
            IcebergBuild.version()),
        "Load average (1, 5, 15 min) before: "
            + loadBefore
            + "; after: "
            + DeleteReadBenchmark.loadAverage(),
        "Each plan: System.gc() first (not timed); then timed: a fresh Dataset from"
            + " spark.read().format(...).load(location) with the query's filter, its"
            + " executedPlan() and its scan's input partitions (Floe plans in ScanBuilder.build(),"
            + " Iceberg when its input partitions are asked for). "
            + settings.warmupRuns()
            + " warm-up and "
            + settings.measuredRuns()
            + " measured rounds per query, the four sides in turn, each first in some round",
        "Checked before measuring: Floe's local and distributed scan descriptions are equal once"
            + " metadata=[...] and planning=[...] are dropped; every side plans the data files the"
            + " table's shape says the filter keeps (Floe: resultFiles in its description;"
            + " Iceberg: its resultDataFiles driver metric, its scan report's count)");
  }

  private static List<String> notes(SparkSession spark) {
    List<String> notes = new ArrayList<>();
    notes.add(
        spark.sparkContext().isLocal()
            ? String.format(
                Locale.ROOT,
                "On master %s the executors are task threads of the driver's JVM, on the same %d"
                    + " processors as local planning: distributed planning here shows what the"
                    + " Spark job and the shipping of surviving entries cost, not what more"
                    + " machines gain.",
                spark.sparkContext().master(),
                Runtime.getRuntime().availableProcessors())
            : "On master "
                + spark.sparkContext().master()
                + " the executors have JVMs of their own: metadata-cache-size=0 turns off the"
                + " driver's metadata cache only, so Floe's executors keep manifests across"
                + " rounds (the warm-up rounds fill their caches).");
    notes.add(
        "Floe local and distributed: read options data-planning-mode and delete-planning-mode"
            + " local or distributed, and metadata-cache-size=0 (on a local master the executors"
            + " are the driver's JVM and would share its metadata cache).");
    int remote =
        Math.max(
            spark.sparkContext().defaultParallelism(),
            Integer.parseInt(spark.conf().get("spark.sql.shuffle.partitions")));
    notes.add(
        String.format(
            Locale.ROOT,
            "Iceberg: its defaults, planning mode auto. Under auto its Spark scan reads manifests"
                + " on the executors only when its remote parallelism (the larger of Spark's"
                + " default parallelism and shuffle partitions: %d here) exceeds its worker pool"
                + " (%d threads here), there are more than twice as many manifests as threads,"
                + " and they total more than 128 MB per thread; it has no rule of its own for a"
                + " local master. The second table says where it read them in this run.",
            remote,
            ThreadPools.WORKER_THREAD_POOL_SIZE));
    notes.add(
        "Iceberg, planning-mode=distributed: session conf"
            + " spark.sql.iceberg.data-planning-mode=distributed and"
            + " spark.sql.iceberg.delete-planning-mode=distributed, set for its plans only.");
    return notes;
  }

  private static void deleteRecursively(Path root) throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
