package dev.floe.expr;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * Answers a bound, {@code not}-free expression from the answers of its predicates: {@code and} and
 * {@code or} combine them, short-circuiting. Each evaluator supplies what one predicate means at
 * its pruning level.
 */
@FunctionalInterface
public interface BoundPredicateVisitor {

  /** Whether rows satisfying {@code predicate} might be there. */
  boolean predicate(BoundPredicate predicate);

  /** The answer for the whole of {@code expression}. */
  static boolean visit(Expression expression, BoundPredicateVisitor visitor) {
    if (expression instanceof BoundPredicate predicate) {
      return visitor.predicate(predicate);
    }
    if (expression instanceof And and) {
      return visit(and.left(), visitor) && visit(and.right(), visitor);
    }
    if (expression instanceof Or or) {
      return visit(or.left(), visitor) || visit(or.right(), visitor);
    }
    if (expression instanceof Expression.Constant constant) {
      return constant == Expression.Constant.TRUE;
    }
    throw new IllegalStateException(
        "Cannot evaluate " + expression + ": evaluators take bound expressions without not");
  }

  /** Calls {@code action} with every predicate of a bound expression, left to right. */
  static void forEachPredicate(Expression expression, Consumer<BoundPredicate> action) {
    if (expression instanceof BoundPredicate predicate) {
      action.accept(predicate);
    } else if (expression instanceof And and) {
      forEachPredicate(and.left(), action);
      forEachPredicate(and.right(), action);
    } else if (expression instanceof Or or) {
      forEachPredicate(or.left(), action);
      forEachPredicate(or.right(), action);
    }
  }

  /**
   * Checks that {@code expression} is bound and has no {@code not} (as {@link Binder#bind} returns
   * it), so that {@link #visit} never meets anything else.
   *
   * @throws IllegalArgumentException naming {@code evaluator} and the offending part otherwise
   */
  static Expression requireBoundWithoutNot(Expression expression, String evaluator) {
    Objects.requireNonNull(expression, "expression");
    if (expression instanceof And and) {
      requireBoundWithoutNot(and.left(), evaluator);
      requireBoundWithoutNot(and.right(), evaluator);
    } else if (expression instanceof Or or) {
      requireBoundWithoutNot(or.left(), evaluator);
      requireBoundWithoutNot(or.right(), evaluator);
    } else if (expression instanceof Not || expression instanceof UnboundPredicate) {
      throw new IllegalArgumentException(
          "Cannot build a "
              + evaluator
              + " from "
              + expression
              + ": bind the expression first (Binder.bind), which also rewrites not");
    }
    return expression;
  }
}
