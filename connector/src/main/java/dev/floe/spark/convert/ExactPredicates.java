package dev.floe.spark.convert;

import dev.floe.expr.Expression;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Spark's three-valued predicates as two-valued Floe expressions that hold on exactly the rows
 * where Spark's predicate is TRUE, so that Floe's reader can filter rows in Spark's place.
 *
 * <p>Every predicate has two forms: where it is TRUE and where it is FALSE; a row where it is
 * neither (SQL's unknown, from a null) satisfies neither form. {@code NOT p} is TRUE where {@code
 * p} is FALSE, and De Morgan turns {@code AND} and {@code OR} into their forms. Floe's predicates
 * are false on a null value (except {@code is-null}), but the forms of {@code not-equal}, {@code
 * not-in} and {@code not-starts-with} also require {@code not-null}, so they stay exact under
 * Iceberg's semantics too, where those three hold for nulls.
 *
 * <p>Only columns whose comparisons Floe's reader reproduces bit for bit are claimed: top-level
 * boolean, int, long, date, timestamp with or without zone (microseconds), string (UTF-8 bytes
 * compared unsigned, as Spark's {@code UTF8String}), decimal and binary (unsigned bytes), each with
 * a literal of exactly the column's Spark type. Not float and double (Spark orders NaN and equates
 * -0.0 with 0.0 its own way), not nanosecond timestamps, uuid, time or fixed, and not nested
 * fields. Null tests are claimed on any top-level primitive column.
 */
public final class ExactPredicates {
  private final Schema schema;

  ExactPredicates(Schema schema) {
    this.schema = Objects.requireNonNull(schema, "schema");
  }

  /** The rows where {@code predicate} is TRUE, or empty when that cannot be said exactly. */
  Optional<Expression> holds(Predicate predicate) {
    return form(predicate, true);
  }

  /** The rows where {@code predicate} is TRUE ({@code truth}) or FALSE (not {@code truth}). */
  private Optional<Expression> form(Predicate predicate, boolean truth) {
    org.apache.spark.sql.connector.expressions.Expression[] children = predicate.children();
    switch (predicate.name()) {
      case "ALWAYS_TRUE":
        return Optional.of(truth ? Expression.alwaysTrue() : Expression.alwaysFalse());
      case "ALWAYS_FALSE":
        return Optional.of(truth ? Expression.alwaysFalse() : Expression.alwaysTrue());
      case "NOT":
        return children.length == 1 && children[0] instanceof Predicate child
            ? form(child, !truth)
            : Optional.empty();
      case "AND":
        // TRUE when both are; FALSE when either is
        return both(children, truth, truth);
      case "OR":
        return both(children, truth, !truth);
      case "IS_NULL":
        return nullTest(children, truth);
      case "IS_NOT_NULL":
        return nullTest(children, !truth);
      case "IN":
        return in(children, truth);
      case "STARTS_WITH":
        return startsWith(children, truth);
      case "=", "<=>", "<>", "<", "<=", ">", ">=":
        return comparison(predicate.name(), children, truth);
      default:
        return Optional.empty();
    }
  }

  private Optional<Expression> both(
      org.apache.spark.sql.connector.expressions.Expression[] children,
      boolean truth,
      boolean conjunction) {
    if (children.length != 2
        || !(children[0] instanceof Predicate left)
        || !(children[1] instanceof Predicate right)) {
      return Optional.empty();
    }
    Optional<Expression> leftForm = form(left, truth);
    Optional<Expression> rightForm = form(right, truth);
    if (leftForm.isEmpty() || rightForm.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        conjunction
            ? Expression.and(leftForm.get(), rightForm.get())
            : Expression.or(leftForm.get(), rightForm.get()));
  }

  private Optional<Expression> nullTest(
      org.apache.spark.sql.connector.expressions.Expression[] children, boolean isNull) {
    if (children.length != 1 || !(children[0] instanceof NamedReference reference)) {
      return Optional.empty();
    }
    NestedField field = topLevelPrimitive(reference);
    if (field == null) {
      return Optional.empty();
    }
    return Optional.of(isNull ? Expression.isNull(field.name()) : Expression.notNull(field.name()));
  }

