package dev.floe.spark.convert;

import dev.floe.expr.Expression;
import dev.floe.table.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A Spark V2 predicate taken apart once: constants, {@code AND}, {@code OR}, {@code NOT}, null
 * tests, {@code IN}, {@code STARTS_WITH} and comparisons of a column with a literal (the column
 * turned to the left), each column resolved in the read schema. Each part answers as a Floe
 * expression at a {@link Strength}; what the two strengths accept differs on purpose (nulls, NaN,
 * {@code <=>}, {@code NOT}, literal types), and those differences live in the parts.
 */
sealed interface ParsedPredicate {

  /**
   * The rows where the predicate is TRUE at {@code strength}, or empty when it has no form there.
   */
  Optional<Expression> whereTrue(Strength strength);

  /**
   * Exactly the rows where the predicate is FALSE (neither TRUE nor unknown), or empty; the exact
   * strength's form of {@code NOT}.
   */
  Optional<Expression> whereFalse();

  /** Whether a {@code <=>} is among the predicate's parts. */
  boolean containsNullSafeEquality();

  /**
   * The parts of {@code predicate}, or empty when one of them has a shape neither strength converts
   * (an unknown function, a column that is not a primitive of {@code schema}, an operand that is
   * neither column nor literal, a literal or cast Spark compares under a collation: {@link
   * ByteComparison}).
   */
  static Optional<ParsedPredicate> parse(Predicate predicate, Schema schema) {
    org.apache.spark.sql.connector.expressions.Expression[] children = predicate.children();
    if (!ByteComparison.appliesTo(children)) {
      return Optional.empty();
    }
    String name = predicate.name();
    switch (name) {
      case "ALWAYS_TRUE":
        return Optional.of(new Constant(true));
      case "ALWAYS_FALSE":
        return Optional.of(new Constant(false));
      case "AND":
        return both(children, schema).map(pair -> new And(pair.get(0), pair.get(1)));
      case "OR":
        return both(children, schema).map(pair -> new Or(pair.get(0), pair.get(1)));
      case "NOT":
        return children.length == 1 && children[0] instanceof Predicate child
            ? parse(child, schema).map(Not::new)
            : Optional.empty();
      case "IS_NULL":
        return nullTest(children, schema, true);
      case "IS_NOT_NULL":
        return nullTest(children, schema, false);
      case "IN":
        return in(children, schema);
      case "STARTS_WITH":
        if (children.length != 2
            || !(children[0] instanceof NamedReference reference)
            || !(children[1] instanceof Literal<?> prefix)) {
          return Optional.empty();
        }
        return ResolvedColumn.resolve(reference, schema)
            .map(column -> new StartsWith(column, prefix));
      default:
        return ComparisonOperator.of(name)
            .flatMap(operator -> comparison(operator, children, schema));
    }
  }

