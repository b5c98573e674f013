package dev.floe.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The figures of one run, as a plain-text table for the console and as Markdown for the docs. Times
 * are milliseconds per plan and allocation is in MB (10^6 bytes) per plan: the median of the
 * measured runs, with the least and greatest in brackets.
 */
final class BenchmarkReport {
  private static final List<String> HEADER =
      List.of(
          "case",
          "Floe ms",
          "Iceberg ms",
          "Floe/Iceberg time",
          "Floe MB",
          "Iceberg MB",
          "Floe/Iceberg alloc");

  private final List<String> environment;
  private final List<BuiltTable> tables;
  private final List<Comparison> comparisons;

  BenchmarkReport(List<String> environment, List<BuiltTable> tables, List<Comparison> comparisons) {
    this.environment = List.copyOf(environment);
    this.tables = List.copyOf(tables);
    this.comparisons = List.copyOf(comparisons);
  }

  /**
   * A synthetic table as built for this run, and how long Iceberg took to write it; -1 for a table
   * reused from an earlier run.
   */
  record BuiltTable(TableShape shape, long buildMillis) {
    static final long REUSED = -1;

    BuiltTable {
      Objects.requireNonNull(shape, "shape");
      if (buildMillis < 0 && buildMillis != REUSED) {
        throw new IllegalArgumentException("A build cannot take " + buildMillis + " ms");
      }
    }

    boolean isReused() {
      return buildMillis == REUSED;
    }
  }

  String text() {
    StringBuilder out = new StringBuilder();
    out.append("Planning benchmark: Floe vs iceberg-core\n");
    environment.forEach(line -> out.append("  ").append(line).append('\n'));
    for (BuiltTable table : tables) {
      out.append("  table '").append(table.shape().name()).append("': ").append(describe(table));
      out.append('\n');
    }
    out.append('\n');
    List<List<String>> rows = rows();
    int[] widths = new int[HEADER.size()];
    for (List<String> row : rows) {
      for (int column = 0; column < row.size(); column++) {
        widths[column] = Math.max(widths[column], row.get(column).length());
      }
    }
    for (List<String> row : rows) {
      for (int column = 0; column < row.size(); column++) {
        String cell = row.get(column);
        // the case reads best left-aligned, figures right-aligned
        String padded =
            column == 0
                ? String.format("%-" + widths[column] + "s", cell)
                : String.format("%" + widths[column] + "s", cell);
        out.append(column == 0 ? "" : "  ").append(padded);
      }
      out.append('\n');
    }
    return out.toString();
  }

  String markdown() {
    StringBuilder out = new StringBuilder();
    out.append("## Planning: Floe vs iceberg-core\n\n");
    environment.forEach(line -> out.append("- ").append(line).append('\n'));
    out.append("\n| table | data manifests | data files | delete files | built in |\n");
    out.append("|---|---:|---:|---:|---:|\n");
    for (BuiltTable table : tables) {
      TableShape shape = table.shape();
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %d | %d | %d | %s |%n",
              shape.name(),
              shape.dataManifests(),
              shape.dataFiles(),
              shape.deleteFiles(),
              table.isReused() ? "reused" : seconds(table.buildMillis())));
    }
    out.append('\n');
    List<List<String>> rows = rows();
    for (int index = 0; index < rows.size(); index++) {
      out.append("| ").append(String.join(" | ", rows.get(index))).append(" |\n");
      if (index == 0) {
        out.append("|---|---:|---:|---:|---:|---:|---:|\n");
      }
    }
    out.append(
        "\nTimes are ms per plan, allocation MB (10^6 bytes) per plan: median [min, max] of the"
            + " measured runs. A ratio below 1 means Floe needs less than Iceberg.\n");
    return out.toString();
  }

  private List<List<String>> rows() {
    List<List<String>> rows = new ArrayList<>();
    rows.add(HEADER);
    for (Comparison comparison : comparisons) {
      rows.add(
          List.of(
              comparison.table() + ", " + comparison.planningCase(),
              figure(comparison.floeNanos(), 1e6),
              figure(comparison.icebergNanos(), 1e6),
              ratio(comparison.timeRatio()),
              figure(comparison.floeBytes(), 1e6),
              figure(comparison.icebergBytes(), 1e6),
              ratio(comparison.allocationRatio())));
    }
    return rows;
  }

  private static String describe(BuiltTable table) {
    TableShape shape = table.shape();
    return String.format(
        Locale.ROOT,
        "%d data manifests, %d data files, %d delete files, %s",
        shape.dataManifests(),
        shape.dataFiles(),
        shape.deleteFiles(),
        table.isReused()
            ? "reused from an earlier run"
            : "built in " + seconds(table.buildMillis()));
  }

  private static String seconds(long millis) {
    return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
  }

  private static String figure(Distribution distribution, double unit) {
    return String.format(
        Locale.ROOT,
        "%.1f [%.1f, %.1f]",
        distribution.median() / unit,
        distribution.min() / unit,
        distribution.max() / unit);
  }

  private static String ratio(double value) {
    return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.2f", value);
  }
}
