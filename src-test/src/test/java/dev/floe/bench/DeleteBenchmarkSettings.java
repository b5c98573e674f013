package dev.floe.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;

/**
 * What the delete benchmark writes and how often it reads it, from {@code bench.deletes.*} system
 * properties over a preset ({@code bench.deletes.size}: {@code full} or {@code smoke}).
 *
 * @param sizes rows, data files, runs, report file and work directory ({@code bench.deletes.rows},
 *     {@code .files}, {@code .warmup}, {@code .runs}, {@code .output}, {@code .dir})
 * @param deletedPercents the deleted fractions, in percent ({@code bench.deletes.percents}, e.g.
 *     {@code 10,50}); each divides 100, since the rows deleted are those with {@code id % (100 /
 *     percent) = 0}
 * @param kinds the kinds of delete, one table per kind and fraction ({@code bench.deletes.kinds},
 *     e.g. {@code dv,position,equality})
 * @param icebergExecutorCache whether Iceberg's reader may cache delete files on executors ({@code
 *     bench.deletes.icebergExecutorCache}; Iceberg's default is to cache)
 */
record DeleteBenchmarkSettings(
    ReadBenchmarkSettings sizes,
    List<Integer> deletedPercents,
    List<DeleteKind> kinds,
    boolean icebergExecutorCache) {
  static final String PREFIX = "bench.deletes";

  DeleteBenchmarkSettings {
    Objects.requireNonNull(sizes, "sizes");
    deletedPercents = List.copyOf(deletedPercents);
    kinds = List.copyOf(kinds);
    for (int percent : deletedPercents) {
      if (percent < 1 || percent > 100 || 100 % percent != 0) {
        throw new IllegalArgumentException(
            "Cannot delete "
                + percent
                + "% of the rows: a deleted percentage divides 100 (rows with id % (100 / percent)"
                + " = 0 are deleted), e.g. 10 or 50");
      }
    }
  }

  static DeleteBenchmarkSettings from(Properties properties) {
    return from(
        properties,
        PREFIX,
        new ReadBenchmarkSettings(2_000_000, 4, 1, 5, null, null),
        new ReadBenchmarkSettings(100_000, 2, 0, 1, null, null));
  }

  /**
   * Settings from the properties named {@code prefix.percents}, {@code .kinds}, {@code
   * .icebergExecutorCache} and those {@link ReadBenchmarkSettings#from(Properties, String,
   * ReadBenchmarkSettings, ReadBenchmarkSettings)} reads, over these presets.
   */
  static DeleteBenchmarkSettings from(
      Properties properties,
      String prefix,
      ReadBenchmarkSettings full,
      ReadBenchmarkSettings smoke) {
    ReadBenchmarkSettings sizes = ReadBenchmarkSettings.from(properties, prefix, full, smoke);
    List<Integer> percents = new ArrayList<>();
    for (String percent : list(properties, prefix + ".percents", "10,50")) {
      try {
        percents.add(Integer.parseInt(percent));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            prefix + ".percents must list whole numbers, not '" + percent + "'", e);
      }
    }
    List<DeleteKind> kinds = new ArrayList<>();
    for (String kind : list(properties, prefix + ".kinds", "dv,position,equality")) {
      kinds.add(DeleteKind.named(kind));
    }
    String cache = properties.getProperty(prefix + ".icebergExecutorCache", "true").trim();
    if (!cache.equals("true") && !cache.equals("false")) {
      throw new IllegalArgumentException(
          prefix + ".icebergExecutorCache must be true or false, not '" + cache + "'");
    }
    return new DeleteBenchmarkSettings(sizes, percents, kinds, Boolean.parseBoolean(cache));
  }

  /** The rows a table keeps after deleting {@code percent} % of {@code rows}. */
  static long liveRows(long rows, int percent) {
    long oneIn = 100 / percent;
    return rows - (rows + oneIn - 1) / oneIn;
  }

  /** The Spark SQL condition on the rows that {@code percent} % deletes. */
  static String deletedCondition(int percent) {
    return "id % " + (100 / percent) + " = 0";
  }

  static boolean isDeleted(long id, int percent) {
    return id % (100 / percent) == 0;
  }

  private static List<String> list(Properties properties, String key, String fallback) {
    String value = properties.getProperty(key);
    String text = value == null || value.isBlank() ? fallback : value;
    List<String> items = new ArrayList<>();
    for (String item : text.split(",")) {
      if (!item.isBlank()) {
        items.add(item.trim());
      }
    }
    if (items.isEmpty()) {
      throw new IllegalArgumentException(key + " lists nothing: '" + value + "'");
    }
    return items;
  }
}
