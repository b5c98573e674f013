package dev.floe.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.IcebergBuild;

/**
 * Plans synthetic manifest-heavy tables with Floe and with iceberg-core in one JVM and prints time
 * and allocation per plan side by side. Run it with {@code bin/bench-planning} (see
 * docs/benchmarks.md); {@link BenchmarkSettings} lists the system properties that size it.
 *
 * <p>Each table is built with Iceberg's Java API, then every planner's plan is checked file by file
 * against Iceberg's before any figure is taken: a benchmark of a wrong plan is worthless, so a
 * difference fails the run.
 */
public final class PlanningBenchmark {
  private PlanningBenchmark() {}

  public static void main(String[] arguments) throws IOException {
    BenchmarkSettings settings = BenchmarkSettings.from(System.getProperties());
    PrintStream out = System.out;
    AllocationMeter meter = AllocationMeter.create();
    if (!meter.countsExitedThreads()) {
      out.println("WARNING: allocation figures are lower bounds: " + meter.method());
    }
    boolean temporary = settings.workDirectory() == null;
    Path root =
        temporary
            ? Files.createTempDirectory("floe-planning-bench")
            : Files.createDirectories(settings.workDirectory());
    try {
      BenchmarkReport report = run(settings, meter, root, out);
      out.println();
      out.print(report.text());
      if (settings.markdownOutput() != null) {
        Path output = settings.markdownOutput().toAbsolutePath();
        Files.createDirectories(output.getParent());
        Files.writeString(output, report.markdown());
        out.println();
        out.println("Markdown report written to " + output);
      }
    } finally {
      if (temporary) {
        deleteRecursively(root);
      }
    }
  }

  private static BenchmarkReport run(
      BenchmarkSettings settings, AllocationMeter meter, Path root, PrintStream out) {
    Configuration hadoop = new Configuration();
    SyntheticTableWriter writer = new SyntheticTableWriter(hadoop);
    ComparisonRunner runner =
        new ComparisonRunner(meter, settings.warmupRuns(), settings.measuredRuns(), out);
    int threads = settings.threads();
    List<BenchmarkReport.BuiltTable> built = new ArrayList<>();
    List<Comparison> comparisons = new ArrayList<>();
    try (IcebergTablePlanner icebergDefault = IcebergTablePlanner.onWorkerPool(hadoop);
        IcebergTablePlanner icebergOneThread = IcebergTablePlanner.withExecutor(hadoop, 1);
        IcebergTablePlanner icebergThreads = IcebergTablePlanner.withExecutor(hadoop, threads)) {
      FloeTablePlanner floeThreads = new FloeTablePlanner(threads);
      List<PlanningCase> cases = new ArrayList<>();
      cases.add(new PlanningCase("1 thread", new FloeTablePlanner(1), icebergOneThread));
      if (threads > 1) {
        cases.add(new PlanningCase(threads + " threads", floeThreads, icebergThreads));
      }
      cases.add(
          new PlanningCase(
              threads + " threads, Iceberg on its worker pool", floeThreads, icebergDefault));
      List<TableShape> shapes = settings.shapes();
      for (TableShape shape : shapes) {
        String location = root.resolve(directoryName(shape)).toAbsolutePath().toString();
        out.printf("table '%s' at %s%n", shape.name(), location);
        built.add(build(writer, shape, location, out));
        comparisons.addAll(runner.run(shape, location, icebergDefault, cases));
        // every table filtered too: pruning by manifest, then by metrics only
        for (PlanFilter filter :
            List.of(PlanFilter.lastPartition(shape), PlanFilter.tenFilesById(shape))) {
          out.printf("table '%s' %s%n", shape.name(), filter.name());
          comparisons.addAll(
              runner.run(
                  shape,
                  filter,
                  location,
                  icebergDefault.withFilter(filter),
                  filtered(cases, filter, icebergOneThread, icebergThreads, icebergDefault)));
        }
      }
    }
    return new BenchmarkReport(environment(settings, meter), built, comparisons);
  }

  /** The same cases with the filter applied by both sides of each. */
  private static List<PlanningCase> filtered(
      List<PlanningCase> cases,
      PlanFilter filter,
      IcebergTablePlanner icebergOneThread,
      IcebergTablePlanner icebergThreads,
      IcebergTablePlanner icebergDefault) {
    List<PlanningCase> filtered = new ArrayList<>();
    for (PlanningCase planningCase : cases) {
      IcebergTablePlanner iceberg;
      if (planningCase.iceberg() == icebergOneThread) {
        iceberg = icebergOneThread.withFilter(filter);
      } else if (planningCase.iceberg() == icebergThreads) {
        iceberg = icebergThreads.withFilter(filter);
      } else {
        iceberg = icebergDefault.withFilter(filter);
      }
      int threads = ((FloeTablePlanner) planningCase.floe()).threads();
      filtered.add(
          new PlanningCase(planningCase.name(), new FloeTablePlanner(threads, filter), iceberg));
    }
    return filtered;
  }

  /** Builds the table, or reuses one left in {@code bench.dir} by an earlier run. */
  static BenchmarkReport.BuiltTable build(
      SyntheticTableWriter writer, TableShape shape, String location, PrintStream out) {
    if (Files.exists(Path.of(location, "metadata", "version-hint.text"))) {
      out.println("  reusing the table built by an earlier run (its plans are still checked)");
      return new BenchmarkReport.BuiltTable(shape, BenchmarkReport.BuiltTable.REUSED);
    }
    long start = System.nanoTime();
    writer.write(shape, location);
    long millis = (System.nanoTime() - start) / 1_000_000;
    out.printf(Locale.ROOT, "  built in %.1f s%n", millis / 1000.0);
    return new BenchmarkReport.BuiltTable(shape, millis);
  }

  static String directoryName(TableShape shape) {
    // "-by-manifest": each manifest holds one partition (tables of the round-robin layout differ)
    return String.format(
        "m%d-f%d-p%d-d%d-by-manifest",
        shape.dataManifests(),
        shape.filesPerManifest(),
        shape.partitions(),
        shape.deleteFilesPerPartition());
  }

  private static List<String> environment(BenchmarkSettings settings, AllocationMeter meter) {
    Runtime runtime = Runtime.getRuntime();
    String collectors =
        ManagementFactory.getGarbageCollectorMXBeans().stream()
            .map(GarbageCollectorMXBean::getName)
            .collect(Collectors.joining(" + "));
    return List.of(
        "Run at " + Instant.now().truncatedTo(ChronoUnit.SECONDS),
        String.format(
            Locale.ROOT,
            "Java %s (%s, %s), %s %s, %d available processors, max heap %.1f GB, GC %s",
            System.getProperty("java.runtime.version"),
            System.getProperty("java.vm.name"),
            System.getProperty("java.vm.vendor"),
            System.getProperty("os.name"),
            System.getProperty("os.arch"),
            runtime.availableProcessors(),
            runtime.maxMemory() / 1e9,
            collectors),
        "iceberg-core " + IcebergBuild.version() + " (HadoopTables, local file system)",
        "Allocation: " + meter.method(),
        "Each plan: System.gc() first (not timed); then timed: load the table from its path,"
            + " plan all files, iterate every task. "
            + settings.warmupRuns()
            + " warm-up and "
            + settings.measuredRuns()
            + " measured rounds per table; Floe and Iceberg alternate going first",
        "Before measuring, every planner's plan was checked file by file, with its delete files,"
            + " against Iceberg's default scan");
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
