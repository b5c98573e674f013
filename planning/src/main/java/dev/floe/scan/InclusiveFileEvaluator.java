package dev.floe.scan;

import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.manifest.DataFile;
import dev.floe.table.PartitionSpec;
import dev.floe.table.Schema;
import java.util.Map;

/**
 * Whether a planned data file might hold a row matching a filter, judged by the evidence its
 * manifest entry carries: its partition tuple (with the spec it was written with) and its column
 * metrics. For filters that arrive after planning, such as a join's runtime filter: absent evidence
 * never rules a file out.
 */
public final class InclusiveFileEvaluator {
  public static final boolean ROWS_MIGHT_MATCH = true;
  public static final boolean ROWS_CANNOT_MATCH = false;

  private final FilterPruning pruning;

  /**
   * @param filter unbound, by column names of {@code schema}
   */
  public InclusiveFileEvaluator(
      Schema schema,
      Map<Integer, PartitionSpec> specsById,
      Expression filter,
      boolean caseSensitive) {
    this.pruning = new FilterPruning(schema, specsById, Binder.bind(schema, filter, caseSensitive));
  }

  public boolean rowsMightMatch(DataFile file) {
    if (pruning.matchesNothing()) {
      return ROWS_CANNOT_MATCH;
    }
    return pruning.partitionMightMatch(file) && pruning.metricsMightMatch(file);
  }
}
