package dev.floe.spark.convert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.expr.Expression;
import dev.floe.table.ListType;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.AlwaysFalse;
import org.apache.spark.sql.connector.expressions.filter.AlwaysTrue;
import org.apache.spark.sql.connector.expressions.filter.And;
import org.apache.spark.sql.connector.expressions.filter.Not;
import org.apache.spark.sql.connector.expressions.filter.Or;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

class TestSparkPredicateConverter {
  private static final Schema SCHEMA =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "data", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(3, "ts", PrimitiveType.of(TypeId.TIMESTAMPTZ)),
              NestedField.optional(4, "ts_ns", PrimitiveType.of(TypeId.TIMESTAMP_NS)),
              NestedField.optional(5, "price", PrimitiveType.decimal(9, 2)),
              NestedField.optional(6, "day", PrimitiveType.of(TypeId.DATE)),
              NestedField.optional(7, "score", PrimitiveType.of(TypeId.DOUBLE)),
              NestedField.optional(8, "payload", PrimitiveType.of(TypeId.BINARY)),
              NestedField.optional(
                  9,
                  "location",
                  new StructType(
                      List.of(
                          NestedField.optional(10, "lat", PrimitiveType.of(TypeId.DOUBLE)),
                          NestedField.optional(11, "city", PrimitiveType.of(TypeId.STRING))))),
              NestedField.optional(
                  12,
                  "tags",
                  new ListType(
                      NestedField.optional(13, "element", PrimitiveType.of(TypeId.STRING))))),
          Set.of());

  private final SparkPredicateConverter converter = new SparkPredicateConverter(SCHEMA);

  private static NamedReference column(String name) {
    return Expressions.column(name);
  }

  private static LiteralValue<Object> literal(Object value, DataType type) {
    return new LiteralValue<>(value, type);
  }

  private static Predicate predicate(
      String name, org.apache.spark.sql.connector.expressions.Expression... children) {
    return new Predicate(name, children);
  }

  private static Predicate idEquals(long value) {
    return predicate("=", column("id"), literal(value, DataTypes.LongType));
  }

  private Optional<Expression> convert(Predicate predicate) {
    return converter.convert(predicate);
  }

  @Test
  void comparisonsConvertWithTheirOperator() {
    assertThat(convert(idEquals(5))).as("=").contains(Expression.equal("id", 5L));
    assertThat(convert(predicate("<=>", column("id"), literal(5L, DataTypes.LongType))))
        .as("null-safe equality with a value")
        .contains(Expression.equal("id", 5L));
    assertThat(convert(predicate("<>", column("id"), literal(5L, DataTypes.LongType))))
        .contains(Expression.notEqual("id", 5L));
    assertThat(convert(predicate("<", column("id"), literal(5L, DataTypes.LongType))))
        .contains(Expression.lessThan("id", 5L));
    assertThat(convert(predicate("<=", column("id"), literal(5L, DataTypes.LongType))))
        .contains(Expression.lessThanOrEqual("id", 5L));
    assertThat(convert(predicate(">", column("id"), literal(5L, DataTypes.LongType))))
        .contains(Expression.greaterThan("id", 5L));
    assertThat(convert(predicate(">=", column("id"), literal(5L, DataTypes.LongType))))
        .contains(Expression.greaterThanOrEqual("id", 5L));
  }

  @Test
  void aLiteralOnTheLeftFlipsTheComparison() {
    assertThat(convert(predicate("<", literal(5L, DataTypes.LongType), column("id"))))
        .as("5 < id is id > 5")
        .contains(Expression.greaterThan("id", 5L));
    assertThat(convert(predicate(">=", literal(5L, DataTypes.LongType), column("id"))))
        .contains(Expression.lessThanOrEqual("id", 5L));
  }

  @Test
  void nullLiterals() {
    assertThat(convert(predicate("<=>", column("data"), literal(null, DataTypes.StringType))))
        .as("data <=> null holds for null rows")
        .contains(Expression.isNull("data"));
    assertThat(convert(predicate("=", column("data"), literal(null, DataTypes.StringType))))
        .as("data = null is never true")
        .contains(Expression.alwaysFalse());
    assertThat(convert(predicate("IS_NULL", column("data")))).contains(Expression.isNull("data"));
    assertThat(convert(predicate("IS_NOT_NULL", column("data"))))
        .contains(Expression.notNull("data"));
  }

  @Test
  void sparkInternalValuesBecomeFloeValues() {
    assertThat(
            convert(
                predicate(
                    "=",
                    column("data"),
                    literal(UTF8String.fromString("a"), DataTypes.StringType))))
        .as("UTF8String to String")
        .contains(Expression.equal("data", "a"));
    assertThat(
            convert(
                predicate(
                    "=",
                    column("price"),
                    literal(
                        Decimal.apply(new BigDecimal("12.34")),
                        DataTypes.createDecimalType(9, 2)))))
        .as("Decimal to BigDecimal")
        .contains(Expression.equal("price", new BigDecimal("12.34")));
    assertThat(convert(predicate("=", column("day"), literal(19000, DataTypes.DateType))))
        .as("dates are days")
        .contains(Expression.equal("day", 19000));
    assertThat(convert(predicate("=", column("ts"), literal(1_000_000L, DataTypes.TimestampType))))
        .as("timestamps are micros")
        .contains(Expression.equal("ts", 1_000_000L));
    assertThat(
            convert(
                predicate("=", column("ts_ns"), literal(1_000_000L, DataTypes.TimestampNTZType))))
        .as("a microsecond is the range of nanoseconds Spark floors to it")
        .contains(
            Expression.and(
                Expression.greaterThanOrEqual("ts_ns", 1_000_000_000L),
                Expression.lessThan("ts_ns", 1_000_001_000L)));
    assertThat(
            convert(
                predicate(
                    "=", column("payload"), literal(new byte[] {1, 2}, DataTypes.BinaryType))))
        .as("binary")
        .contains(Expression.equal("payload", ByteBuffer.wrap(new byte[] {1, 2})));
  }

  /**
   * Spark reads a nanosecond column floored to microseconds: {@code ts_ns <= X} holds up to the
   * last nanosecond of X's microsecond, {@code ts_ns > X} from the first of the next one.
   */
  @Test
  void nanosecondComparisonsAreRangesOfTheFlooredMicrosecond() {
    NamedReference tsNs = column("ts_ns");
    DataType ntz = DataTypes.TimestampNTZType;
    assertThat(convert(predicate("<=", tsNs, literal(-1L, ntz))))
        .contains(Expression.lessThan("ts_ns", 0L));
    assertThat(convert(predicate("<", tsNs, literal(-1L, ntz))))
        .contains(Expression.lessThan("ts_ns", -1_000L));
    assertThat(convert(predicate(">", tsNs, literal(7L, ntz))))
        .contains(Expression.greaterThanOrEqual("ts_ns", 8_000L));
    assertThat(convert(predicate(">=", tsNs, literal(7L, ntz))))
        .contains(Expression.greaterThanOrEqual("ts_ns", 7_000L));
    assertThat(convert(predicate("<>", tsNs, literal(7L, ntz))))
        .contains(
            Expression.or(
                Expression.lessThan("ts_ns", 7_000L),
                Expression.greaterThanOrEqual("ts_ns", 8_000L)));
    assertThat(convert(predicate("IN", tsNs, literal(1L, ntz), literal(5L, ntz))))
        .contains(
            Expression.or(
                Expression.and(
                    Expression.greaterThanOrEqual("ts_ns", 1_000L),
                    Expression.lessThan("ts_ns", 2_000L)),
                Expression.and(
                    Expression.greaterThanOrEqual("ts_ns", 5_000L),
                    Expression.lessThan("ts_ns", 6_000L))));
    assertThat(convert(predicate("=", tsNs, literal(Long.MAX_VALUE / 1_000L, ntz))))
        .as("a microsecond whose range ends beyond a long of nanoseconds stays with Spark")
        .isEmpty();
  }

  @Test
  void nanEqualityIsIsNaN() {
    assertThat(convert(predicate("=", column("score"), literal(Double.NaN, DataTypes.DoubleType))))
        .contains(Expression.isNaN("score"));
    assertThat(
            convert(
                new Not(
                    predicate("=", column("score"), literal(Double.NaN, DataTypes.DoubleType)))))
        .contains(Expression.not(Expression.isNaN("score")));
    assertThat(convert(predicate("<", column("score"), literal(Double.NaN, DataTypes.DoubleType))))
        .as("Spark orders NaN above all numbers; Floe does not order it")
        .isEmpty();
  }

  @Test
  void inDropsNullsAndStartsWith() {
    Predicate in =
        predicate(
            "IN",
            column("id"),
            literal(1L, DataTypes.LongType),
            literal(null, DataTypes.LongType),
            literal(3L, DataTypes.LongType));
    assertThat(convert(in)).contains(Expression.in("id", 1L, 3L));
    assertThat(convert(predicate("IN", column("id"), literal(null, DataTypes.LongType))))
        .as("only null in the list: never true")
        .contains(Expression.alwaysFalse());
    assertThat(
            convert(
                predicate(
                    "STARTS_WITH",
                    column("data"),
                    literal(UTF8String.fromString("ab"), DataTypes.StringType))))
        .contains(Expression.startsWith("data", "ab"));
  }

  @Test
  void stringsThatAreNotUtf8StayWithSpark() {
    // Java decodes the byte 0xFF as U+FFFD: a predicate on that replacement would prune, and now
    // filter rows, by another value than the one Spark compares with
    UTF8String invalid = UTF8String.fromBytes(new byte[] {'a', (byte) 0xFF});
    assertThat(convert(predicate("=", column("data"), literal(invalid, DataTypes.StringType))))
        .as("equality with a string that is not UTF-8")
        .isEmpty();
    assertThat(
            convert(
                predicate("STARTS_WITH", column("data"), literal(invalid, DataTypes.StringType))))
        .as("a prefix that is not UTF-8")
        .isEmpty();
    assertThat(
            convert(
                predicate(
                    "IN",
                    column("data"),
                    literal(UTF8String.fromString("b"), DataTypes.StringType),
                    literal(invalid, DataTypes.StringType))))
        .as("a list holding a string that is not UTF-8")
        .isEmpty();
    assertThat(
            converter.convertExactly(
                predicate("=", column("data"), literal(invalid, DataTypes.StringType))))
        .as("no exact form either")
        .isEmpty();
  }

  @Test
  void logicalOperatorsAndConstants() {
    Predicate left = idEquals(1);
    Predicate right = predicate("IS_NULL", column("data"));
    assertThat(convert(new And(left, right)))
        .contains(Expression.and(Expression.equal("id", 1L), Expression.isNull("data")));
    assertThat(convert(new Or(left, right)))
        .contains(Expression.or(Expression.equal("id", 1L), Expression.isNull("data")));
    assertThat(convert(new Not(left))).contains(Expression.not(Expression.equal("id", 1L)));
    assertThat(convert(new AlwaysTrue())).contains(Expression.alwaysTrue());
    assertThat(convert(new AlwaysFalse())).contains(Expression.alwaysFalse());
  }

  @Test
  void nestedNamesAreDotted() {
    Predicate nested =
        predicate(
            "=",
            column("location.city"),
            literal(UTF8String.fromString("Oslo"), DataTypes.StringType));
    assertThat(convert(nested)).contains(Expression.equal("location.city", "Oslo"));
  }

  @Test
  void unconvertiblePredicatesStayWithSpark() {
    Predicate unknown =
        predicate(
            "ENDS_WITH", column("data"), literal(UTF8String.fromString("z"), DataTypes.StringType));
    assertThat(convert(unknown)).as("no Floe form for ENDS_WITH").isEmpty();
    assertThat(convert(predicate("IS_NULL", column("_file"))))
        .as("metadata columns are not in the table schema")
        .isEmpty();
    assertThat(convert(predicate("IS_NULL", column("tags"))))
        .as("a list column is not a primitive")
        .isEmpty();
    assertThat(convert(new And(idEquals(1), unknown)))
        .as("AND with an unconvertible side")
        .isEmpty();
    assertThat(convert(new Not(unknown))).isEmpty();
    assertThat(
            convert(
                predicate(
                    "=",
                    column("day"),
                    literal(UTF8String.fromString("not a date"), DataTypes.StringType))))
        .as("a literal planning could not bind")
        .isEmpty();
    assertThat(convert(predicate("=", column("id"), column("id")))).as("no literal").isEmpty();
  }

  @Test
  void notOverNullSafeEqualityHasNoSupersetForm() {
    Predicate nullSafe = predicate("<=>", column("id"), literal(5L, DataTypes.LongType));
    assertThat(convert(new Not(nullSafe)))
        .as("NOT (id <=> 5) holds for null ids, which Floe's not-equal drops")
        .isEmpty();
    assertThat(convert(new Not(new And(idEquals(1), nullSafe)))).as("also below an AND").isEmpty();
  }
}
