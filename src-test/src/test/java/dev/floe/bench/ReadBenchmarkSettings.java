package dev.floe.bench;

import java.nio.file.Path;
import java.util.Properties;

/**
 * How large the read benchmark's table is and how often each case runs, from {@code bench.read.*}
 * system properties over a preset ({@code bench.read.size}: {@code full} or {@code smoke}).
 *
 * @param rows rows of the benchmark table
 * @param files data files they are written to
 * @param warmupRuns unmeasured runs per case and reader
 * @param measuredRuns measured runs per case and reader (the median is reported)
 * @param markdownOutput where the Markdown report goes, or null for none
 * @param workDirectory where the table is written and kept for a later run, or null for a temporary
 *     directory deleted at the end
 */
record ReadBenchmarkSettings(
    long rows,
    int files,
    int warmupRuns,
    int measuredRuns,
    Path markdownOutput,
    Path workDirectory) {
  ReadBenchmarkSettings {
    if (rows < 1 || files < 1 || warmupRuns < 0 || measuredRuns < 1) {
      throw new IllegalArgumentException(
          String.format(
              "Read benchmark settings out of range: rows %d (>= 1), files %d (>= 1), warm-up runs"
                  + " %d (>= 0), measured runs %d (>= 1)",
              rows, files, warmupRuns, measuredRuns));
    }
  }

  static ReadBenchmarkSettings from(Properties properties) {
    String size = properties.getProperty("bench.read.size", "full");
    ReadBenchmarkSettings preset =
        switch (size) {
          case "full" -> new ReadBenchmarkSettings(4_000_000, 4, 1, 5, null, null);
          case "smoke" -> new ReadBenchmarkSettings(100_000, 2, 0, 1, null, null);
          default ->
              throw new IllegalArgumentException(
                  "Unknown bench.read.size '" + size + "': use full or smoke");
        };
    return new ReadBenchmarkSettings(
        longProperty(properties, "bench.read.rows", preset.rows()),
        (int) longProperty(properties, "bench.read.files", preset.files()),
        (int) longProperty(properties, "bench.read.warmup", preset.warmupRuns()),
        (int) longProperty(properties, "bench.read.runs", preset.measuredRuns()),
        pathProperty(properties, "bench.read.output"),
        pathProperty(properties, "bench.read.dir"));
  }

  private static long longProperty(Properties properties, String key, long fallback) {
    String value = properties.getProperty(key);
    if (value == null || value.isBlank()) {
      return fallback;
    }
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a whole number, not '" + value + "'", e);
    }
  }

  private static Path pathProperty(Properties properties, String key) {
    String value = properties.getProperty(key);
    return value == null || value.isBlank() ? null : Path.of(value);
  }
}
