package dev.floe.it;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One plan, normalized so that two planners can be compared with {@code equals} and a failure
 * prints a readable difference: the snapshot read (null for an empty table), the columns of the
 * schema the scan binds to ({@code id:name}), and the planned data files by location.
 */
record NormalizedPlan(
    Long snapshotId, List<String> schemaColumns, SortedMap<String, PlannedFile> files) {

  NormalizedPlan {
    schemaColumns = List.copyOf(schemaColumns);
    files = Collections.unmodifiableSortedMap(new TreeMap<>(files));
  }

  static NormalizedPlan of(
      Long snapshotId, List<String> schemaColumns, Map<String, PlannedFile> files) {
    return new NormalizedPlan(snapshotId, schemaColumns, new TreeMap<>(files));
  }
}
