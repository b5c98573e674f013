package dev.floe.it;

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
    files = new TreeMap<>(files);
  }

  static NormalizedPlan of(
      Long snapshotId, List<String> schemaColumns, Map<String, PlannedFile> files) {
    return new NormalizedPlan(snapshotId, schemaColumns, new TreeMap<>(files));
  }

  PlannedFile file(String location) {
    return files.get(location);
  }

  /** The planned file whose location ends with {@code suffix}; fails when none or several do. */
  PlannedFile fileEndingWith(String suffix) {
    List<Map.Entry<String, PlannedFile>> matches =
        files.entrySet().stream().filter(entry -> entry.getKey().endsWith(suffix)).toList();
    if (matches.size() != 1) {
      throw new AssertionError(
          "Expected one planned file ending with "
              + suffix
              + " but found "
              + matches.size()
              + " in "
              + files.keySet());
    }
    return matches.get(0).getValue();
  }

  boolean plansFileEndingWith(String suffix) {
    return files.keySet().stream().anyMatch(location -> location.endsWith(suffix));
  }
}
