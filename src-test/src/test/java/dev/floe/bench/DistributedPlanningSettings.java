package dev.floe.bench;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the distributed-planning benchmark ({@link DistributedPlanningBenchmark}) builds and how
 * often it measures. The table sizes, rounds and directories are read as {@link BenchmarkSettings}
 * reads them, so that the planning benchmarks share one vocabulary and one table directory per
 * shape; only the full-size manifest count differs, since planning on the executors pays off only
 * on many manifests:
 *
 * <pre>
 * bench.size                 full (default) or smoke: the preset the settings below refine
 * bench.manifests            data manifests                              full 10000, smoke 10
 * bench.filesPerManifest     data files per manifest                     full 100,   smoke 10
 * bench.partitions           identity partitions                         full 20,    smoke 4
 * bench.deletesPerPartition  position delete files per partition of the
 *                            second table; 0 plans the first table only  full 50,    smoke 3
 * bench.warmup               warm-up rounds per query                    full 2,     smoke 1
 * bench.runs                 measured rounds per query                   full 5,     smoke 3
 * bench.master               the Spark master                            local[2]
 * bench.heap                 the heap of the benchmark's JVM             6g
 * bench.output               the Markdown report; the bench profile's default, planning.md,
 *                            becomes distributed-planning.md beside it   none when absent
 * bench.dir                  where to build tables; kept afterwards      a temporary directory
 * </pre>
 *
 * {@code bench.largeManifests} and {@code bench.threads} of the other planning benchmarks mean
 * nothing here and are ignored.
 */
record DistributedPlanningSettings(
    BenchmarkSettings common, String master, String heap, Path markdownOutput) {

  static final int FULL_MANIFESTS = 10_000;

  /** The file name the bench profile gives {@code bench.output} when none is given. */
  private static final String PROFILE_OUTPUT = "planning.md";

  private static final String OUTPUT = "distributed-planning.md";

  DistributedPlanningSettings {
    Objects.requireNonNull(common, "common");
    if (master == null || master.isBlank()) {
      throw new IllegalArgumentException("bench.master must name a Spark master, e.g. local[2]");
    }
    if (heap == null || !heap.matches("[0-9]+[kmgKMG]?")) {
      throw new IllegalArgumentException(
          "bench.heap must be a JVM heap size such as 6g or 4096m, not '" + heap + "'");
    }
  }

  /** Reads the settings from these properties (normally {@code System.getProperties()}). */
  static DistributedPlanningSettings from(Map<?, ?> properties) {
    Map<Object, Object> adjusted = new HashMap<>(properties);
    boolean smoke = "smoke".equals(text(properties, "bench.size", "full"));
    if (!smoke) {
      adjusted.putIfAbsent("bench.manifests", Integer.toString(FULL_MANIFESTS));
    }
    // one data-only table and its copy with deletes; no third, larger table
    adjusted.put("bench.largeManifests", "0");
    BenchmarkSettings common = BenchmarkSettings.from(adjusted);
    Path output = common.markdownOutput();
    if (output != null
        && output.getFileName() != null
        && output.getFileName().toString().equals(PROFILE_OUTPUT)) {
      output = output.resolveSibling(OUTPUT);
    }
    return new DistributedPlanningSettings(
        common,
        text(properties, "bench.master", "local[2]"),
        text(properties, "bench.heap", "6g"),
        output);
  }

  /** The tables to plan: the data-only table, then the same with position deletes (if any). */
  List<TableShape> shapes() {
    return common.shapes();
  }

  int warmupRuns() {
    return common.warmupRuns();
  }

  int measuredRuns() {
    return common.measuredRuns();
  }

  Path workDirectory() {
    return common.workDirectory();
  }

  private static String text(Map<?, ?> properties, String name, String defaultValue) {
    Object value = properties.get(name);
    return value == null ? defaultValue : value.toString().trim();
  }
}
