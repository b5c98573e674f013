package dev.floe.it;

import java.util.List;
import java.util.Objects;
import org.apache.iceberg.Table;

/**
 * A test table written with Iceberg's Java API: its scenario name, the format version it was
 * created with, and the table (already committed; planning reads it from its location).
 */
record Scenario(String name, int formatVersion, Table table) {

  Scenario {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(table, "table");
  }

  /** The table's location, as Floe's path tables load it. */
  String location() {
    return table.location();
  }

  List<ScanTarget> targets() {
    return ScanTarget.everyTargetOf(table);
  }

  @Override
  public String toString() {
    return "v" + formatVersion + "/" + name;
  }
}
