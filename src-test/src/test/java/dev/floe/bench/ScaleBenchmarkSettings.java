package dev.floe.bench;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Properties;

/**
 * What {@link ScaleBenchmark} builds and how it runs its driver JVMs, from {@code bench.scale.*}
 * system properties over the preset {@code bench.scale.size} names ({@code full} or {@code smoke}):
 *
 * <pre>
 * bench.scale.largeManifests    manifests of the large table               full 10000, smoke 4
 * bench.scale.mediumManifests   manifests of the medium table              full 1000,  smoke 2
 * bench.scale.filesPerManifest  data files per manifest (both tables)      full 100,   smoke 10
 * bench.scale.partitions        identity partitions of both tables         full 20,    smoke 2
 * bench.scale.fileMb            declared size of their data files, MiB     8
 * bench.scale.smallFiles        data files of the small table              86
 * bench.scale.smallFileKb       declared size of the small table's files   1100 (1.1 MB)
 * bench.scale.splitSizeMb       the larger split-size read option, MiB     512
 * bench.scale.driverHeap        -Xmx of every measured driver JVM          2g
 * bench.scale.largerHeap        -Xmx of the rerun of a 1M-file partition count that ran out of
 *                               heap, for its heap histogram               6g
 * bench.scale.timeoutMinutes    a driver JVM still running then is ended   full 30, smoke 5
 * bench.scale.histogramLines    classes kept from the heap histogram       25
 * bench.scale.buildOnly         build (or check) the tables and stop       false
 * bench.scale.output            the Markdown report                        none when absent
 * bench.scale.dir               build the tables here and keep them        a temporary directory
 * </pre>
 */
record ScaleBenchmarkSettings(
    ScaleTables tables,
    Drivers drivers,
    long largeSplitSizeBytes,
    boolean buildOnly,
    Path markdownOutput,
    Path workDirectory) {

  private static final long MEBIBYTE = 1L << 20;

  ScaleBenchmarkSettings {
    Objects.requireNonNull(tables, "tables");
    Objects.requireNonNull(drivers, "drivers");
    if (largeSplitSizeBytes < 1) {
      throw new IllegalArgumentException("The split size must be positive: " + largeSplitSizeBytes);
    }
  }

  /**
   * How the measured driver JVMs run.
   *
   * @param heap the {@code -Xmx} of every measured driver, e.g. {@code 2g}
   * @param largerHeap the {@code -Xmx} of the rerun of a large partition count that ran out of
   *     heap, so that its heap histogram can still show where the heap goes
   * @param timeoutMinutes a driver still running then is ended and its open steps reported failed
   * @param histogramLines classes kept from a heap histogram
   */
  record Drivers(String heap, String largerHeap, int timeoutMinutes, int histogramLines) {
    Drivers {
      requireHeap("bench.scale.driverHeap", heap);
      requireHeap("bench.scale.largerHeap", largerHeap);
      if (timeoutMinutes < 1 || histogramLines < 1) {
        throw new IllegalArgumentException(
            String.format(
                "Driver settings out of range: timeout %d min (>= 1), histogram lines %d (>= 1)",
                timeoutMinutes, histogramLines));
      }
    }

    private static void requireHeap(String property, String heap) {
      if (heap == null || !heap.matches("[0-9]+[kmgKMG]?")) {
        throw new IllegalArgumentException(
            property + " must be a -Xmx size such as 2g, not '" + heap + "'");
      }
    }
  }

  /**
   * The three synthetic tables: large and medium ({@code manifests x filesPerManifest} files of
   * {@code fileBytes} each), and the small one (one manifest of {@code smallFiles} files).
   */
  record ScaleTables(
      int largeManifests,
      int mediumManifests,
      int filesPerManifest,
      int partitions,
      long fileBytes,
      int smallFiles,
      long smallFileBytes) {
    ScaleTables {
      if (largeManifests < 1
          || mediumManifests < 1
          || filesPerManifest < 1
          || partitions < 1
          || smallFiles < 1
          || fileBytes < 1024
          || smallFileBytes < 1024) {
        throw new IllegalArgumentException(
            "Every table needs at least one manifest, file and partition, and files of at least 1"
                + " KiB: "
                + this);
      }
    }

    TableShape large() {
      return TableShape.dataOnly(largeManifests, filesPerManifest, partitions);
    }

    TableShape medium() {
      return TableShape.dataOnly(mediumManifests, filesPerManifest, partitions);
    }

    TableShape small() {
      return TableShape.dataOnly(1, smallFiles, 1);
    }
  }

  static ScaleBenchmarkSettings from(Properties properties) {
    String size = properties.getProperty("bench.scale.size", "full").trim();
    boolean smoke =
        switch (size) {
          case "full" -> false;
          case "smoke" -> true;
          default ->
              throw new IllegalArgumentException(
                  "Unknown bench.scale.size '" + size + "': use full or smoke");
        };
    ScaleTables tables =
        new ScaleTables(
            number(properties, "bench.scale.largeManifests", smoke ? 4 : 10_000),
            number(properties, "bench.scale.mediumManifests", smoke ? 2 : 1_000),
            number(properties, "bench.scale.filesPerManifest", smoke ? 10 : 100),
            number(properties, "bench.scale.partitions", smoke ? 2 : 20),
            number(properties, "bench.scale.fileMb", 8) * MEBIBYTE,
            number(properties, "bench.scale.smallFiles", 86),
            number(properties, "bench.scale.smallFileKb", 1_100) * 1_000L);
    String buildOnly = properties.getProperty("bench.scale.buildOnly", "false").trim();
    if (!buildOnly.equals("true") && !buildOnly.equals("false")) {
      throw new IllegalArgumentException(
          "bench.scale.buildOnly must be true or false, not '" + buildOnly + "'");
    }
    return new ScaleBenchmarkSettings(
        tables,
        new Drivers(
            properties.getProperty("bench.scale.driverHeap", "2g").trim(),
            properties.getProperty("bench.scale.largerHeap", "6g").trim(),
            number(properties, "bench.scale.timeoutMinutes", smoke ? 5 : 30),
            number(properties, "bench.scale.histogramLines", 25)),
        number(properties, "bench.scale.splitSizeMb", 512) * MEBIBYTE,
        Boolean.parseBoolean(buildOnly),
        path(properties, "bench.scale.output"),
        path(properties, "bench.scale.dir"));
  }

  private static int number(Properties properties, String key, int fallback) {
    String value = properties.getProperty(key);
    if (value == null || value.isBlank()) {
      return fallback;
    }
    try {
      int parsed = Integer.parseInt(value.trim());
      if (parsed >= 0) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below with the property's name
    }
    throw new IllegalArgumentException(key + " must be a whole number >= 0, not '" + value + "'");
  }

  private static Path path(Properties properties, String key) {
    String value = properties.getProperty(key);
    return value == null || value.isBlank() ? null : Path.of(value.trim());
  }
}
