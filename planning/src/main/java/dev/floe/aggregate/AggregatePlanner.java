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
 * bounds. Of the files left to executors, the functions every one's manifest entry answers still
 * come from there; executors compute the others, which they must be able to ({@link
 * Aggregate.Function#computableFromRows}), or the aggregate is left to the engine. A {@code
 * COUNT(col)} of files whose every row holds a value of {@code col} is a count of their rows.
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
    int functions = aggregate.functions().size();
    Object[] partial = new Object[functions];
    for (int index = 0; index < functions; index++) {
      Aggregate.Kind kind = aggregate.functions().get(index).kind();
      partial[index] =
          kind == Aggregate.Kind.COUNT_STAR || kind == Aggregate.Kind.COUNT
              ? Long.valueOf(0)
              : null;
    }
    List<FileScanTask> deleteFileTasks = new ArrayList<>();
    List<FileScanTask> rowTasks = new ArrayList<>();
    List<FileAggregates> executorFiles = new ArrayList<>();
    int fromMetadata = 0;
    for (FileScanTask task : files) {
      FileAggregates file = FileAggregates.of(task);
      Object[] answers = metadataAnswers(aggregate, file);
      if (!Arrays.asList(answers).contains(null)) {
        for (int index = 0; index < functions; index++) {
          combine(aggregate.functions().get(index).kind(), partial, index, answers[index]);
        }
        fromMetadata++;
      } else if (aggregate.onlyCounts()
          && file.countMethod() == CountMethod.DELETE_FILES
          && aggregate.countedColumns().isEmpty()) {
        deleteFileTasks.add(task);
        executorFiles.add(file);
      } else {
        rowTasks.add(task);
        executorFiles.add(file);
      }
    }
    List<Integer> onExecutors = new ArrayList<>();
    List<Integer> countsOfEveryRow = new ArrayList<>();
    for (int index = 0; index < functions; index++) {
      if (!answerFromMetadata(aggregate, index, executorFiles, partial)) {
        Aggregate.Function function = aggregate.functions().get(index);
        if (!function.computableFromRows()) {
          return Optional.empty();
        }
        onExecutors.add(index);
        if (function.kind() == Aggregate.Kind.COUNT
            && executorFiles.stream()
                .allMatch(file -> file.hasValueInEveryRow(function.column()))) {
          countsOfEveryRow.add(index);
        }
      }
    }
    return Optional.of(
        new AggregatePlan(
            aggregate,
            Arrays.asList(partial),
            fromMetadata,
            deleteFileTasks,
            rowTasks,
            onExecutors,
            countsOfEveryRow));
  }

  /**
   * Combines function {@code index}'s answers from the manifest entries of the files left to
   * executors into {@code partial}, when every one of them answers it: executors then compute only
   * the other functions, and read only their columns.
   *
   * @return whether the manifest entries answered it
   */
  private static boolean answerFromMetadata(
      Aggregate aggregate, int index, List<FileAggregates> executorFiles, Object[] partial) {
    Aggregate.Function function = aggregate.functions().get(index);
    List<Object> answers = new ArrayList<>();
    for (FileAggregates file : executorFiles) {
      Object answer = metadataAnswer(function, file);
      if (answer == null) {
        return false;
      }
      answers.add(answer);
    }
    for (Object answer : answers) {
      combine(function.kind(), partial, index, answer);
    }
    return true;
  }

  /** Per function, the file's partial result from its manifest entry, or null where not exact. */
  private static Object[] metadataAnswers(Aggregate aggregate, FileAggregates file) {
    Object[] answers = new Object[aggregate.functions().size()];
    for (int index = 0; index < answers.length; index++) {
      answers[index] = metadataAnswer(aggregate.functions().get(index), file);
    }
    return answers;
  }

  /** The file's partial result of one function from its manifest entry, or null if not exact. */
  private static Object metadataAnswer(Aggregate.Function function, FileAggregates file) {
    if (file.countMethod() != CountMethod.METADATA
        || function.argument() == Aggregate.Argument.LENGTH) {
      // no manifest holds the lengths of values
      return null;
    }
    return switch (function.kind()) {
      case COUNT_STAR -> file.liveRowCount();
      case COUNT -> {
        OptionalLong nonNull = file.nonNullCount(function.column());
        yield nonNull.isEmpty() ? null : nonNull.getAsLong();
      }
      // no manifest holds a sum: the file's rows are read
      case SUM -> null;
      case MIN, MAX -> file.bounds(function.column()).orElse(null);
    };
  }

  private static void combine(Aggregate.Kind kind, Object[] partial, int index, Object answer) {
    switch (kind) {
      case COUNT_STAR, COUNT -> partial[index] = (Long) partial[index] + (Long) answer;
      case SUM -> throw new IllegalStateException("A sum is never answered from metadata");
      case MIN -> {
        ColumnBounds lower = (ColumnBounds) answer;
        if (lower.hasValues()
            && (partial[index] == null || compare(lower.lower(), partial[index]) < 0)) {
          partial[index] = lower.lower();
        }
      }
      case MAX -> {
        ColumnBounds upper = (ColumnBounds) answer;
        if (upper.hasValues()
            && (partial[index] == null || compare(upper.upper(), partial[index]) > 0)) {
          partial[index] = upper.upper();
        }
      }
    }
  }

  /** Bounds of one column share one Java type, and every type with exact bounds is comparable. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object left, Object right) {
    return ((Comparable) left).compareTo(right);
  }
}
