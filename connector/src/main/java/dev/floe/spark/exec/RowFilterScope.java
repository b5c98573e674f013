package dev.floe.spark.exec;

import dev.floe.expr.And;
import dev.floe.expr.BoundPredicate;
import dev.floe.expr.BoundPredicateVisitor;
import dev.floe.expr.Expression;
import dev.floe.spark.convert.ExactPredicates;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.util.ArrayList;
import java.util.List;

/**
 * Which part of a task's residual the {@link RowFilter} evaluates: the top-level conjuncts it can
 * evaluate exactly; the others are skipped. That is safe because of how the scan builder makes the
 * planning filter: a predicate Spark leaves to Floe enters it in its exact form ({@code
 * SparkPredicateConverter.convertExactly}), which the filter always evaluates (on top-level columns
 * whose types {@link ExactPredicates#comparesExactly} admits, and null tests); any other predicate
 * enters it in its pruning form, which matches every row Spark's predicate keeps and perhaps more,
 * and Spark evaluates the predicate itself after the scan. Evaluating a pruning conjunct therefore
 * drops only rows Spark would drop; skipping it keeps rows Spark then drops.
 */
final class RowFilterScope {
  private RowFilterScope() {}

  /**
   * The top-level conjuncts of {@code residual} that the filter evaluates, and'ed: those whose
   * every predicate it can evaluate exactly, on a top-level column of {@code readSchema}; {@code
   * true} when there is none. A disjunction is kept or skipped whole.
   *
   * @param residual a task's residual, bound to {@code readSchema}, {@code not} rewritten
   */
  static Expression evaluatedPart(Expression residual, Schema readSchema) {
    List<Expression> conjuncts = new ArrayList<>();
    collectEvaluated(residual, readSchema, conjuncts);
    return Expression.and(conjuncts);
  }

  private static void collectEvaluated(
      Expression expression, Schema readSchema, List<Expression> evaluated) {
    if (expression instanceof And and) {
      collectEvaluated(and.left(), readSchema, evaluated);
      collectEvaluated(and.right(), readSchema, evaluated);
      return;
    }
    if (evaluatesAll(expression, readSchema)) {
      evaluated.add(expression);
    }
  }

  /** Whether the filter evaluates every predicate of {@code expression}: nothing is skipped. */
  static boolean evaluatesAll(Expression expression, Schema readSchema) {
    List<BoundPredicate> predicates = new ArrayList<>();
    BoundPredicateVisitor.forEachPredicate(expression, predicates::add);
    return predicates.stream().allMatch(predicate -> evaluates(predicate, readSchema));
  }

  /**
   * Whether the filter evaluates {@code predicate} exactly as Spark does: on a top-level column, a
   * null test on any type, a comparison, set or prefix test only on the types {@link
   * ExactPredicates#comparesExactly} admits (a prefix test only on strings), never a NaN test.
   * {@link RowFilter#of} refuses exactly the predicates this rejects.
   */
  static boolean evaluates(BoundPredicate predicate, Schema readSchema) {
    if (!predicate.isOnReference() || readSchema.columnIndex(predicate.reference().fieldId()) < 0) {
      return false;
    }
    TypeId type = predicate.reference().type().typeId();
    return switch (predicate.operation()) {
      case IS_NULL, NOT_NULL -> true;
      case IS_NAN, NOT_NAN -> false;
      case STARTS_WITH, NOT_STARTS_WITH -> type == TypeId.STRING;
      case LT, LT_EQ, GT, GT_EQ, EQ, NOT_EQ, IN, NOT_IN -> ExactPredicates.comparesExactly(type);
    };
  }
}
