package dev.floe.aggregate;

import dev.floe.scan.FileScanTask;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * How a pushed aggregate is answered: the partial result of the files answered from metadata
 * (Floe's value forms, one per function; counts are never null), and the files whose rows are
 * counted on executors, from their position delete files or by reading their rows.
 */
public record AggregatePlan(
    Aggregate aggregate,
    List<Object> metadataPartial,
    int filesFromMetadata,
    List<FileScanTask> deleteFileTasks,
    List<FileScanTask> rowTasks) {

  public AggregatePlan {
    Objects.requireNonNull(aggregate, "aggregate");
    // MIN and MAX of files without values are null
    metadataPartial = Collections.unmodifiableList(new java.util.ArrayList<>(metadataPartial));
    deleteFileTasks = List.copyOf(deleteFileTasks);
    rowTasks = List.copyOf(rowTasks);
    if (metadataPartial.size() != aggregate.functions().size()) {
      throw new IllegalArgumentException(
          "One partial value per function: " + metadataPartial + " for " + aggregate.describe());
    }
  }

  /** Whether the metadata answers every file, so its partial result is the final one. */
  public boolean isComplete() {
    return deleteFileTasks.isEmpty() && rowTasks.isEmpty();
  }

  /** {@code aggregateFiles=[fromMetadata=.., fromDeleteFiles=.., read=..]}, for EXPLAIN. */
  public String describeFiles() {
    return "aggregateFiles=[fromMetadata="
        + filesFromMetadata
        + ", fromDeleteFiles="
        + deleteFileTasks.size()
        + ", read="
        + rowTasks.size()
        + "]";
  }
}
