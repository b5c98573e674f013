package dev.floe.bench;

import dev.floe.it.spark.SharedSpark;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import javax.management.JMException;
import javax.management.ObjectName;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The measured Spark driver of {@link ScaleBenchmark}: a JVM of its own with the benchmark's small
 * heap, one reader, the steps of one {@link ScaleProbeSpec}. Run as {@code ScaleProbe SPEC
 * RESULTS}: it reads the spec's properties file and rewrites the results file after every step, so
 * that a JVM that dies half-way still leaves the figures it had.
 *
 * <p>An {@link OutOfMemoryError} anywhere in a step's cause chain is the step's result, {@code
 * OOM}; the steps after it are skipped, since a JVM that ran out of heap once measures nothing
 * reliably.
 */
public final class ScaleProbe {
  private final SparkSession spark;
  private final ScaleProbeSpec spec;
  private final AllocationMeter meter = AllocationMeter.create();
  private final HeapWatch heap = HeapWatch.install();

  private ScaleProbe(SparkSession spark, ScaleProbeSpec spec) {
    this.spark = spark;
    this.spec = spec;
  }

  public static void main(String[] arguments) throws IOException {
    if (arguments.length != 2) {
      throw new IllegalArgumentException("Usage: ScaleProbe SPEC.properties RESULTS.properties");
    }
    Properties specProperties = new Properties();
    try (var in = Files.newInputStream(Path.of(arguments[0]))) {
      specProperties.load(in);
    }
    ScaleProbeSpec spec = ScaleProbeSpec.fromProperties(specProperties);
    Path results = Path.of(arguments[1]);
    Path warehouse = Files.createTempDirectory("floe-scale-probe");
    SparkSession spark = SharedSpark.start(warehouse, "local[2]").session();
    try {
      new ScaleProbe(spark, spec).run(results);
    } finally {
      spark.stop();
      Files.deleteIfExists(warehouse);
    }
  }

  private void run(Path results) throws IOException {
    Properties properties = new Properties();
    properties.setProperty(
        "defaultParallelism", Integer.toString(spark.sparkContext().defaultParallelism()));
    properties.setProperty("maxHeapBytes", Long.toString(Runtime.getRuntime().maxMemory()));
    properties.setProperty("allocationMethod", meter.method());
    // Spark's analysis and the reader's classes load here, not in the first measured step
    spec.reader().load(spark, spec.warmupLocation(), java.util.Map.of()).rdd().getNumPartitions();
    boolean histogramTaken = spec.histogramFile() == null;
    boolean outOfMemory = false;
    List<ScaleStep> steps = spec.steps();
    for (int index = 0; index < steps.size(); index++) {
      ScaleStep step = steps.get(index);
      ScaleOutcome outcome;
      if (outOfMemory) {
        outcome = ScaleOutcome.failed(ScaleOutcome.Status.SKIPPED, "after an OutOfMemoryError");
      } else {
        boolean histogram = !histogramTaken && step.kind() == ScaleStep.Kind.PARTITIONS;
        outcome = measure(step, histogram);
        histogramTaken |= histogram && outcome.succeeded();
        outOfMemory = outcome.status() == ScaleOutcome.Status.OOM;
      }
      System.out.printf("%s %s: %s%n", spec.reader().label(), step.label(), outcome);
      outcome.store(properties, "step." + index + ".");
      store(properties, results);
    }
  }

  private ScaleOutcome measure(ScaleStep step, boolean histogram) {
    heap.reset();
    long allocatedBefore = meter.allocatedBytes();
    long start = System.nanoTime();
    try {
      Answer result =
          switch (step.kind()) {
            case PARTITIONS -> {
              RDD<Row> rdd = spec.reader().load(spark, step.location(), step.options()).rdd();
              yield new Answer(rdd.getNumPartitions(), rdd);
            }
            case COUNT ->
                new Answer(
                    spec.reader()
                        .load(spark, step.location(), step.options())
                        .filter(step.filter())
                        .count(),
                    null);
          };
      long answer = result.value();
      long millis = (System.nanoTime() - start) / 1_000_000;
      long allocated = meter.allocatedBytes() - allocatedBefore;
      long peak = heap.peakBytes();
      long live = heap.peakLiveBytes();
      long retained = heap.retainedBytes();
      if (histogram) {
        writeHistogram();
      }
      keep(result.held());
      return new ScaleOutcome(
          ScaleOutcome.Status.OK,
          "",
          answer,
          millis,
          allocated,
          peak,
          Math.max(live, retained),
          step.kind() == ScaleStep.Kind.PARTITIONS ? retained : -1);
    } catch (Throwable failure) {
      long millis = (System.nanoTime() - start) / 1_000_000;
      for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
        if (cause instanceof OutOfMemoryError) {
          failure.printStackTrace(); // into the driver's log: where the heap ran out
          return ScaleOutcome.failed(
              ScaleOutcome.Status.OOM,
              "OutOfMemoryError after " + millis + " ms: " + cause.getMessage());
        }
      }
      failure.printStackTrace();
      return ScaleOutcome.failed(ScaleOutcome.Status.FAILED, String.valueOf(failure));
    }
  }

  /**
   * The live heap's classes by size, as {@code jcmd PID GC.class_histogram} prints them (it is the
   * same diagnostic command, invoked in-process; it collects fully first): the header, the top
   * lines and the total.
   */
  private void writeHistogram() throws IOException, JMException {
    String histogram =
        (String)
            ManagementFactory.getPlatformMBeanServer()
                .invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"),
                    "gcClassHistogram",
                    new Object[] {new String[0]},
                    new String[] {String[].class.getName()});
    List<String> lines = histogram.lines().toList();
    int header = 2;
    List<String> top = lines.subList(0, Math.min(lines.size(), header + spec.histogramLines()));
    String total = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
    Files.createDirectories(spec.histogramFile().toAbsolutePath().getParent());
    Files.writeString(spec.histogramFile(), String.join("\n", top) + "\n...\n" + total + "\n");
  }

  /** A step's answer and what it keeps reachable until measured (a partition count's RDD). */
  private record Answer(long value, Object held) {}

  /** Keeps the step's result reachable until here, so the retained heap includes it. */
  private static volatile Object kept;

  private static void keep(Object held) {
    kept = held;
    kept = null;
  }

  private static void store(Properties properties, Path results) throws IOException {
    Path partial = results.resolveSibling(results.getFileName() + ".partial");
    try (OutputStream out = Files.newOutputStream(partial)) {
      properties.store(out, "ScaleProbe results");
    }
    Files.move(partial, results, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }
}
