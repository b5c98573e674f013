package dev.floe.spark.convert;

import dev.floe.expr.Expression;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.nio.ByteBuffer;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A primitive column of the read schema that a Spark predicate names, by its full dotted name.
 *
 * @param topLevel whether it is a top-level column (not a field of a struct); only those are
 *     claimed at {@link Strength#EXACT}
 * @param schema the read schema, against which expressions on the column are bound
 */
record ResolvedColumn(String name, PrimitiveType type, boolean topLevel, Schema schema) {
  /**
   * The primitive column {@code reference} names in {@code schema}, or empty (a missing column, a
   * metadata column, a struct, list or map).
   */
  static Optional<ResolvedColumn> resolve(NamedReference reference, Schema schema) {
    String[] names = reference.fieldNames();
    String name = String.join(".", names);
    NestedField field = schema.findField(name);
    if (field == null || !(field.type() instanceof PrimitiveType type)) {
      return Optional.empty();
    }
    boolean topLevel = names.length == 1 && schema.columnIndex(field.fieldId()) >= 0;
    return Optional.of(new ResolvedColumn(name, type, topLevel, schema));
  }

  /** Whether planning will accept the expression; one it would reject stays with Spark. */
  boolean binds(Expression expression) {
    return SparkPredicateConverter.binds(schema, expression);
  }

  /**
   * Whether the column holds nanosecond timestamps, which Spark reads floored to microseconds: a
   * comparison with one of Spark's literals is a range ({@link NanosecondComparison}).
   */
  boolean holdsNanoseconds() {
    return type.typeId() == TypeId.TIMESTAMP_NS || type.typeId() == TypeId.TIMESTAMPTZ_NS;
  }

  boolean isString() {
    return type.typeId() == TypeId.STRING;
  }

  /** Whether the reader's row filter compares this column's values exactly as Spark does. */
  boolean comparesExactly() {
    return topLevel && ExactPredicates.comparesExactly(type.typeId());
  }

  /**
   * A literal's Spark internal value as a Floe value of this column, or empty when it has no such
   * form at {@code strength}: for pruning, any value of a matching Java representation (strings
   * from {@code UTF8String}, decimals from Spark's {@code Decimal}, binary as bytes, timestamps as
   * microseconds; none for a nanosecond column, see {@link #holdsNanoseconds}); exactly, only a
   * literal of the column's own Spark type that converts without loss ({@link
   * ExactPredicates#value}).
   */
  Optional<Object> value(Literal<?> literal, Strength strength) {
    return switch (strength) {
      case PRUNING -> Optional.ofNullable(pruningValue(literal.value()));
      case EXACT -> ExactPredicates.value(type, literal);
    };
  }

  private Object pruningValue(Object sparkValue) {
    if (sparkValue instanceof UTF8String text) {
      return validText(text).orElse(null);
    }
    if (sparkValue instanceof Decimal decimal) {
      return decimal.toJavaBigDecimal();
    }
    if (sparkValue instanceof byte[] bytes) {
      return ByteBuffer.wrap(bytes.clone());
    }
    if (holdsNanoseconds()) {
      return null; // a microsecond literal is a range of nanoseconds: NanosecondComparison
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

  static boolean isNaN(Object value) {
    return (value instanceof Double doubleValue && doubleValue.isNaN())
        || (value instanceof Float floatValue && floatValue.isNaN());
  }

  /**
   * The Java string of a Spark string, or empty when its bytes are not valid UTF-8: Java replaces
   * each invalid sequence with U+FFFD, and a predicate on that replacement would match other rows
   * than Spark's, so such a literal stays with Spark.
   */
  static Optional<String> validText(UTF8String text) {
    String decoded = text.toString();
    return UTF8String.fromString(decoded).equals(text) ? Optional.of(decoded) : Optional.empty();
  }
}
