package dev.floe.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Starts one {@link ScaleProbe} in a JVM of its own, with this JVM's flags (Spark's module flags
 * among them) but the driver heap the benchmark asks for, and reads back what each step gave. The
 * child's output goes to a log file beside its spec and results.
 */
final class DriverJvm {
  /** Spark's exit code for a JVM that ended on an OutOfMemoryError (SparkExitCode.OOM). */
  private static final int SPARK_OOM_EXIT = 52;

  private final Path directory;
  private final String heap;
  private final int timeoutMinutes;

  DriverJvm(Path directory, String heap, int timeoutMinutes) {
    this.directory = directory;
    this.heap = heap;
    this.timeoutMinutes = timeoutMinutes;
  }

  /**
   * What a probe left: one outcome per step, Spark's default parallelism in it and how its
   * allocation was measured ({@link AllocationMeter#method}), or -1 and "" when it left nothing.
   */
  record ProbeResult(
      List<ScaleOutcome> outcomes, int defaultParallelism, String allocationMethod, Path log) {
    ProbeResult {
      outcomes = List.copyOf(outcomes);
    }
  }

  /**
   * This JVM's flags for a child with another heap: the heap sizes and the benchmark's own {@code
   * -Dbench.*} properties are dropped, {@code -Xmx<heap>} is added.
   */
  static List<String> childFlags(List<String> parentFlags, String heap) {
    List<String> flags = new ArrayList<>();
    for (String flag : parentFlags) {
      boolean heapSize =
          flag.startsWith("-Xmx")
              || flag.startsWith("-Xms")
              || flag.startsWith("-XX:MaxHeapSize")
              || flag.startsWith("-XX:InitialHeapSize")
              || flag.startsWith("-XX:MaxRAMPercentage");
      if (!heapSize && !flag.startsWith("-Dbench.")) {
        flags.add(flag);
      }
    }
    flags.add("-Xmx" + heap);
    return flags;
  }

  ProbeResult run(ScaleProbeSpec spec) {
    Path specFile = directory.resolve(spec.name() + ".spec.properties");
    Path resultsFile = directory.resolve(spec.name() + ".results.properties");
    Path log = directory.resolve(spec.name() + ".log");
    try {
      Files.createDirectories(directory);
      Files.deleteIfExists(resultsFile);
      try (OutputStream out = Files.newOutputStream(specFile)) {
        spec.toProperties().store(out, "ScaleProbe spec");
      }
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.addAll(childFlags(ManagementFactory.getRuntimeMXBean().getInputArguments(), heap));
      command.add("-classpath");
      command.add(System.getProperty("java.class.path"));
      command.add(ScaleProbe.class.getName());
      command.add(specFile.toString());
      command.add(resultsFile.toString());
      ProcessBuilder builder =
          new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
      builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
      Process process = builder.start();
      boolean ended = process.waitFor(timeoutMinutes, TimeUnit.MINUTES);
      String ending;
      if (ended) {
        ending = process.exitValue() == 0 ? "" : "the JVM exited with " + process.exitValue();
      } else {
        process.destroyForcibly().waitFor();
        ending = "timed out after " + timeoutMinutes + " min";
      }
      return collect(spec, resultsFile, log, ending, ended ? process.exitValue() : -1);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot run the driver JVM of probe " + spec.name(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while probe " + spec.name() + " ran", e);
    }
  }

  private static ProbeResult collect(
      ScaleProbeSpec spec, Path resultsFile, Path log, String ending, int exitCode)
      throws IOException {
    Properties results = new Properties();
    if (Files.exists(resultsFile)) {
      try (InputStream in = Files.newInputStream(resultsFile)) {
        results.load(in);
      }
    }
    boolean outOfMemory = exitCode == SPARK_OOM_EXIT || logMentionsOutOfMemory(log);
    List<ScaleOutcome> outcomes = new ArrayList<>();
    boolean first = true;
    for (int index = 0; index < spec.steps().size(); index++) {
      ScaleOutcome outcome = ScaleOutcome.load(results, "step." + index + ".");
      if (outcome == null) {
        // the step the JVM died in gets the reason, the later ones were never started
        outcome =
            first
                ? ScaleOutcome.failed(
                    outOfMemory ? ScaleOutcome.Status.OOM : ScaleOutcome.Status.FAILED,
                    (ending.isEmpty() ? "no result" : ending) + "; see " + log)
                : ScaleOutcome.failed(ScaleOutcome.Status.SKIPPED, "the JVM ended before");
        first = false;
      }
      outcomes.add(outcome);
    }
    return new ProbeResult(
        outcomes,
        Integer.parseInt(results.getProperty("defaultParallelism", "-1")),
        results.getProperty("allocationMethod", ""),
        log);
  }

  private static boolean logMentionsOutOfMemory(Path log) throws IOException {
    try (var lines = Files.lines(log)) {
      return lines.anyMatch(line -> line.contains("java.lang.OutOfMemoryError"));
    } catch (UncheckedIOException e) {
      return false; // not UTF-8 somewhere: no evidence either way
    }
  }
}
