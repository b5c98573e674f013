package dev.floe.spark.convert;

import dev.floe.InvalidRequestException;
import dev.floe.expr.Binder;
import dev.floe.expr.Expression;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Spark's V2 predicates as Floe expressions, in two strengths. {@link #convert} is for pruning: the
 * expression matches every row for which Spark's predicate is true, and may match more; a predicate
 * that cannot be converted this way stays with Spark. {@link #convertExactly} is for the reader's
 * row filter: the expression matches exactly those rows, so Spark need not evaluate the predicate
 * again.
 *
 * <p>Literals arrive as Spark's internal values and are converted to the column's Floe type:
 * strings from {@code UTF8String}, decimals from Spark's {@code Decimal}, dates as days, timestamps
 * as microseconds (times 1,000 for nanosecond columns), binary as bytes. {@code col = NaN} becomes
 * {@code isNaN(col)}; other comparisons with NaN are not converted, since Spark orders NaN above
 * every number and Floe does not order it at all.
 */
public final class SparkPredicateConverter {
  private static final long NANOS_PER_MICRO = 1_000L;

  private final Schema schema;

  /**
   * @param schema the schema the scan reads with; predicates on other columns (metadata columns)
   *     are not converted
   */
  public SparkPredicateConverter(Schema schema) {
    this.schema = Objects.requireNonNull(schema, "schema");
  }

  /** The Floe form of {@code predicate}, or empty when it cannot be converted. */
  public Optional<Expression> convert(Predicate predicate) {
    String name = predicate.name();
    org.apache.spark.sql.connector.expressions.Expression[] children = predicate.children();
    switch (name) {
      case "ALWAYS_TRUE":
        return Optional.of(Expression.alwaysTrue());
      case "ALWAYS_FALSE":
        return Optional.of(Expression.alwaysFalse());
      case "AND":
        return both(children).map(pair -> Expression.and(pair.get(0), pair.get(1)));
      case "OR":
        return both(children).map(pair -> Expression.or(pair.get(0), pair.get(1)));
      case "NOT":
        // Floe's negation of `a <=> v` drops nulls, where Spark's keeps them: no superset form
        return children.length == 1
                && children[0] instanceof Predicate child
                && !containsNullSafeEquality(child)
            ? convert(child).map(Expression::not)
            : Optional.empty();
      case "IS_NULL":
        return column(children, 1).map(column -> Expression.isNull(column.name()));
      case "IS_NOT_NULL":
        return column(children, 1).map(column -> Expression.notNull(column.name()));
      case "IN":
        return in(children).filter(this::binds);
      case "STARTS_WITH":
        return startsWith(children).filter(this::binds);
      case "=", "<=>", "<>", "<", "<=", ">", ">=":
        return comparison(name, children).filter(this::binds);
      default:
        return Optional.empty();
    }
  }

  private static boolean containsNullSafeEquality(Predicate predicate) {
    if (predicate.name().equals("<=>")) {
      return true;
    }
    for (org.apache.spark.sql.connector.expressions.Expression child : predicate.children()) {
      if (child instanceof Predicate childPredicate && containsNullSafeEquality(childPredicate)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The Floe form of {@code predicate} that holds on exactly the rows where Spark's predicate is
   * true, or empty when Floe's reader cannot reproduce Spark's answer on every row; see {@link
   * ExactPredicates}.
   */
  public Optional<Expression> convertExactly(Predicate predicate) {
    return new ExactPredicates(schema).holds(predicate).filter(this::binds);
  }

  /** Whether planning will accept the expression; one it would reject stays with Spark. */
  private boolean binds(Expression expression) {
    try {
      Binder.bind(schema, expression, true);
      return true;
    } catch (InvalidRequestException | IllegalArgumentException unbindable) {
      return false;
    }
  }

  private Optional<List<Expression>> both(
      org.apache.spark.sql.connector.expressions.Expression[] children) {
    if (children.length != 2
        || !(children[0] instanceof Predicate left)
        || !(children[1] instanceof Predicate right)) {
      return Optional.empty();
    }
    Optional<Expression> convertedLeft = convert(left);
    Optional<Expression> convertedRight = convert(right);
    if (convertedLeft.isEmpty() || convertedRight.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(List.of(convertedLeft.get(), convertedRight.get()));
  }

  private Optional<Expression> comparison(
      String operator, org.apache.spark.sql.connector.expressions.Expression[] children) {
    Optional<SparkComparison> comparison = SparkComparison.of(operator, children);
    if (comparison.isEmpty()) {
      return Optional.empty();
    }
    String effective = comparison.get().operator();
    NamedReference reference = comparison.get().column();
    Literal<?> literal = comparison.get().literal();
    Column column = column(reference);
    if (column == null) {
      return Optional.empty();
    }
    Object value = literal.value();
    if (value == null) {
      // `col <=> null` holds for nulls; any other comparison with null is never true
      return effective.equals("<=>")
          ? Optional.of(Expression.isNull(column.name()))
          : Optional.of(Expression.alwaysFalse());
    }
    if (isNaN(value)) {
      return switch (effective) {
        case "=", "<=>" -> Optional.of(Expression.isNaN(column.name()));
        case "<>" -> Optional.of(Expression.notNaN(column.name()));
        default -> Optional.empty();
      };
    }
    Object converted = column.value(value);
    if (converted == null) {
      return Optional.empty();
    }
    String name = column.name();
    return switch (effective) {
      case "=", "<=>" -> Optional.of(Expression.equal(name, converted));
      case "<>" -> Optional.of(Expression.notEqual(name, converted));
      case "<" -> Optional.of(Expression.lessThan(name, converted));
      case "<=" -> Optional.of(Expression.lessThanOrEqual(name, converted));
      case ">" -> Optional.of(Expression.greaterThan(name, converted));
      case ">=" -> Optional.of(Expression.greaterThanOrEqual(name, converted));
      default -> Optional.empty();
    };
  }

  private Optional<Expression> in(
      org.apache.spark.sql.connector.expressions.Expression[] children) {
    if (children.length < 1 || !(children[0] instanceof NamedReference reference)) {
      return Optional.empty();
    }
    Column column = column(reference);
    if (column == null) {
      return Optional.empty();
    }
    List<Object> values = new ArrayList<>();
    for (int index = 1; index < children.length; index++) {
      if (!(children[index] instanceof Literal<?> literal)) {
        return Optional.empty();
      }
      Object value = literal.value();
      if (value == null) {
        continue; // `col IN (.., null)` is never true because of the null
      }
      if (isNaN(value)) {
        return Optional.empty();
      }
      Object converted = column.value(value);
      if (converted == null) {
        return Optional.empty();
      }
      values.add(converted);
    }
    return values.isEmpty()
        ? Optional.of(Expression.alwaysFalse())
        : Optional.of(Expression.in(column.name(), values.toArray()));
  }

  private Optional<Expression> startsWith(
      org.apache.spark.sql.connector.expressions.Expression[] children) {
    if (children.length != 2
        || !(children[0] instanceof NamedReference reference)
        || !(children[1] instanceof Literal<?> literal)
        || !(literal.value() instanceof UTF8String prefix)) {
      return Optional.empty();
    }
    Column column = column(reference);
    if (column == null || column.type().typeId() != TypeId.STRING) {
      return Optional.empty();
    }
    return Optional.of(Expression.startsWith(column.name(), prefix.toString()));
  }

  private Optional<Column> column(
      org.apache.spark.sql.connector.expressions.Expression[] children, int arity) {
    if (children.length != arity || !(children[0] instanceof NamedReference reference)) {
      return Optional.empty();
    }
    return Optional.ofNullable(column(reference));
  }

  private Column column(NamedReference reference) {
    NestedField field = field(reference);
    if (field == null || !(field.type() instanceof PrimitiveType type)) {
      return null;
    }
    return new Column(String.join(".", reference.fieldNames()), type);
  }

  private NestedField field(NamedReference reference) {
    return schema.findField(String.join(".", reference.fieldNames()));
  }

  private static boolean isNaN(Object value) {
    return (value instanceof Double doubleValue && doubleValue.isNaN())
        || (value instanceof Float floatValue && floatValue.isNaN());
  }

  /** A primitive column of the read schema, by its full dotted name. */
  private record Column(String name, PrimitiveType type) {
    /** A Spark internal value as a literal for this column, or null when it has no such form. */
    Object value(Object sparkValue) {
      if (sparkValue instanceof UTF8String text) {
        return text.toString();
      }
      if (sparkValue instanceof Decimal decimal) {
        return decimal.toJavaBigDecimal();
      }
      if (sparkValue instanceof byte[] bytes) {
        return ByteBuffer.wrap(bytes.clone());
      }
      if (sparkValue instanceof Long micros
          && (type.typeId() == TypeId.TIMESTAMP_NS || type.typeId() == TypeId.TIMESTAMPTZ_NS)) {
        try {
          return Math.multiplyExact(micros, NANOS_PER_MICRO);
        } catch (ArithmeticException outOfRange) {
          return null; // beyond the nanosecond range: leave the predicate to Spark
        }
      }
      if (sparkValue instanceof Boolean
          || sparkValue instanceof Integer
          || sparkValue instanceof Long
          || sparkValue instanceof Short
          || sparkValue instanceof Byte
          || sparkValue instanceof Float
          || sparkValue instanceof Double) {
        return sparkValue;
      }
      return null;
    }
  }
}
