package dev.floe.expr;

import java.util.List;
import java.util.Objects;

/**
 * A predicate on a column by name, with literals not yet converted to the column's type. Unary
 * operations take no literal, comparisons and {@code starts-with} exactly one, {@code in} and
 * {@code not-in} any number.
 */
public record UnboundPredicate(Operation operation, UnboundTerm term, List<Literal> literals)
    implements Expression {
  public UnboundPredicate {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(term, "term");
    literals = List.copyOf(literals);
    int count = literals.size();
    boolean valid =
        switch (operation.arity()) {
          case UNARY -> count == 0;
          case LITERAL -> count == 1;
          case SET -> true;
        };
    if (!valid) {
      throw new IllegalArgumentException(
          operation.jsonName() + " on " + term + " cannot take " + count + " values");
    }
  }

  static UnboundPredicate unary(Operation operation, String column) {
    return new UnboundPredicate(operation, new NamedReference(column), List.of());
  }

  static UnboundPredicate literal(Operation operation, String column, Object value) {
    return new UnboundPredicate(operation, new NamedReference(column), List.of(Literal.of(value)));
  }

  static UnboundPredicate set(Operation operation, UnboundTerm term, List<?> values) {
    return new UnboundPredicate(operation, term, values.stream().map(Literal::of).toList());
  }

  /** The one literal of a comparison or starts-with. */
  public Literal literal() {
    if (operation.arity() != Operation.Arity.LITERAL) {
      throw new IllegalStateException(operation.jsonName() + " has no single literal");
    }
    return literals.get(0);
  }

  @Override
  public Expression negate() {
    return new UnboundPredicate(operation.negate(), term, literals);
  }

  @Override
  public String toString() {
    return PredicateText.of(operation, term, literals);
  }
}
