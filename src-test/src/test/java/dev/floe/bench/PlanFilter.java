package dev.floe.bench;

import dev.floe.expr.Expression;
import java.util.Objects;
import java.util.function.LongPredicate;
import org.apache.iceberg.expressions.Expressions;

/**
 * A row filter planned by both engines: its name for the report, the same filter in Floe's and in
 * Iceberg's form, and which data files of a synthetic table it keeps, so the plan every correct
 * planner gives can be computed from the table's shape.
 */
record PlanFilter(
    String name,
    Expression floe,
    org.apache.iceberg.expressions.Expression iceberg,
    LongPredicate keepsFile) {

  PlanFilter {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(floe, "floe");
    Objects.requireNonNull(iceberg, "iceberg");
    Objects.requireNonNull(keepsFile, "keepsFile");
  }

  static PlanFilter none() {
    return new PlanFilter("", Expression.alwaysTrue(), Expressions.alwaysTrue(), file -> true);
  }

  /**
   * {@code part >= P - 1}: only the last partition. Each manifest holds one partition ({@link
   * TableShape#partitionOf}), so the manifests' partition summaries rule out all but one manifest
   * in P, and the files of the remaining manifests all match.
   */
  static PlanFilter lastPartition(TableShape shape) {
    int last = shape.partitions() - 1;
    return new PlanFilter(
        "where part >= " + last + " (prunes manifests)",
        Expression.greaterThanOrEqual("part", last),
        Expressions.greaterThanOrEqual("part", last),
        file -> shape.partitionOf(file) == last);
  }

  /**
   * {@code id} in the ranges of ten files in the middle of the table: {@code id} is no partition
   * column, so no manifest can be skipped, but its bounds are clustered by file ({@link
   * SyntheticTableWriter}), so the entries' metrics rule out every other file.
   */
  static PlanFilter tenFilesById(TableShape shape) {
    long first = shape.dataFiles() / 2;
    long lower = first * SyntheticTableWriter.IDS_PER_FILE;
    long upper = (first + 10) * SyntheticTableWriter.IDS_PER_FILE;
    return new PlanFilter(
        "where " + lower + " <= id < " + upper + " (prunes by metrics only)",
        Expression.and(
            Expression.greaterThanOrEqual("id", lower), Expression.lessThan("id", upper)),
        Expressions.and(
            Expressions.greaterThanOrEqual("id", lower), Expressions.lessThan("id", upper)),
        file -> file >= first && file < first + 10);
  }

  boolean isNone() {
    return name.isEmpty();
  }

  /** The plan of this filter on a table of this shape: the kept files, with their deletes. */
  PlanOutcome expectedOutcome(TableShape shape) {
    PlanOutcome.Counter counter = new PlanOutcome.Counter();
    for (long file = 0; file < shape.dataFiles(); file++) {
      if (keepsFile.test(file)) {
        counter.add(shape.recordCountOf(file), shape.deleteFilesPerPartition());
      }
    }
    return counter.outcome();
  }
}
