package dev.floe.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A table (or family of tables) of the issue-8 read suite that a run may pick with {@code
 * bench.lineitem.tables}: each brings its cases, and a table not picked is neither written nor
 * read.
 */
enum SuiteTable {
  /** TPC-H's lineitem ({@link LineitemTable}). */
  LINEITEM("lineitem"),
  /** Structs, arrays and maps ({@link NestedTable}). */
  NESTED("nested"),
  /** 200 columns of six types ({@link WideTable}). */
  WIDE("wide"),
  /** Short, medium and long strings ({@link StringsTable}). */
  STRINGS("strings"),
  /** Many files of few rows ({@link SmallFilesTable}). */
  SMALL_FILES("smallfiles"),
  /** The merge-on-read copies of lineitem, with each kind of delete and deleted fraction. */
  DELETES("deletes");

  private final String settingName;

  SuiteTable(String settingName) {
    this.settingName = settingName;
  }

  String settingName() {
    return settingName;
  }

  /**
   * The tables a comma-separated list names, in the suite's order, each once.
   *
   * @param key the property the list comes from, for the message
   */
  static List<SuiteTable> parse(String key, String list) {
    List<SuiteTable> named = new ArrayList<>();
    for (String item : list.split(",")) {
      if (!item.isBlank()) {
        named.add(named(key, item.trim()));
      }
    }
    if (named.isEmpty()) {
      throw new IllegalArgumentException(key + " names no table: '" + list + "'");
    }
    return Arrays.stream(values()).filter(named::contains).toList();
  }

  private static SuiteTable named(String key, String name) {
    for (SuiteTable table : values()) {
      if (table.settingName.equals(name)) {
        return table;
      }
    }
    throw new IllegalArgumentException(
        "Unknown table '"
            + name
            + "' in "
            + key
            + ": use "
            + Arrays.stream(values())
                .map(SuiteTable::settingName)
                .collect(Collectors.joining(", ")));
  }
}
