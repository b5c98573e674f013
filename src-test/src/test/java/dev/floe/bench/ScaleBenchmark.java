package dev.floe.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.IcebergBuild;

/**
 * Issue 20's scale benchmark: how Floe and Iceberg's Spark reader plan tables of 100,000 and
 * 1,000,000 data files in a Spark driver of a small heap, and how many Spark partitions each makes
 * of a large and of a small table. Run it with {@code bin/bench-scale} (docs/benchmarks.md); {@link
 * ScaleBenchmarkSettings} lists the system properties that size it.
 *
 * <p>This JVM only builds the metadata-only tables ({@link SyntheticTableWriter}, with a heap of
 * its own) and writes the report; every measured figure comes from a driver JVM of its own ({@link
 * ScaleProbe}, {@code -Xmx2g} unless told), one per reader and group of steps, so that one reader
 * running out of heap is a result and leaves the other's figures alone.
 */
public final class ScaleBenchmark {
  private static final String PARTITION_PRUNING_FILTER = "part = -1";
  private static final String METRICS_PRUNING_FILTER = "id < 0";

  private ScaleBenchmark() {}

  public static void main(String[] arguments) throws IOException {
    ScaleBenchmarkSettings settings = ScaleBenchmarkSettings.from(System.getProperties());
    PrintStream out = System.out;
    boolean temporary = settings.workDirectory() == null;
    Path root =
        temporary
            ? Files.createTempDirectory("floe-scale-bench")
            : Files.createDirectories(settings.workDirectory());
    try {
      ScaleTableSet tables = ScaleTableSet.build(settings.tables(), root, new Configuration(), out);
      if (settings.buildOnly()) {
        out.println("bench.scale.buildOnly: tables ready under " + root);
        return;
      }
      Path probes =
          settings.markdownOutput() == null
              ? root.resolve("probes")
              : settings.markdownOutput().toAbsolutePath().getParent().resolve("scale-probes");
      String report = run(settings, tables, probes, out);
      BenchmarkWorkspace.publish(report, settings.markdownOutput(), out);
    } finally {
      if (temporary) {
        deleteRecursively(root);
      }
    }
  }

  private static String run(
      ScaleBenchmarkSettings settings, ScaleTableSet tables, Path probes, PrintStream out)
      throws IOException {
    ScaleBenchmarkSettings.ScaleTables sizes = settings.tables();
    String large = tables.large().toString();
    String medium = tables.medium().toString();
    String small = tables.small().toString();
    String largeName = String.format(Locale.ROOT, "%,d files", sizes.large().dataFiles());
    String mediumName = String.format(Locale.ROOT, "%,d files", sizes.medium().dataFiles());
    String smallName = String.format(Locale.ROOT, "small table, %d files", sizes.smallFiles());
    long splitSize = settings.largeSplitSizeBytes();
    List<ScaleStep> mediumAndSmall =
        List.of(
            ScaleStep.partitions(mediumName + ": partitions, default split size", medium, 0),
            ScaleStep.partitions(
                mediumName + ": partitions, split-size " + (splitSize >> 20) + " MiB",
                medium,
                splitSize),
            ScaleStep.partitions(smallName + ": partitions", small, 0));
    List<ScaleStep> largePartitions =
        List.of(ScaleStep.partitions(largeName + ": partitions (getNumPartitions)", large, 0));
    List<ScaleStep> largePruned =
        List.of(
            ScaleStep.count(
                largeName + ": count where " + PARTITION_PRUNING_FILTER + " (no partition)",
                large,
                PARTITION_PRUNING_FILTER),
            ScaleStep.count(
                largeName + ": count where " + METRICS_PRUNING_FILTER + " (metrics prune all)",
                large,
                METRICS_PRUNING_FILTER));
    ScaleReport report = new ScaleReport();
    ScaleBenchmarkSettings.Drivers drivers = settings.drivers();
    int lines = drivers.histogramLines();
    DriverJvm jvm = new DriverJvm(probes, drivers.heap(), drivers.timeoutMinutes());
    int parallelism = -1;
    String allocationMethod = "";
    for (ScaleReader reader : ScaleReader.values()) {
      DriverJvm.ProbeResult result =
          probe(jvm, report, spec(reader, "medium-small", small, mediumAndSmall, null, 0), out);
      parallelism = Math.max(parallelism, result.defaultParallelism());
      if (!result.allocationMethod().isEmpty()) {
        allocationMethod = result.allocationMethod();
      }
    }
    for (ScaleReader reader : ScaleReader.values()) {
      String prefix = reader.name().toLowerCase(Locale.ROOT) + "-large";
      Path histogram = probes.resolve(prefix + ".histogram");
      Files.deleteIfExists(histogram);
      DriverJvm.ProbeResult result =
          probe(
              jvm,
              report,
              spec(reader, "large-partitions", small, largePartitions, histogram, lines),
              out);
      String title = largeName + ", -Xmx" + drivers.heap();
      if (result.outcomes().get(0).status() == ScaleOutcome.Status.OOM) {
        // the plan did not fit: a larger heap shows what it holds, and how much
        String larger = drivers.largerHeap();
        histogram = probes.resolve(prefix + "-" + larger + ".histogram");
        Files.deleteIfExists(histogram);
        List<ScaleStep> rerun =
            List.of(
                ScaleStep.partitions(
                    largeName + ": partitions at -Xmx" + larger + " (rerun after the OOM)",
                    large,
                    0));
        probe(
            new DriverJvm(probes, larger, drivers.timeoutMinutes()),
            report,
            spec(reader, "large-partitions-" + larger, small, rerun, histogram, lines),
            out);
        title = largeName + ", -Xmx" + larger + " (out of heap at -Xmx" + drivers.heap() + ")";
      }
      if (Files.exists(histogram)) {
        report.addHistogram(
            reader.label()
                + " driver at "
                + title
                + ": live heap while the planned scan is held (GC.class_histogram, top "
                + lines
                + ")",
            Files.readString(histogram));
      }
    }
    for (ScaleReader reader : ScaleReader.values()) {
      probe(jvm, report, spec(reader, "large-pruned", small, largePruned, null, 0), out);
    }
    report.addNote("Spark's defaultParallelism in the drivers (local[2]): " + parallelism);
    return report.markdown(header(settings, tables, allocationMethod));
  }

