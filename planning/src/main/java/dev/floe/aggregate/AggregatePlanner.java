package dev.floe.aggregate;

import dev.floe.scan.ColumnBounds;
import dev.floe.scan.CountMethod;
import dev.floe.scan.FileAggregates;
import dev.floe.scan.FileScanTask;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Decides, for each planned data file, how a {@link Aggregate} is answered: from the manifest alone
 * ({@link FileAggregates}), from the file's position delete files (counts only), or by reading its
 * rows. A sum always reads rows, and so does a file whose manifest entry lacks exact counts or
 * bounds; when a function cannot be computed from rows ({@link
 * Aggregate.Function#computableFromRows}), such a file leaves the aggregate to the engine.
 */
public final class AggregatePlanner {
  private AggregatePlanner() {}

  /**
   * How the aggregate of these files is answered.
   *
   * @param files whole-file tasks whose residuals are those of a filter Floe evaluates exactly
   * @return empty when the aggregate cannot be answered exactly
   */
  public static Optional<AggregatePlan> plan(Aggregate aggregate, List<FileScanTask> files) {
    Object[] partial = new Object[aggregate.functions().size()];
    for (int index = 0; index < partial.length; index++) {
      Aggregate.Kind kind = aggregate.functions().get(index).kind();
      partial[index] =
          kind == Aggregate.Kind.COUNT_STAR || kind == Aggregate.Kind.COUNT
              ? Long.valueOf(0)
              : null;
    }
    List<FileScanTask> deleteFileTasks = new ArrayList<>();
    List<FileScanTask> rowTasks = new ArrayList<>();
    int fromMetadata = 0;
    for (FileScanTask task : files) {
      FileAggregates file = FileAggregates.of(task);
      Object[] answer = metadataAnswer(aggregate, file);
      if (answer != null) {
        combine(aggregate, partial, answer);
        fromMetadata++;
      } else if (aggregate.onlyCounts()
          && file.countMethod() == CountMethod.DELETE_FILES
          && aggregate.countedColumns().isEmpty()) {
        deleteFileTasks.add(task);
      } else if (aggregate.computableFromRows()) {
        rowTasks.add(task);
      } else {
        return Optional.empty();
      }
    }
    return Optional.of(
        new AggregatePlan(
            aggregate, Arrays.asList(partial), fromMetadata, deleteFileTasks, rowTasks));
  }

  /** The file's partial result from its manifest entry, or null when that is not exact. */
  private static Object[] metadataAnswer(Aggregate aggregate, FileAggregates file) {
    if (file.countMethod() != CountMethod.METADATA) {
      return null;
    }
    Object[] answer = new Object[aggregate.functions().size()];
    for (int index = 0; index < answer.length; index++) {
      Aggregate.Function function = aggregate.functions().get(index);
      switch (function.kind()) {
        case COUNT_STAR:
          answer[index] = file.liveRowCount();
          break;
        case COUNT:
          OptionalLong nonNull = file.nonNullCount(function.column());
          if (nonNull.isEmpty()) {
            return null;
          }
          answer[index] = nonNull.getAsLong();
          break;
        case SUM:
          // no manifest holds a sum: the file's rows are read
          return null;
        case MIN:
        case MAX:
          Optional<ColumnBounds> bounds = file.bounds(function.column());
          if (bounds.isEmpty()) {
            return null;
          }
          answer[index] = bounds.get();
          break;
      }
    }
    return answer;
  }

  private static void combine(Aggregate aggregate, Object[] partial, Object[] answer) {
    for (int index = 0; index < partial.length; index++) {
      switch (aggregate.functions().get(index).kind()) {
        case COUNT_STAR:
        case COUNT:
          partial[index] = (Long) partial[index] + (Long) answer[index];
          break;
        case SUM:
          throw new IllegalStateException("A sum is never answered from metadata");
        case MIN:
          ColumnBounds lower = (ColumnBounds) answer[index];
          if (lower.hasValues()
              && (partial[index] == null || compare(lower.lower(), partial[index]) < 0)) {
            partial[index] = lower.lower();
          }
          break;
        case MAX:
          ColumnBounds upper = (ColumnBounds) answer[index];
          if (upper.hasValues()
              && (partial[index] == null || compare(upper.upper(), partial[index]) > 0)) {
            partial[index] = upper.upper();
          }
          break;
      }
    }
  }

  /** Bounds of one column share one Java type, and every type with exact bounds is comparable. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object left, Object right) {
    return ((Comparable) left).compareTo(right);
  }
}
