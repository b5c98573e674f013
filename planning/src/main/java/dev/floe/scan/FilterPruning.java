package dev.floe.scan;

import dev.floe.expr.And;
import dev.floe.expr.Expression;
import dev.floe.expr.InclusiveMetricsEvaluator;
import dev.floe.expr.ManifestEvaluator;
import dev.floe.expr.PartitionEvaluator;
import dev.floe.expr.Projections;
import dev.floe.expr.ResidualEvaluator;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.MetricsColumns;
import dev.floe.table.PartitionSpec;
import dev.floe.table.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The evidence tests of one plan's filter, at each hop: a manifest's partition summaries, an
 * entry's partition tuple, an entry's column metrics; and each data file's residual. Evaluators are
 * built once per partition spec and shared by the threads reading manifests. A manifest is judged
 * with the spec it was written with, never the table's current one.
 *
 * <p>When a plan lists what it pruned, {@link #prunedBy} names the first top-level conjunct of the
 * filter that alone rules the manifest or file out.
 */
final class FilterPruning {
  private final Schema schema;
  private final Map<Integer, PartitionSpec> specsById;
  private final Expression filter;
  private final boolean filters;
  private final List<Expression> conjuncts;
  private final InclusiveMetricsEvaluator metrics;
  private final MetricsColumns metricsColumns;
  private final Map<Integer, SpecEvaluators> bySpec = new ConcurrentHashMap<>();
  private final Map<Expression, FilterPruning> byConjunct = new ConcurrentHashMap<>();

  /**
   * @param filter bound to {@code schema}, with {@code not} rewritten away
   */
  FilterPruning(Schema schema, Map<Integer, PartitionSpec> specsById, Expression filter) {
    this.schema = schema;
    this.specsById = specsById;
    this.filter = filter;
    this.filters = filter != Expression.alwaysTrue();
    this.conjuncts = conjuncts(filter);
    this.metrics = filters ? new InclusiveMetricsEvaluator(filter) : null;
    this.metricsColumns = MetricsColumns.forPruning(filter.referencedFieldIds());
  }

  /**
   * The metrics the filter reads: those of the columns it names. They are also all that a reader of
   * a planned task's residual needs, since the residual names no other column.
   */
  MetricsColumns metricsColumns() {
    return metricsColumns;
  }

  Expression filter() {
    return filter;
  }

  int schemaId() {
    return schema.schemaId();
  }

  /** Whether the filter rules out every row: nothing needs to be read. */
  boolean matchesNothing() {
    return filter == Expression.alwaysFalse();
  }

  boolean manifestMightMatch(ManifestFile manifest) {
    if (!filters) {
      return true;
    }
    SpecEvaluators evaluators = forSpec(manifest.partitionSpecId());
    return evaluators == null || evaluators.manifest().rowsMightMatch(manifest);
  }

  boolean partitionMightMatch(ContentFile file) {
    if (!filters) {
      return true;
    }
    SpecEvaluators evaluators = forSpec(file.specId());
    return evaluators == null || evaluators.partition().rowsMightMatch(file.partition());
  }

  /**
   * Whether the file's column metrics allow a matching row. A delete file is judged only by the
   * metrics that describe what it deletes: an equality delete file by its equality columns (a value
   * of another column it happens to store says nothing about the rows its keys delete), a position
   * delete file never (its optional {@code row} column is a copy writers may fill carelessly, and
   * pruning by it would bring deleted rows back).
   */
  boolean metricsMightMatch(ContentFile file) {
    if (!filters) {
      return true;
    }
    if (file instanceof DeleteFile delete) {
      return delete.content() != FileContent.EQUALITY_DELETES
          || metrics.rowsMightMatch(
              delete.withMetrics(delete.metrics().restrictedTo(delete.equalityIds())));
    }
    return metrics.rowsMightMatch(file);
  }

  /** What a reader must still check on the rows of this file. */
  Expression residual(DataFile file) {
    if (!filters) {
      return Expression.alwaysTrue();
    }
    SpecEvaluators evaluators = forSpec(file.specId());
    return evaluators == null ? filter : evaluators.residuals().residualFor(file.partition());
  }

  /**
   * The first top-level conjunct that alone fails {@code test}, or the whole filter when none does
   * alone (which a conjunction cannot do, but a disjunction at the top can).
   */
  String prunedBy(Predicate<FilterPruning> test) {
    if (conjuncts.size() > 1) {
      for (Expression conjunct : conjuncts) {
        FilterPruning alone =
            byConjunct.computeIfAbsent(
                conjunct, single -> new FilterPruning(schema, specsById, single));
        if (!test.test(alone)) {
          return conjunct.toString();
        }
      }
    }
    return filter.toString();
  }

  private SpecEvaluators forSpec(int specId) {
    PartitionSpec spec = specsById.get(specId);
    if (spec == null) {
      // the manifest reader reports the unknown spec with the file it came from
      return null;
    }
    return bySpec.computeIfAbsent(specId, id -> SpecEvaluators.of(spec, schema, filter));
  }

  private static List<Expression> conjuncts(Expression expression) {
    List<Expression> result = new ArrayList<>();
    collectConjuncts(expression, result);
    return List.copyOf(result);
  }

  private static void collectConjuncts(Expression expression, List<Expression> result) {
    if (expression instanceof And and) {
      collectConjuncts(and.left(), result);
      collectConjuncts(and.right(), result);
    } else {
      result.add(expression);
    }
  }

  /** The evaluators of one partition spec. */
  private record SpecEvaluators(
      ManifestEvaluator manifest, PartitionEvaluator partition, ResidualEvaluator residuals) {
    static SpecEvaluators of(PartitionSpec spec, Schema schema, Expression filter) {
      Expression projected = Projections.inclusive(spec, schema, filter);
      return new SpecEvaluators(
          new ManifestEvaluator(spec, projected),
          new PartitionEvaluator(spec, projected),
          ResidualEvaluator.of(spec, schema, filter));
    }
  }
}