  private static ScaleProbeSpec spec(
      ScaleReader reader,
      String name,
      String warmup,
      List<ScaleStep> steps,
      Path histogram,
      int histogramLines) {
    return new ScaleProbeSpec(
        reader.name().toLowerCase(Locale.ROOT) + "-" + name,
        reader,
        warmup,
        histogram,
        histogramLines,
        steps);
  }

  private static DriverJvm.ProbeResult probe(
      DriverJvm jvm, ScaleReport report, ScaleProbeSpec spec, PrintStream out) {
    out.printf("%s: %s ...%n", spec.reader().label(), spec.name());
    long start = System.nanoTime();
    DriverJvm.ProbeResult result = jvm.run(spec);
    double seconds = (System.nanoTime() - start) / 1e9;
    out.printf(Locale.ROOT, "  driver JVM took %.1f s (log %s)%n", seconds, result.log());
    report.addNote(
        String.format(Locale.ROOT, "driver JVM %s took %.1f s in all", spec.name(), seconds));
    List<ScaleStep> steps = spec.steps();
    for (int index = 0; index < steps.size(); index++) {
      ScaleOutcome outcome = result.outcomes().get(index);
      out.printf("  %s: %s%n", steps.get(index).label(), outcome);
      report.add(steps.get(index), spec.reader(), outcome);
    }
    return result;
  }

  private static List<String> header(
      ScaleBenchmarkSettings settings, ScaleTableSet tables, String allocationMethod) {
    ScaleBenchmarkSettings.ScaleTables sizes = settings.tables();
    List<String> lines = new ArrayList<>();
    lines.add(
        "Run at " + Instant.now().truncatedTo(ChronoUnit.SECONDS) + ", " + ScaleTableSet.commit());
    lines.add(
        String.format(
            Locale.ROOT,
            "Drivers: one JVM per reader and group of steps, -Xmx%s, Spark %s local[2], Java %s,"
                + " iceberg-spark-runtime %s; every step is the first of its kind in its JVM, after"
                + " one unmeasured warm-up read of the small table",
            settings.drivers().heap(),
            org.apache.spark.package$.MODULE$.SPARK_VERSION(),
            System.getProperty("java.version"),
            IcebergBuild.version()));
    lines.add(
        String.format(
            Locale.ROOT,
            "Tables (metadata only, format v2, identity(part) over %d partitions, every file with"
                + " column metrics and one row group): %s; %s; small: %s",
            sizes.partitions(),
            describe(sizes.large(), sizes.fileBytes()),
            describe(sizes.medium(), sizes.fileBytes()),
            describe(sizes.small(), sizes.smallFileBytes())));
    lines.add(
        "Time: wall time from spark.read.load to the answer (loading, planning, for a count also"
            + " Spark's job). Peak heap: the largest heap in use before any GC during the step, or"
            + " at its end (GC notifications; a full GC starts each step). Live: the largest heap"
            + " left after any GC during the step. Retained: heap in use after a full GC at the"
            + " end while the step's RDD (the planned scan) is held. Allocated: "
            + allocationMethod);
    lines.add("Table building: " + tables.buildTimes());
    return lines;
  }

  private static String describe(TableShape shape, long fileBytes) {
    return String.format(
        Locale.ROOT,
        "%d manifests x %d files = %,d files of %,d bytes (%,.1f GB declared)",
        shape.dataManifests(),
        shape.filesPerManifest(),
        shape.dataFiles(),
        fileBytes,
        shape.dataFiles() * fileBytes / 1e9);
  }

  private static void deleteRecursively(Path root) throws IOException {
    try (var paths = Files.walk(root)) {
      for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
