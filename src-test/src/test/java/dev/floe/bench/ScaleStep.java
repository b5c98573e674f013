package dev.floe.bench;

import java.util.Map;
import java.util.Objects;

/**
 * One measured action of a driver JVM on one table: Spark's partition count of a full scan, or the
 * count of rows under a filter that prunes every file.
 *
 * @param label the row of the report this step fills, e.g. {@code 1M files: partitions}
 * @param location the table's directory, loaded by path
 * @param filter the Spark SQL filter of a {@link Kind#COUNT}; empty for {@link Kind#PARTITIONS}
 * @param splitSizeBytes the {@code split-size} read option, or 0 for the reader's default
 */
record ScaleStep(String label, String location, Kind kind, String filter, long splitSizeBytes) {
  static final String SPLIT_SIZE_OPTION = "split-size";

  ScaleStep {
    Objects.requireNonNull(kind, "kind");
    if (label == null || label.isBlank() || location == null || location.isBlank()) {
      throw new IllegalArgumentException("A step needs a label and a table location");
    }
    if (kind == Kind.COUNT == (filter == null || filter.isBlank())) {
      throw new IllegalArgumentException(
          "A count step needs a filter and a partitions step none: " + kind + " '" + filter + "'");
    }
    if (splitSizeBytes < 0) {
      throw new IllegalArgumentException("Split size must not be negative: " + splitSizeBytes);
    }
  }

  enum Kind {
    /** {@code load(t).rdd().getNumPartitions()}: planning only, the answer is the count. */
    PARTITIONS,
    /** {@code load(t).filter(f).count()}: the filter must prune every file, none exists. */
    COUNT
  }

  static ScaleStep partitions(String label, String location, long splitSizeBytes) {
    return new ScaleStep(label, location, Kind.PARTITIONS, "", splitSizeBytes);
  }

  static ScaleStep count(String label, String location, String filter) {
    return new ScaleStep(label, location, Kind.COUNT, filter, 0);
  }

  /** The read options this step passes to the reader. */
  Map<String, String> options() {
    return splitSizeBytes == 0
        ? Map.of()
        : Map.of(SPLIT_SIZE_OPTION, Long.toString(splitSizeBytes));
  }
}
