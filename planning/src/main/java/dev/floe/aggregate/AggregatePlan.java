package dev.floe.aggregate;

import dev.floe.scan.FileScanTask;
import dev.floe.table.NestedField;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * How a pushed aggregate is answered: the partial result from metadata (Floe's value forms, one per
 * function; counts are never null), and the files aggregated on executors, from their position
 * delete files or by reading their rows. Of those files, the manifest entries may still answer some
 * functions: {@code functionsOnExecutors} lists, by position, those executors compute; the others
 * are in the metadata partial for every file. Of those executors compute, {@code countsOfEveryRow}
 * lists the {@code COUNT(col)} they compute by counting rows, because every file they read has a
 * value of {@code col} in every row: they need not read {@code col} for it.
 */
public record AggregatePlan(
    Aggregate aggregate,
    List<Object> metadataPartial,
    int filesFromMetadata,
    List<FileScanTask> deleteFileTasks,
    List<FileScanTask> rowTasks,
    List<Integer> functionsOnExecutors,
    List<Integer> countsOfEveryRow) {

  public AggregatePlan {
    Objects.requireNonNull(aggregate, "aggregate");
    // MIN and MAX of files without values are null
    metadataPartial = Collections.unmodifiableList(new ArrayList<>(metadataPartial));
    deleteFileTasks = List.copyOf(deleteFileTasks);
    rowTasks = List.copyOf(rowTasks);
    functionsOnExecutors = List.copyOf(functionsOnExecutors);
    countsOfEveryRow = List.copyOf(countsOfEveryRow);
    for (int function : countsOfEveryRow) {
      if (!functionsOnExecutors.contains(function)
          || aggregate.functions().get(function).kind() != Aggregate.Kind.COUNT) {
        throw new IllegalArgumentException(
            "Function " + function + " of " + aggregate.describe() + " is no count on executors");
      }
    }
    for (int function : functionsOnExecutors) {
      if (function < 0 || function >= aggregate.functions().size()) {
        throw new IllegalArgumentException(
            "No function " + function + " in " + aggregate.describe() + " to compute from rows");
      }
    }
    if (metadataPartial.size() != aggregate.functions().size()) {
      throw new IllegalArgumentException(
          "One partial value per function: " + metadataPartial + " for " + aggregate.describe());
    }
  }

  /**
   * The aggregate's columns executors read: those of the functions they compute, but for the counts
   * they compute by counting rows.
   */
  public List<NestedField> columnsReadOnExecutors() {
    List<NestedField> columns = new ArrayList<>();
    for (int function : functionsOnExecutors) {
      if (countsOfEveryRow.contains(function)) {
        continue;
      }
      NestedField column = aggregate.functions().get(function).column();
      if (column != null && !columns.contains(column)) {
        columns.add(column);
      }
    }
    return columns;
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
