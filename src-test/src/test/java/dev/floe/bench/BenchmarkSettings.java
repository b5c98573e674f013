package dev.floe.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the benchmark builds and how often it measures, from system properties:
 *
 * <pre>
 * bench.size                 full (default) or smoke: the preset the settings below refine
 * bench.manifests            data manifests of the base table            full 1000, smoke 10
 * bench.filesPerManifest     data files per manifest                     full 100,  smoke 10
 * bench.largeManifests       data manifests of the large table, 0 skips  full 5000, smoke 20
 * bench.partitions           identity partitions                         full 20,   smoke 4
 * bench.deletesPerPartition  position delete files per partition, 0 skips full 50, smoke 3
 * bench.warmup               warm-up rounds per table                    full 2,    smoke 1
 * bench.runs                 measured rounds per table                   full 5,    smoke 3
 * bench.threads              the "N threads" case      default: available processors
 * bench.output               where to write the Markdown report          none when absent
 * bench.dir                  where to build tables; kept afterwards      a temporary directory
 * </pre>
 */
record BenchmarkSettings(
    TableSizes sizes,
    int warmupRuns,
    int measuredRuns,
    int threads,
    Path markdownOutput,
    Path workDirectory) {

  BenchmarkSettings {
    Objects.requireNonNull(sizes, "sizes");
    if (warmupRuns < 0 || measuredRuns < 1 || threads < 1) {
      throw new IllegalArgumentException(
          "Need warm-up >= 0, runs >= 1 and threads >= 1; got "
              + warmupRuns
              + ", "
              + measuredRuns
              + ", "
              + threads);
    }
  }

  /** The sizes of the synthetic tables. */
  record TableSizes(
      int manifests,
      int filesPerManifest,
      int largeManifests,
      int partitions,
      int deleteFilesPerPartition) {}

  private static final TableSizes FULL = new TableSizes(1000, 100, 5000, 20, 50);
  private static final TableSizes SMOKE = new TableSizes(10, 10, 20, 4, 3);

  /** Reads the settings from these properties (normally {@code System.getProperties()}). */
  static BenchmarkSettings from(Map<?, ?> properties) {
    String size = text(properties, "bench.size", "full");
    boolean smoke;
    switch (size) {
      case "full" -> smoke = false;
      case "smoke" -> smoke = true;
      default ->
          throw new IllegalArgumentException(
              "bench.size must be 'full' or 'smoke', not '" + size + "'");
    }
    TableSizes preset = smoke ? SMOKE : FULL;
    TableSizes sizes =
        new TableSizes(
            number(properties, "bench.manifests", preset.manifests()),
            number(properties, "bench.filesPerManifest", preset.filesPerManifest()),
            number(properties, "bench.largeManifests", preset.largeManifests()),
            number(properties, "bench.partitions", preset.partitions()),
            number(properties, "bench.deletesPerPartition", preset.deleteFilesPerPartition()));
    String output = text(properties, "bench.output", "");
    String directory = text(properties, "bench.dir", "");
    return new BenchmarkSettings(
        sizes,
        number(properties, "bench.warmup", smoke ? 1 : 2),
        number(properties, "bench.runs", smoke ? 3 : 5),
        number(properties, "bench.threads", Runtime.getRuntime().availableProcessors()),
        output.isEmpty() ? null : Path.of(output),
        directory.isEmpty() ? null : Path.of(directory));
  }

  /** The tables to plan: the base table, the base table with deletes, and the large table. */
  List<TableShape> shapes() {
    List<TableShape> shapes = new ArrayList<>();
    TableShape base =
        TableShape.dataOnly(sizes.manifests(), sizes.filesPerManifest(), sizes.partitions());
    shapes.add(base);
    if (sizes.deleteFilesPerPartition() > 0) {
      shapes.add(base.withDeleteFilesPerPartition(sizes.deleteFilesPerPartition()));
    }
    if (sizes.largeManifests() > 0) {
      shapes.add(
          TableShape.dataOnly(
              sizes.largeManifests(), sizes.filesPerManifest(), sizes.partitions()));
    }
    return shapes;
  }

  private static String text(Map<?, ?> properties, String name, String defaultValue) {
    Object value = properties.get(name);
    return value == null ? defaultValue : value.toString().trim();
  }

  private static int number(Map<?, ?> properties, String name, int defaultValue) {
    String value = text(properties, name, "");
    if (value.isEmpty()) {
      return defaultValue;
    }
    try {
      int parsed = Integer.parseInt(value);
      if (parsed >= 0) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below with the property's name
    }
    throw new IllegalArgumentException(name + " must be a whole number >= 0, not '" + value + "'");
  }
}
