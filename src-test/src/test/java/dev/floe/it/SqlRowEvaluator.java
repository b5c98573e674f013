package dev.floe.it;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDateTime;
import java.util.List;
import java.util.UUID;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.And;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Literal;
import org.apache.iceberg.expressions.Not;
import org.apache.iceberg.expressions.Or;
import org.apache.iceberg.expressions.UnboundPredicate;
import org.apache.iceberg.expressions.UnboundTerm;
import org.apache.iceberg.expressions.UnboundTransform;
import org.apache.iceberg.transforms.Transform;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.DateTimeUtil;

/**
 * Evaluates an unbound Iceberg filter on one row with SQL's three-valued logic: a comparison with a
 * null is unknown, {@code NOT unknown} is unknown, and a row matches only when the filter is true.
 * So {@code x != 5}, {@code x NOT IN (...)} and {@code x NOT STARTS WITH 'a'} do not match a null
 * {@code x}, unlike Iceberg's evaluators. NaN is greater than every number, as in Spark and as Floe
 * documents it (so {@code x > 5} and {@code NOT (x < 5)} match a NaN, where Iceberg's evaluators
 * match neither), it equals no literal, and {@code is_nan}/{@code not_nan} are never unknown.
 *
 * <p>Written independently of both planners, it is the judge when Floe prunes a file Iceberg plans:
 * no row of that file may match. Values are compared exactly (numbers as decimals, strings by code
 * point, UUIDs and binary as unsigned bytes, as the table spec orders them).
 */
final class SqlRowEvaluator {
  private final Schema schema;

  SqlRowEvaluator(Schema schema) {
    this.schema = schema;
  }

  boolean matches(Expression filter, Record row) {
    return Boolean.TRUE.equals(evaluate(filter, row));
  }

  /** TRUE, FALSE, or null for unknown. */
  private Boolean evaluate(Expression expression, Record row) {
    switch (expression.op()) {
      case TRUE:
        return true;
      case FALSE:
        return false;
      case AND:
        {
          And and = (And) expression;
          Boolean left = evaluate(and.left(), row);
          Boolean right = evaluate(and.right(), row);
          if (Boolean.FALSE.equals(left) || Boolean.FALSE.equals(right)) {
            return false;
          }
          return left == null || right == null ? null : true;
        }
      case OR:
        {
          Or or = (Or) expression;
          Boolean left = evaluate(or.left(), row);
          Boolean right = evaluate(or.right(), row);
          if (Boolean.TRUE.equals(left) || Boolean.TRUE.equals(right)) {
            return true;
          }
          return left == null || right == null ? null : false;
        }
      case NOT:
        {
          Boolean child = evaluate(((Not) expression).child(), row);
          return child == null ? null : !child;
        }
      default:
        return predicate((UnboundPredicate<?>) expression, row);
    }
  }

  private Boolean predicate(UnboundPredicate<?> predicate, Record row) {
    TermValue term = termValue(predicate.term(), row);
    Object value = term.value();
    switch (predicate.op()) {
      case IS_NULL:
        return value == null;
      case NOT_NULL:
        return value != null;
      case IS_NAN:
        return isNaN(value);
      case NOT_NAN:
        return !isNaN(value);
      default:
        break;
    }
    if (value == null) {
      return null;
    }
    switch (predicate.op()) {
      case LT:
        return ordered(value, term.type(), predicate.literal(), order -> order < 0);
      case LT_EQ:
        return ordered(value, term.type(), predicate.literal(), order -> order <= 0);
      case GT:
        return ordered(value, term.type(), predicate.literal(), order -> order > 0);
      case GT_EQ:
        return ordered(value, term.type(), predicate.literal(), order -> order >= 0);
      case EQ:
        return equal(value, term.type(), predicate.literal());
      case NOT_EQ:
        return !equal(value, term.type(), predicate.literal());
      case IN:
        return anyEqual(value, term.type(), predicate.literals());
      case NOT_IN:
        return !anyEqual(value, term.type(), predicate.literals());
      case STARTS_WITH:
        return value.toString().startsWith(predicate.literal().value().toString());
      case NOT_STARTS_WITH:
        return !value.toString().startsWith(predicate.literal().value().toString());
      default:
        throw new IllegalArgumentException("Cannot evaluate " + predicate);
    }
  }

