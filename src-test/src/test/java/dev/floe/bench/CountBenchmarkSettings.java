package dev.floe.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;

/**
 * What the COUNT(*) benchmark writes and how often it counts, from {@code bench.count.*} system
 * properties over a preset ({@code bench.count.size}: {@code full} or {@code smoke}).
 *
 * @param sizes rows, data files, runs, report file and work directory ({@code bench.count.rows},
 *     {@code .files}, {@code .warmup}, {@code .runs}, {@code .output}, {@code .dir}); the counts
 *     run in rounds over every table and reader, so warm-up and measured runs are rounds
 * @param kinds the kinds of delete, one table each besides the base table ({@code
 *     bench.count.kinds}, e.g. {@code dv,position,equality})
 * @param deletedPercent the share of rows deleted in each table with deletes ({@code
 *     bench.count.percent}); it divides 100, as in the delete benchmark whose tables these are
 * @param rowByRow whether Floe also counts with its aggregate pushdown off ({@code
 *     bench.count.rowByRow}), so the report shows what the pushdown saves; a Floe without the read
 *     option {@code aggregate-push-down-enabled} rejects it
 */
record CountBenchmarkSettings(
    ReadBenchmarkSettings sizes, List<DeleteKind> kinds, int deletedPercent, boolean rowByRow) {
  static final String PREFIX = "bench.count";

  CountBenchmarkSettings {
    Objects.requireNonNull(sizes, "sizes");
    kinds = List.copyOf(kinds);
    if (deletedPercent < 1 || deletedPercent > 100 || 100 % deletedPercent != 0) {
      throw new IllegalArgumentException(
          "Cannot delete "
              + deletedPercent
              + "% of the rows: "
              + PREFIX
              + ".percent divides 100 (rows with id % (100 / percent) = 0 are deleted), e.g. 10");
    }
  }

  static CountBenchmarkSettings from(Properties properties) {
    ReadBenchmarkSettings sizes =
        ReadBenchmarkSettings.from(
            properties,
            PREFIX,
            new ReadBenchmarkSettings(4_000_000, 8, 3, 7, null, null),
            new ReadBenchmarkSettings(100_000, 2, 0, 1, null, null));
    List<DeleteKind> kinds = new ArrayList<>();
    String kindList = text(properties, PREFIX + ".kinds", "dv,position,equality");
    for (String kind : kindList.split(",")) {
      if (!kind.isBlank()) {
        kinds.add(DeleteKind.named(kind));
      }
    }
    String percent = text(properties, PREFIX + ".percent", "10");
    int deletedPercent;
    try {
      deletedPercent = Integer.parseInt(percent);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          PREFIX + ".percent must be a whole number, not '" + percent + "'", e);
    }
    String rowByRow = text(properties, PREFIX + ".rowByRow", "true");
    if (!rowByRow.equals("true") && !rowByRow.equals("false")) {
      throw new IllegalArgumentException(
          PREFIX + ".rowByRow must be true or false, not '" + rowByRow + "'");
    }
    return new CountBenchmarkSettings(sizes, kinds, deletedPercent, Boolean.parseBoolean(rowByRow));
  }

  private static String text(Properties properties, String key, String fallback) {
    String value = properties.getProperty(key);
    return value == null || value.isBlank() ? fallback : value.trim();
  }
}