  private Optional<Expression> comparison(
      String operator,
      org.apache.spark.sql.connector.expressions.Expression[] children,
      boolean truth) {
    Optional<SparkComparison> comparison = SparkComparison.of(operator, children);
    if (comparison.isEmpty()) {
      return Optional.empty();
    }
    String effective = comparison.get().operator();
    NamedReference reference = comparison.get().column();
    Literal<?> literal = comparison.get().literal();
    NestedField field = comparable(reference);
    if (field == null) {
      return Optional.empty();
    }
    String name = field.name();
    if (literal.value() == null) {
      if (effective.equals("<=>")) {
        return Optional.of(truth ? Expression.isNull(name) : Expression.notNull(name));
      }
      // any other comparison with null is unknown: neither TRUE nor FALSE
      return Optional.of(Expression.alwaysFalse());
    }
    Optional<Object> converted = value(field, literal);
    if (converted.isEmpty()) {
      return Optional.empty();
    }
    Object value = converted.get();
    return Optional.of(
        switch (effective) {
          case "=" -> truth ? Expression.equal(name, value) : notEqual(name, value);
          case "<>" -> truth ? notEqual(name, value) : Expression.equal(name, value);
          case "<=>" ->
              truth
                  ? Expression.equal(name, value)
                  : Expression.or(Expression.isNull(name), notEqual(name, value));
          case "<" ->
              truth ? Expression.lessThan(name, value) : Expression.greaterThanOrEqual(name, value);
          case "<=" ->
              truth ? Expression.lessThanOrEqual(name, value) : Expression.greaterThan(name, value);
          case ">" ->
              truth ? Expression.greaterThan(name, value) : Expression.lessThanOrEqual(name, value);
          case ">=" ->
              truth ? Expression.greaterThanOrEqual(name, value) : Expression.lessThan(name, value);
          default -> throw new IllegalStateException("Not a comparison: " + effective);
        });
  }

  private static Expression notEqual(String name, Object value) {
    return Expression.and(Expression.notEqual(name, value), Expression.notNull(name));
  }

  /**
   * {@code col IN (values)} is TRUE where the value is among the non-null values, FALSE where it is
   * among none of them and the list holds no null, and unknown otherwise.
   */
  private Optional<Expression> in(
      org.apache.spark.sql.connector.expressions.Expression[] children, boolean truth) {
    // an empty list's answer for a null value changed between Spark versions: leave it to Spark
    if (children.length < 2 || !(children[0] instanceof NamedReference reference)) {
      return Optional.empty();
    }
    NestedField field = comparable(reference);
    if (field == null) {
      return Optional.empty();
    }
    List<Object> values = new ArrayList<>();
    boolean holdsNull = false;
    for (int index = 1; index < children.length; index++) {
      if (!(children[index] instanceof Literal<?> literal)) {
        return Optional.empty();
      }
      if (literal.value() == null) {
        holdsNull = true;
        continue;
      }
      Optional<Object> value = value(field, literal);
      if (value.isEmpty()) {
        return Optional.empty();
      }
      values.add(value.get());
    }
    String name = field.name();
    if (truth) {
      return Optional.of(
          values.isEmpty() ? Expression.alwaysFalse() : Expression.in(name, values.toArray()));
    }
    if (holdsNull) {
      return Optional.of(Expression.alwaysFalse());
    }
    return Optional.of(
        Expression.and(Expression.notIn(name, values.toArray()), Expression.notNull(name)));
  }

  private Optional<Expression> startsWith(
      org.apache.spark.sql.connector.expressions.Expression[] children, boolean truth) {
    if (children.length != 2
        || !(children[0] instanceof NamedReference reference)
        || !(children[1] instanceof Literal<?> literal)) {
      return Optional.empty();
    }
    NestedField field = comparable(reference);
    if (field == null || ((PrimitiveType) field.type()).typeId() != TypeId.STRING) {
      return Optional.empty();
    }
    if (literal.value() == null) {
      return Optional.of(Expression.alwaysFalse());
    }
    Optional<Object> prefix = value(field, literal);
    if (prefix.isEmpty()) {
      return Optional.empty();
    }
    String name = field.name();
    String text = (String) prefix.get();
    return Optional.of(
        truth
            ? Expression.startsWith(name, text)
            : Expression.and(Expression.notStartsWith(name, text), Expression.notNull(name)));
  }