  private interface OrderTest {
    boolean holds(int order);
  }

  private static Boolean ordered(Object value, Type type, Literal<?> literal, OrderTest test) {
    return test.holds(isNaN(value) ? 1 : compare(value, type, literal.value()));
  }

  private static boolean equal(Object value, Type type, Literal<?> literal) {
    return !isNaN(value) && compare(value, type, literal.value()) == 0;
  }

  private static boolean anyEqual(Object value, Type type, List<? extends Literal<?>> literals) {
    for (Literal<?> literal : literals) {
      if (equal(value, type, literal)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isNaN(Object value) {
    return (value instanceof Float single && single.isNaN())
        || (value instanceof Double number && number.isNaN());
  }

  /** Compares a term's internal value with a literal given in the form the test builds it. */
  static int compare(Object value, Type type, Object literal) {
    if (type.typeId() == Type.TypeID.TIMESTAMP_NANO && literal instanceof CharSequence text) {
      literal = DateTimeUtil.nanosFromTimestamp(LocalDateTime.parse(text));
    }
    if (value instanceof Number number && literal instanceof Number other) {
      if (isInfinite(number) || isInfinite(other)) {
        return Double.compare(number.doubleValue(), other.doubleValue());
      }
      return decimal(number).compareTo(decimal(other));
    }
    if (value instanceof CharSequence text && literal instanceof CharSequence other) {
      return compareCodePoints(text.toString(), other.toString());
    }
    if (value instanceof UUID uuid && literal instanceof UUID other) {
      int high =
          Long.compareUnsigned(uuid.getMostSignificantBits(), other.getMostSignificantBits());
      return high != 0
          ? high
          : Long.compareUnsigned(uuid.getLeastSignificantBits(), other.getLeastSignificantBits());
    }
    if (value instanceof ByteBuffer bytes && literal instanceof ByteBuffer other) {
      return compareUnsigned(bytes, other);
    }
    if (value instanceof Boolean flag && literal instanceof Boolean other) {
      return Boolean.compare(flag, other);
    }
    throw new IllegalArgumentException(
        "Cannot compare a "
            + type
            + " value "
            + value
            + " with the literal "
            + literal
            + " ("
            + literal.getClass().getSimpleName()
            + ")");
  }

  private static boolean isInfinite(Number number) {
    return (number instanceof Float || number instanceof Double)
        && Double.isInfinite(number.doubleValue());
  }

  private static BigDecimal decimal(Number number) {
    if (number instanceof BigDecimal decimal) {
      return decimal;
    }
    if (number instanceof Float || number instanceof Double) {
      return new BigDecimal(number.doubleValue());
    }
    return BigDecimal.valueOf(number.longValue());
  }

  private static int compareCodePoints(String left, String right) {
    int[] leftPoints = left.codePoints().toArray();
    int[] rightPoints = right.codePoints().toArray();
    return java.util.Arrays.compare(leftPoints, rightPoints);
  }

  private static int compareUnsigned(ByteBuffer left, ByteBuffer right) {
    byte[] leftBytes = bytes(left);
    byte[] rightBytes = bytes(right);
    return java.util.Arrays.compareUnsigned(leftBytes, rightBytes);
  }

  private static byte[] bytes(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.duplicate().get(bytes);
    return bytes;
  }

  private record TermValue(Object value, Type type) {}

  private TermValue termValue(UnboundTerm<?> term, Record row) {
    String name = term.ref().name();
    Types.NestedField field = schema.findField(name);
    if (field == null) {
      throw new IllegalArgumentException("No column " + name + " in " + schema);
    }
    Object value = InternalRow.internalValue(field.type(), row.getField(name));
    if (term instanceof UnboundTransform<?, ?> transform) {
      @SuppressWarnings("unchecked")
      Transform<Object, Object> function = (Transform<Object, Object>) transform.transform();
      Object result = value == null ? null : function.bind(field.type()).apply(value);
      return new TermValue(result, function.getResultType(field.type()));
    }
    return new TermValue(value, field.type());
  }
}
