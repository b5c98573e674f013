package dev.floe.expr;

import dev.floe.manifest.PartitionValues;
import dev.floe.table.PartitionSpec;
import dev.floe.table.Schema;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The residual of a filter for one partition: what a reader must still check on the rows of a file
 * in that partition. Each predicate becomes {@code true} when the partition's strict projection
 * holds (every row matches), {@code false} when its inclusive projection fails (no row matches),
 * and stays otherwise.
 *
 * <pre>{@code
 * // spec: day(event_time); filter: event_time >= '2026-01-02T10:00'
 * residualFor(2026-01-03)  == true                                   // the whole day matches
 * residualFor(2026-01-01)  == false                                  // no row can match
 * residualFor(2026-01-02)  == event_time >= '2026-01-02T10:00'       // some rows may match
 * }</pre>
 *
 * <p>A partition value of a column since promoted is widened first (an int value of a long column,
 * a float of a double, a date of a timestamp). A null partition value fails every comparison,
 * {@code !=} included, so a filter {@code x != 5} has residual {@code false} in the partition
 * {@code x = null}: its rows are all null and none matches under SQL's semantics.
 */
public final class ResidualEvaluator {
  private final PartitionSpec spec;
  private final Expression filter;
  private final int partitionSize;
  private final Map<BoundPredicate, PartitionEvaluator> inclusiveProjections;
  private final Map<BoundPredicate, PartitionEvaluator> strictProjections;

  private ResidualEvaluator(PartitionSpec spec, Schema schema, Expression filter) {
    this.spec = spec;
    this.filter = filter;
    this.partitionSize = spec.fields().size();
    this.inclusiveProjections = new HashMap<>();
    this.strictProjections = new HashMap<>();
    if (!spec.isUnpartitioned()) {
      project(Projections.of(spec, schema), filter);
    }
  }

  /**
   * An evaluator of {@code boundFilter}'s residuals for partitions of {@code spec}.
   *
   * @param boundFilter a filter bound to {@code schema}, its {@code not} rewritten ({@link
   *     Binder#bind})
   */
  public static ResidualEvaluator of(PartitionSpec spec, Schema schema, Expression boundFilter) {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(boundFilter, "boundFilter");
    return new ResidualEvaluator(spec, schema, boundFilter);
  }

  /**
   * The filter with every predicate the partition settles replaced by {@code true} or {@code
   * false}, folded; the filter itself for an unpartitioned spec.
   *
   * @param partition one value per field of the spec, in order
   */
  public Expression residualFor(PartitionValues partition) {
    if (partition.size() != partitionSize) {
      throw new IllegalArgumentException(
          "Cannot compute a residual: the partition "
              + partition
              + " has "
              + partition.size()
              + " values but its spec has "
              + partitionSize
              + " fields");
    }
    return residual(filter, partition);
  }

  private void project(Projections projections, Expression expression) {
    if (expression instanceof And and) {
      project(projections, and.left());
      project(projections, and.right());
    } else if (expression instanceof Or or) {
      project(projections, or.left());
      project(projections, or.right());
    } else if (expression instanceof BoundPredicate predicate) {
      // a projection holds for a partition exactly when the partition evaluator says it might
      inclusiveProjections.put(
          predicate, new PartitionEvaluator(spec, projections.inclusive(predicate)));
      strictProjections.put(predicate, new PartitionEvaluator(spec, projections.strict(predicate)));
    } else if (!(expression instanceof Expression.Constant)) {
      throw new IllegalArgumentException(
          "Cannot compute residuals of "
              + expression
              + ": bind the filter and rewrite not first (Binder.bind)");
    }
  }

  private Expression residual(Expression expression, PartitionValues partition) {
    if (expression instanceof And and) {
      return Expression.and(residual(and.left(), partition), residual(and.right(), partition));
    }
    if (expression instanceof Or or) {
      return Expression.or(residual(or.left(), partition), residual(or.right(), partition));
    }
    if (expression instanceof BoundPredicate predicate) {
      PartitionEvaluator strict = strictProjections.get(predicate);
      if (strict != null && strict.rowsMightMatch(partition)) {
        return Expression.alwaysTrue();
      }
      PartitionEvaluator inclusive = inclusiveProjections.get(predicate);
      if (inclusive != null && !inclusive.rowsMightMatch(partition)) {
        return Expression.alwaysFalse();
      }
    }
    return expression;
  }
}
