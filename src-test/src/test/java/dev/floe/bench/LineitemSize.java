package dev.floe.bench;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The issue-8 read suite's presets ({@code bench.lineitem.size}); every {@code bench.lineitem.*}
 * property refines the one chosen.
 */
enum LineitemSize {
  /** Issue 8's size: 6,000,000 lineitem rows, every table, 1 warm-up and 5 measured rounds. */
  FULL("full"),
  /** A check of the harness, not of speed: tiny tables, one round. */
  SMOKE("smoke"),
  /**
   * Ten times issue 8's lineitem (60,000,000 rows) and its delete tables at 10 % deleted only, the
   * other tables left out: set beside a {@link #FULL} run of the same tables, it shows how each
   * reader scales with the data.
   */
  SCALE_60("scale60");

  private final String settingName;

  LineitemSize(String settingName) {
    this.settingName = settingName;
  }

  static LineitemSize named(String key, String name) {
    for (LineitemSize size : values()) {
      if (size.settingName.equals(name)) {
        return size;
      }
    }
    throw new IllegalArgumentException(
        "Unknown "
            + key
            + " '"
            + name
            + "': use "
            + Arrays.stream(values())
                .map(size -> size.settingName)
                .collect(Collectors.joining(", ")));
  }

  /** Lineitem's rows, the nested, wide and strings tables' data files, and the rounds. */
  ReadBenchmarkSettings sizes() {
    return switch (this) {
      case FULL -> new ReadBenchmarkSettings(6_000_000, 4, 1, 5, null, null);
      case SMOKE -> new ReadBenchmarkSettings(20_000, 2, 0, 1, null, null);
      case SCALE_60 -> new ReadBenchmarkSettings(60_000_000, 4, 1, 5, null, null);
    };
  }

  /** The deleted fractions of the delete tables, as {@code bench.lineitem.percents} lists them. */
  String deletedPercents() {
    return switch (this) {
      case FULL, SMOKE -> "10,50";
      case SCALE_60 -> "10";
    };
  }

  long nestedRows() {
    return switch (this) {
      case FULL, SCALE_60 -> 2_000_000;
      case SMOKE -> 10_000;
    };
  }

  /** The tables written and read, and the sizes of those that do not follow lineitem's rows. */
  SuiteTableSettings tables() {
    return switch (this) {
      case FULL ->
          new SuiteTableSettings(List.of(SuiteTable.values()), 1_000_000, 2_000_000, 10_000, 1_000);
      case SMOKE -> new SuiteTableSettings(List.of(SuiteTable.values()), 10_000, 10_000, 50, 200);
      case SCALE_60 ->
          new SuiteTableSettings(
              List.of(SuiteTable.LINEITEM, SuiteTable.DELETES),
              1_000_000,
              2_000_000,
              10_000,
              1_000);
    };
  }
}