  private static Optional<List<ParsedPredicate>> both(
      org.apache.spark.sql.connector.expressions.Expression[] children, Schema schema) {
    if (children.length != 2
        || !(children[0] instanceof Predicate left)
        || !(children[1] instanceof Predicate right)) {
      return Optional.empty();
    }
    Optional<ParsedPredicate> parsedLeft = parse(left, schema);
    Optional<ParsedPredicate> parsedRight = parse(right, schema);
    if (parsedLeft.isEmpty() || parsedRight.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(List.of(parsedLeft.get(), parsedRight.get()));
  }

  private static Optional<ParsedPredicate> nullTest(
      org.apache.spark.sql.connector.expressions.Expression[] children,
      Schema schema,
      boolean isNull) {
    if (children.length != 1 || !(children[0] instanceof NamedReference reference)) {
      return Optional.empty();
    }
    return ResolvedColumn.resolve(reference, schema).map(column -> new NullTest(column, isNull));
  }

  private static Optional<ParsedPredicate> in(
      org.apache.spark.sql.connector.expressions.Expression[] children, Schema schema) {
    if (children.length < 1 || !(children[0] instanceof NamedReference reference)) {
      return Optional.empty();
    }
    List<Literal<?>> values = new ArrayList<>();
    for (int index = 1; index < children.length; index++) {
      if (!(children[index] instanceof Literal<?> literal)) {
        return Optional.empty();
      }
      values.add(literal);
    }
    return ResolvedColumn.resolve(reference, schema).map(column -> new In(column, values));
  }

  private static Optional<ParsedPredicate> comparison(
      ComparisonOperator operator,
      org.apache.spark.sql.connector.expressions.Expression[] children,
      Schema schema) {
    if (children.length != 2) {
      return Optional.empty();
    }
    if (children[0] instanceof NamedReference reference
        && children[1] instanceof Literal<?> literal) {
      return ResolvedColumn.resolve(reference, schema)
          .map(column -> new Comparison(operator, column, literal));
    }
    if (children[0] instanceof Literal<?> literal
        && children[1] instanceof NamedReference reference) {
      return ResolvedColumn.resolve(reference, schema)
          .map(column -> new Comparison(operator.flipped(), column, literal));
    }
    return Optional.empty();
  }

  /** {@code left} and (or, unless {@code conjunction}) {@code right}, when both have a form. */
  private static Optional<Expression> combined(
      Optional<Expression> left, Optional<Expression> right, boolean conjunction) {
    if (left.isEmpty() || right.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        conjunction
            ? Expression.and(left.get(), right.get())
            : Expression.or(left.get(), right.get()));
  }

  /** {@code ALWAYS_TRUE} or {@code ALWAYS_FALSE}. */
  record Constant(boolean value) implements ParsedPredicate {
    @Override
    public Optional<Expression> whereTrue(Strength strength) {
      return Optional.of(value ? Expression.alwaysTrue() : Expression.alwaysFalse());
    }

    @Override
    public Optional<Expression> whereFalse() {
      return Optional.of(value ? Expression.alwaysFalse() : Expression.alwaysTrue());
    }

    @Override
    public boolean containsNullSafeEquality() {
      return false;
    }
  }

  /** {@code AND}: TRUE when both sides are, FALSE when either is. */
  record And(ParsedPredicate left, ParsedPredicate right) implements ParsedPredicate {
    @Override
    public Optional<Expression> whereTrue(Strength strength) {
      return combined(left.whereTrue(strength), right.whereTrue(strength), true);
    }

    @Override
    public Optional<Expression> whereFalse() {
      return combined(left.whereFalse(), right.whereFalse(), false);
    }

    @Override
    public boolean containsNullSafeEquality() {
      return left.containsNullSafeEquality() || right.containsNullSafeEquality();
    }
  }

  /** {@code OR}: TRUE when either side is, FALSE when both are. */
  record Or(ParsedPredicate left, ParsedPredicate right) implements ParsedPredicate {
    @Override
    public Optional<Expression> whereTrue(Strength strength) {
      return combined(left.whereTrue(strength), right.whereTrue(strength), false);
    }

    @Override
    public Optional<Expression> whereFalse() {
      return combined(left.whereFalse(), right.whereFalse(), true);
    }

    @Override
    public boolean containsNullSafeEquality() {
      return left.containsNullSafeEquality() || right.containsNullSafeEquality();
    }
  }

  /** {@code NOT}: TRUE where its child is FALSE. */
  record Not(ParsedPredicate child) implements ParsedPredicate {
    @Override
    public Optional<Expression> whereTrue(Strength strength) {
      return switch (strength) {
        // Floe's negation of `a <=> v` drops nulls, where Spark's keeps them: no superset form
        case PRUNING ->
            child.containsNullSafeEquality()
                ? Optional.empty()
                : child.whereTrue(Strength.PRUNING).map(Expression::not);
        case EXACT -> child.whereFalse();
      };
    }

    @Override
    public Optional<Expression> whereFalse() {
      return child.whereTrue(Strength.EXACT);
    }

    @Override
    public boolean containsNullSafeEquality() {
      return child.containsNullSafeEquality();
    }
  }

  /** {@code IS_NULL} ({@code isNull}) or {@code IS_NOT_NULL}. */
  record NullTest(ResolvedColumn column, boolean isNull) implements ParsedPredicate {
    @Override
    public Optional<Expression> whereTrue(Strength strength) {
      return switch (strength) {
        case PRUNING -> Optional.of(test(isNull));
        case EXACT -> column.topLevel() ? Optional.of(test(isNull)) : Optional.empty();
      };
    }

    @Override
    public Optional<Expression> whereFalse() {
      return column.topLevel() ? Optional.of(test(!isNull)) : Optional.empty();
    }

    private Expression test(boolean nulls) {
      return nulls ? Expression.isNull(column.name()) : Expression.notNull(column.name());
    }

    @Override
    public boolean containsNullSafeEquality() {
      return false;
    }
  }

  /**
   * {@code col IN (values)}: TRUE where the value is among the non-null values, FALSE where it is
   * among none of them and the list holds no null, and unknown otherwise.
   */
  record In(ResolvedColumn column, List<Literal<?>> values) implements ParsedPredicate {
    public In {
      values = List.copyOf(values);
    }

    @Override
    public Optional<Expression> whereTrue(Strength strength) {
      return switch (strength) {
        case PRUNING -> pruning().filter(column::binds);
        case EXACT -> exact(true);
      };
    }

    @Override
    public Optional<Expression> whereFalse() {
      return exact(false);
    }

    private Optional<Expression> pruning() {
      List<Object> converted = new ArrayList<>();
      for (Literal<?> literal : values) {
        Object value = literal.value();
        if (value == null) {
          continue; // `col IN (.., null)` is never true because of the null
        }
        if (ResolvedColumn.isNaN(value)) {
          return Optional.empty();
        }
        Optional<Object> floeValue =
            column.holdsNanoseconds()
                ? Optional.of(value)
                : column.value(literal, Strength.PRUNING);
        if (floeValue.isEmpty()) {
          return Optional.empty();
        }
        converted.add(floeValue.get());
      }
      if (column.holdsNanoseconds()) {
        return NanosecondComparison.in(column.name(), converted);
      }
      return converted.isEmpty()
          ? Optional.of(Expression.alwaysFalse())
          : Optional.of(Expression.in(column.name(), converted.toArray()));
    }

    private Optional<Expression> exact(boolean truth) {
      // an empty list's answer for a null value changed between Spark versions: leave it to Spark
      if (values.isEmpty() || !column.comparesExactly()) {
        return Optional.empty();
      }
      List<Object> converted = new ArrayList<>();
      boolean holdsNull = false;
      for (Literal<?> literal : values) {
        if (literal.value() == null) {
          holdsNull = true;
          continue;
        }
        Optional<Object> value = column.value(literal, Strength.EXACT);
        if (value.isEmpty()) {
          return Optional.empty();
        }
        converted.add(value.get());
      }
      String name = column.name();
      if (truth) {
        return Optional.of(
            converted.isEmpty()
                ? Expression.alwaysFalse()
                : Expression.in(name, converted.toArray()));
      }
      if (holdsNull) {
        return Optional.of(Expression.alwaysFalse());
      }
      return Optional.of(
          Expression.and(Expression.notIn(name, converted.toArray()), Expression.notNull(name)));
    }

    @Override
    public boolean containsNullSafeEquality() {
      return false;
    }
  }

  /** {@code STARTS_WITH(col, prefix)}, on string columns only. */
  record StartsWith(ResolvedColumn column, Literal<?> prefix) implements ParsedPredicate {
    @Override
    public Optional<Expression> whereTrue(Strength strength) {
      return switch (strength) {
        case PRUNING -> pruning().filter(column::binds);
        case EXACT -> exact(true);
      };
    }

    @Override
    public Optional<Expression> whereFalse() {
      return exact(false);
    }

    private Optional<Expression> pruning() {
      if (!(prefix.value() instanceof UTF8String text) || !column.isString()) {
        return Optional.empty();
      }
      return ResolvedColumn.validText(text)
          .map(valid -> Expression.startsWith(column.name(), valid));
    }

    private Optional<Expression> exact(boolean truth) {
      if (!column.comparesExactly() || !column.isString()) {
        return Optional.empty();
      }
      if (prefix.value() == null) {
        return Optional.of(Expression.alwaysFalse());
      }
      Optional<Object> converted = column.value(prefix, Strength.EXACT);
      if (converted.isEmpty()) {
        return Optional.empty();
      }
      String name = column.name();
      String text = (String) converted.get();
      return Optional.of(
          truth
              ? Expression.startsWith(name, text)
              : Expression.and(Expression.notStartsWith(name, text), Expression.notNull(name)));
    }

    @Override
    public boolean containsNullSafeEquality() {
      return false;
    }
  }

  /** A comparison of a column with a literal, the column on the left. */
  record Comparison(ComparisonOperator operator, ResolvedColumn column, Literal<?> literal)
      implements ParsedPredicate {
    @Override
    public Optional<Expression> whereTrue(Strength strength) {
      return switch (strength) {
        case PRUNING -> pruning().filter(column::binds);
        case EXACT -> exact(true);
      };
    }

    @Override
    public Optional<Expression> whereFalse() {
      return exact(false);
    }

    @Override
    public boolean containsNullSafeEquality() {
      return operator == ComparisonOperator.NULL_SAFE_EQUAL;
    }

    private Optional<Expression> pruning() {
      String name = column.name();
      Object value = literal.value();
      if (value == null) {
        // `col <=> null` holds for nulls; any other comparison with null is never true
        return operator == ComparisonOperator.NULL_SAFE_EQUAL
            ? Optional.of(Expression.isNull(name))
            : Optional.of(Expression.alwaysFalse());
      }
      if (ResolvedColumn.isNaN(value)) {
        // Spark orders NaN above every number and Floe does not order it at all
        return switch (operator) {
          case EQUAL, NULL_SAFE_EQUAL -> Optional.of(Expression.isNaN(name));
          case NOT_EQUAL -> Optional.of(Expression.notNaN(name));
          case LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL ->
              Optional.empty();
        };
      }
      if (column.holdsNanoseconds()) {
        return NanosecondComparison.pruning(operator, name, value);
      }
      return column
          .value(literal, Strength.PRUNING)
          .map(
              converted ->
                  switch (operator) {
                    case EQUAL, NULL_SAFE_EQUAL -> Expression.equal(name, converted);
                    case NOT_EQUAL -> Expression.notEqual(name, converted);
                    case LESS_THAN -> Expression.lessThan(name, converted);
                    case LESS_THAN_OR_EQUAL -> Expression.lessThanOrEqual(name, converted);
                    case GREATER_THAN -> Expression.greaterThan(name, converted);
                    case GREATER_THAN_OR_EQUAL -> Expression.greaterThanOrEqual(name, converted);
                  });
    }

    private Optional<Expression> exact(boolean truth) {
      if (!column.comparesExactly()) {
        return Optional.empty();
      }
      String name = column.name();
      if (literal.value() == null) {
        if (operator == ComparisonOperator.NULL_SAFE_EQUAL) {
          return Optional.of(truth ? Expression.isNull(name) : Expression.notNull(name));
        }
        // any other comparison with null is unknown: neither TRUE nor FALSE
        return Optional.of(Expression.alwaysFalse());
      }
      return column
          .value(literal, Strength.EXACT)
          .map(
              value ->
                  switch (operator) {
                    case EQUAL -> truth ? Expression.equal(name, value) : notEqual(name, value);
                    case NOT_EQUAL -> truth ? notEqual(name, value) : Expression.equal(name, value);
                    case NULL_SAFE_EQUAL ->
                        truth
                            ? Expression.equal(name, value)
                            : Expression.or(Expression.isNull(name), notEqual(name, value));
                    case LESS_THAN ->
                        truth
                            ? Expression.lessThan(name, value)
                            : Expression.greaterThanOrEqual(name, value);
                    case LESS_THAN_OR_EQUAL ->
                        truth
                            ? Expression.lessThanOrEqual(name, value)
                            : Expression.greaterThan(name, value);
                    case GREATER_THAN ->
                        truth
                            ? Expression.greaterThan(name, value)
                            : Expression.lessThanOrEqual(name, value);
                    case GREATER_THAN_OR_EQUAL ->
                        truth
                            ? Expression.greaterThanOrEqual(name, value)
                            : Expression.lessThan(name, value);
                  });
    }

    /** {@code a <> v} exactly: TRUE only for non-null values. */
    private static Expression notEqual(String name, Object value) {
      return Expression.and(Expression.notEqual(name, value), Expression.notNull(name));
    }
  }
}
