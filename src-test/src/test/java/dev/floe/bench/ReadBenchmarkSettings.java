package dev.floe.bench;

import java.nio.file.Path;
import java.util.Properties;

/**
 * How large a read benchmark's table is and how often each case runs, from system properties over a
 * preset: {@code bench.read.*} for {@link ReadBenchmark} ({@code bench.read.size}: {@code full} or
 * {@code smoke}), {@code bench.deletes.*} for {@link DeleteReadBenchmark}.
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
    return from(
        properties,
        "bench.read",
        new ReadBenchmarkSettings(4_000_000, 4, 1, 5, null, null),
        new ReadBenchmarkSettings(100_000, 2, 0, 1, null, null));
  }

  /**
   * Settings from the properties named {@code prefix.rows}, {@code .files}, {@code .warmup}, {@code
   * .runs}, {@code .output} and {@code .dir}, over the preset that {@code prefix.size} names.
   */
  static ReadBenchmarkSettings from(
      Properties properties,
      String prefix,
      ReadBenchmarkSettings full,
      ReadBenchmarkSettings smoke) {
    String size = properties.getProperty(prefix + ".size", "full");
    ReadBenchmarkSettings preset =
        switch (size) {
          case "full" -> full;
          case "smoke" -> smoke;
          default ->
              throw new IllegalArgumentException(
                  "Unknown " + prefix + ".size '" + size + "': use full or smoke");
        };
    return new ReadBenchmarkSettings(
        longProperty(properties, prefix + ".rows", preset.rows()),
        (int) longProperty(properties, prefix + ".files", preset.files()),
        (int) longProperty(properties, prefix + ".warmup", preset.warmupRuns()),
        (int) longProperty(properties, prefix + ".runs", preset.measuredRuns()),
        pathProperty(properties, prefix + ".output"),
        pathProperty(properties, prefix + ".dir"));
  }

  /** A whole-number property, or {@code fallback} when unset or blank. */
  static long longProperty(Properties properties, String key, long fallback) {
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
