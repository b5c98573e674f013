package dev.floe.bench;

import java.util.List;
import java.util.Properties;

/**
 * Which of the issue-8 read suite's tables a run writes and reads, and the sizes of the tables
 * added in issue 26, from {@code bench.lineitem.*} system properties over a preset's.
 *
 * @param tables the tables picked ({@code bench.lineitem.tables}, e.g. {@code lineitem,wide}), in
 *     the suite's order
 * @param wideRows rows of the 200-column table ({@code bench.lineitem.wideRows})
 * @param stringRows rows of the string-heavy table ({@code bench.lineitem.stringRows})
 * @param smallFiles data files of the small-files table ({@code bench.lineitem.smallFiles})
 * @param smallFileRows rows in each of them ({@code bench.lineitem.smallFileRows})
 */
record SuiteTableSettings(
    List<SuiteTable> tables, long wideRows, long stringRows, int smallFiles, int smallFileRows) {
  SuiteTableSettings {
    tables = List.copyOf(tables);
    if (tables.isEmpty() || wideRows < 1 || stringRows < 1 || smallFiles < 1 || smallFileRows < 1) {
      throw new IllegalArgumentException(
          String.format(
              "Lineitem benchmark table settings out of range: tables %s (at least one),"
                  + " wideRows %d (>= 1), stringRows %d (>= 1), smallFiles %d (>= 1),"
                  + " smallFileRows %d (>= 1)",
              tables, wideRows, stringRows, smallFiles, smallFileRows));
    }
  }

  /**
   * These settings refined by the properties {@code prefix.tables}, {@code .wideRows} and so on.
   */
  SuiteTableSettings refinedBy(Properties properties, String prefix) {
    String picked = properties.getProperty(prefix + ".tables");
    return new SuiteTableSettings(
        picked == null || picked.isBlank() ? tables : SuiteTable.parse(prefix + ".tables", picked),
        ReadBenchmarkSettings.longProperty(properties, prefix + ".wideRows", wideRows),
        ReadBenchmarkSettings.longProperty(properties, prefix + ".stringRows", stringRows),
        intProperty(properties, prefix + ".smallFiles", smallFiles),
        intProperty(properties, prefix + ".smallFileRows", smallFileRows));
  }

  boolean includes(SuiteTable table) {
    return tables.contains(table);
  }

  private static int intProperty(Properties properties, String key, int fallback) {
    long value = ReadBenchmarkSettings.longProperty(properties, key, fallback);
    if (value > Integer.MAX_VALUE || value < Integer.MIN_VALUE) {
      throw new IllegalArgumentException(key + " is too large: " + value);
    }
    return (int) value;
  }
}
