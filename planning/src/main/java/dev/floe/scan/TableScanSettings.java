package dev.floe.scan;

import dev.floe.expr.Expression;
import dev.floe.table.LoadedTable;
import java.util.List;

/** The mutable carrier from which each new immutable {@link TableScan} is built. */
final class TableScanSettings {
  LoadedTable table;
  SnapshotSelection selection;
  SnapshotRange appends;
  List<String> selectedColumns;
  boolean caseSensitive;
  Long splitSize;
  Long openFileCost;
  Integer lookback;
  Boolean adaptiveSplitSize;
  ManifestReading reading;
  Expression filter;
  int skipListLimit;
  boolean everyColumnStats;
  List<String> statsColumns;
}
