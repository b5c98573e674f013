package dev.floe.it;

import dev.floe.expr.Literal;
import dev.floe.expr.NamedReference;
import dev.floe.expr.Operation;
import dev.floe.expr.Transform;
import dev.floe.expr.UnboundTerm;
import dev.floe.expr.UnboundTransform;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.expressions.And;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Not;
import org.apache.iceberg.expressions.Or;
import org.apache.iceberg.expressions.UnboundPredicate;

/**
 * Translates an unbound Iceberg filter into the same filter built with Floe's API, node for node:
 * no simplification beyond what Floe's own factories do, so both planners are given one filter.
 * Literal values pass as they are; the test builds them in the representation both accept (days,
 * microseconds, ISO text for nanosecond timestamps).
 */
final class FloeExpressionTranslator {
  private FloeExpressionTranslator() {}

  static dev.floe.expr.Expression toFloe(Expression expression) {
    switch (expression.op()) {
      case TRUE:
        return dev.floe.expr.Expression.alwaysTrue();
      case FALSE:
        return dev.floe.expr.Expression.alwaysFalse();
      case AND:
        {
          And and = (And) expression;
          return dev.floe.expr.Expression.and(toFloe(and.left()), toFloe(and.right()));
        }
      case OR:
        {
          Or or = (Or) expression;
          return dev.floe.expr.Expression.or(toFloe(or.left()), toFloe(or.right()));
        }
      case NOT:
        return dev.floe.expr.Expression.not(toFloe(((Not) expression).child()));
      default:
        return predicate((UnboundPredicate<?>) expression);
    }
  }

  private static dev.floe.expr.Expression predicate(UnboundPredicate<?> predicate) {
    Operation operation = Operation.valueOf(predicate.op().name());
    NamedReference reference = new NamedReference(predicate.term().ref().name());
    UnboundTerm term =
        predicate.term() instanceof org.apache.iceberg.expressions.UnboundTransform<?, ?> transform
            ? new UnboundTransform(reference, Transform.parse(transform.transform().toString()))
            : reference;
    List<Literal> literals = new ArrayList<>();
    if (predicate.literals() != null) {
      predicate.literals().forEach(literal -> literals.add(Literal.of(literal.value())));
    }
    return new dev.floe.expr.UnboundPredicate(operation, term, literals);
  }
}