  /** The top-level primitive column {@code reference} names, or null. */
  private NestedField topLevelPrimitive(NamedReference reference) {
    String[] names = reference.fieldNames();
    if (names.length != 1) {
      return null;
    }
    NestedField field = schema.findField(names[0]);
    if (field == null
        || !(field.type() instanceof PrimitiveType)
        || schema.columnIndex(field.fieldId()) < 0) {
      return null;
    }
    return field;
  }

  /** The column {@code reference} names when the reader compares its values exactly, or null. */
  private NestedField comparable(NamedReference reference) {
    NestedField field = topLevelPrimitive(reference);
    if (field == null) {
      return null;
    }
    return comparesExactly(((PrimitiveType) field.type()).typeId()) ? field : null;
  }

  /**
   * The literal as a Floe value of the column's type, when its Spark type is the column's and the
   * conversion loses nothing.
   */
  private static Optional<Object> value(NestedField field, Literal<?> literal) {
    PrimitiveType type = (PrimitiveType) field.type();
    DataType sparkType = literal.dataType();
    Object value = literal.value();
    return switch (type.typeId()) {
      case BOOLEAN -> typed(sparkType, DataTypes.BooleanType, value, Boolean.class);
      case INT -> typed(sparkType, DataTypes.IntegerType, value, Integer.class);
      case DATE -> typed(sparkType, DataTypes.DateType, value, Integer.class);
      case LONG -> typed(sparkType, DataTypes.LongType, value, Long.class);
      case TIMESTAMPTZ -> typed(sparkType, DataTypes.TimestampType, value, Long.class);
      case TIMESTAMP -> typed(sparkType, DataTypes.TimestampNTZType, value, Long.class);
      case STRING -> text(sparkType, value);
      case BINARY ->
          sparkType.equals(DataTypes.BinaryType) && value instanceof byte[] bytes
              ? Optional.of(ByteBuffer.wrap(bytes.clone()))
              : Optional.empty();
      case DECIMAL -> decimal(type, sparkType, value);
      case FLOAT,
          DOUBLE,
          TIME,
          TIMESTAMP_NS,
          TIMESTAMPTZ_NS,
          UUID,
          FIXED,
          UNKNOWN,
          VARIANT,
          GEOMETRY,
          GEOGRAPHY,
          STRUCT,
          LIST,
          MAP ->
          Optional.empty();
    };
  }

  private static Optional<Object> typed(
      DataType sparkType, DataType expected, Object value, Class<?> javaClass) {
    return sparkType.equals(expected) && javaClass.isInstance(value)
        ? Optional.of(value)
        : Optional.empty();
  }

  /** A string whose UTF-8 bytes survive the round trip through Java's UTF-16 unchanged. */
  private static Optional<Object> text(DataType sparkType, Object value) {
    if (!sparkType.equals(DataTypes.StringType) || !(value instanceof UTF8String utf8)) {
      return Optional.empty();
    }
    String text = utf8.toString();
    return UTF8String.fromString(text).equals(utf8) ? Optional.of(text) : Optional.empty();
  }

  /** A decimal that is exactly a value of the column's precision and scale. */
  private static Optional<Object> decimal(PrimitiveType type, DataType sparkType, Object value) {
    if (!(sparkType instanceof DecimalType) || !(value instanceof Decimal decimal)) {
      return Optional.empty();
    }
    BigDecimal exact;
    try {
      exact = decimal.toJavaBigDecimal().setScale(type.scale());
    } catch (ArithmeticException rounds) {
      return Optional.empty();
    }
    return exact.precision() <= type.precision() ? Optional.of(exact) : Optional.empty();
  }

  /**
   * Whether this filter compares values of {@code type} exactly as Spark does, so that a predicate
   * on such a column may be left to the reader's row filter. Floating point is not (Spark orders
   * NaN above every number and equates -0.0 and 0.0), nor types Spark holds otherwise.
   */
  public static boolean comparesExactly(TypeId type) {
    return switch (type) {
      case BOOLEAN, INT, LONG, DATE, TIMESTAMP, TIMESTAMPTZ, STRING, DECIMAL, BINARY -> true;
      case FLOAT,
          DOUBLE,
          TIME,
          TIMESTAMP_NS,
          TIMESTAMPTZ_NS,
          UUID,
          FIXED,
          UNKNOWN,
          VARIANT,
          GEOMETRY,
          GEOGRAPHY,
          STRUCT,
          LIST,
          MAP ->
          false;
    };
  }
}
