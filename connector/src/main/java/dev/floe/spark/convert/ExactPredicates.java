package dev.floe.spark.convert;

import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Optional;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * What {@link Strength#EXACT} claims: the column types whose comparisons Floe's reader reproduces
 * bit for bit, and the literals that convert to them without loss.
 *
 * <p>Claimed are boolean, int, long, date, timestamp with or without zone (microseconds), string
 * (UTF-8 bytes compared unsigned, as Spark's {@code UTF8String}), decimal and binary (unsigned
 * bytes), each with a literal of exactly the column's Spark type. Not float and double (Spark
 * orders NaN and equates -0.0 with 0.0 its own way), not nanosecond timestamps, uuid, time or
 * fixed.
 */
public final class ExactPredicates {
  private ExactPredicates() {}

  /**
   * The literal as a Floe value of the column's type, when its Spark type is the column's and the
   * conversion loses nothing.
   */
  static Optional<Object> value(PrimitiveType type, Literal<?> literal) {
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
