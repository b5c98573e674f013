package dev.floe.spark.convert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.expr.Expression;
import dev.floe.spark.exec.TestRowFilterMatchesSpark;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Not;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/**
 * The exact forms {@link SparkPredicateConverter#convertExactly} builds, and what it refuses. That
 * the forms keep exactly Spark's rows is {@link TestRowFilterMatchesSpark}'s job.
 */
class TestExactPredicates {
  private static final Schema SCHEMA =
      new Schema(
          0,
          List.of(
              NestedField.optional(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "name", PrimitiveType.of(TypeId.STRING)),
              NestedField.optional(3, "price", PrimitiveType.decimal(9, 2)),
              NestedField.optional(4, "score", PrimitiveType.of(TypeId.DOUBLE)),
              NestedField.optional(5, "at_ns", PrimitiveType.of(TypeId.TIMESTAMP_NS)),
              NestedField.optional(6, "key", PrimitiveType.of(TypeId.UUID)),
              NestedField.optional(
                  7,
                  "point",
                  new StructType(
                      List.of(NestedField.optional(8, "x", PrimitiveType.of(TypeId.INT))))),
              NestedField.optional(9, "count", PrimitiveType.of(TypeId.INT))),
          Set.of());

  private final SparkPredicateConverter converter = new SparkPredicateConverter(SCHEMA);

  private static NamedReference column(String name) {
    return Expressions.column(name);
  }

  private static LiteralValue<Object> literal(Object value, DataType type) {
    return new LiteralValue<>(value, type);
  }

  private static LiteralValue<Object> id(long value) {
    return literal(value, DataTypes.LongType);
  }

  private static Predicate predicate(
      String name, org.apache.spark.sql.connector.expressions.Expression... children) {
    return new Predicate(name, children);
  }

  private Optional<Expression> exact(Predicate predicate) {
    return converter.convertExactly(predicate);
  }

  @Test
  void negationsRequireAValue() {
    assertThat(exact(predicate("<>", column("id"), id(5))))
        .as("a <> v is TRUE only for non-null values")
        .contains(Expression.and(Expression.notEqual("id", 5L), Expression.notNull("id")));
    assertThat(exact(new Not(predicate("<", column("id"), id(5)))))
        .as("NOT (a < v) is a >= v")
        .contains(Expression.greaterThanOrEqual("id", 5L));
    assertThat(exact(new Not(predicate("IS_NULL", column("id")))))
        .contains(Expression.notNull("id"));
  }

  @Test
  void nullSafeEqualityAndNullLiterals() {
    assertThat(exact(new Not(predicate("<=>", column("id"), id(5)))))
        .as("NOT (a <=> v) holds for nulls")
        .contains(
            Expression.or(
                Expression.isNull("id"),
                Expression.and(Expression.notEqual("id", 5L), Expression.notNull("id"))));
    assertThat(exact(predicate("<=>", column("id"), literal(null, DataTypes.LongType))))
        .contains(Expression.isNull("id"));
    assertThat(exact(new Not(predicate("=", column("id"), literal(null, DataTypes.LongType)))))
        .as("NOT (a = null) is unknown on every row")
        .contains(Expression.alwaysFalse());
  }

  @Test
  void inListsWithNull() {
    Predicate withNull = predicate("IN", column("id"), id(1), literal(null, DataTypes.LongType));
    assertThat(exact(withNull)).contains(Expression.in("id", 1L));
    assertThat(exact(new Not(withNull)))
        .as("NOT IN a list with null is never TRUE")
        .contains(Expression.alwaysFalse());
    assertThat(exact(new Not(predicate("IN", column("id"), id(1), id(2)))))
        .contains(Expression.and(Expression.notIn("id", 1L, 2L), Expression.notNull("id")));
    assertThat(exact(predicate("IN", column("id"))))
        .as("an empty list: Spark versions disagree on null")
        .isEmpty();
  }

  @Test
  void startsWithAndItsNegation() {
    Predicate startsWith =
        predicate(
            "STARTS_WITH",
            column("name"),
            literal(UTF8String.fromString("日"), DataTypes.StringType));
    assertThat(exact(startsWith)).contains(Expression.startsWith("name", "日"));
    assertThat(exact(new Not(startsWith)))
        .contains(
            Expression.and(Expression.notStartsWith("name", "日"), Expression.notNull("name")));
  }

  @Test
  void decimalsOnlyWhenTheLiteralIsAValueOfTheColumn() {
    Predicate fits =
        predicate(
            "=",
            column("price"),
            literal(Decimal.apply(new BigDecimal("1.5")), DataTypes.createDecimalType(2, 1)));
    assertThat(exact(fits)).contains(Expression.equal("price", new BigDecimal("1.50")));
    Predicate rounds =
        predicate(
            "=",
            column("price"),
            literal(Decimal.apply(new BigDecimal("1.505")), DataTypes.createDecimalType(4, 3)));
    assertThat(exact(rounds)).as("needs a third decimal digit").isEmpty();
    Predicate tooLarge =
        predicate(
            "<",
            column("price"),
            literal(
                Decimal.apply(new BigDecimal("12345678901.00")),
                DataTypes.createDecimalType(13, 2)));
    assertThat(exact(tooLarge)).as("beyond the column's precision").isEmpty();
  }

  @Test
  void refusesWhatTheReaderCannotCompareAsSparkDoes() {
    assertThat(exact(predicate(">", column("score"), literal(1.0, DataTypes.DoubleType))))
        .as("double: NaN and -0.0")
        .isEmpty();
    assertThat(exact(predicate(">", column("at_ns"), literal(1L, DataTypes.TimestampType))))
        .as("nanosecond timestamps")
        .isEmpty();
    assertThat(
            exact(
                predicate(
                    "=",
                    column("key"),
                    literal(
                        UTF8String.fromString("00000000-0000-0000-0000-000000000000"),
                        DataTypes.StringType))))
        .as("uuid")
        .isEmpty();
    assertThat(
            exact(predicate("=", Expressions.column("point.x"), literal(1, DataTypes.IntegerType))))
        .as("a nested field")
        .isEmpty();
    assertThat(exact(predicate("=", column("count"), literal(1L, DataTypes.LongType))))
        .as("a literal of another type than the column's")
        .isEmpty();
    assertThat(
            exact(
                predicate(
                    "=",
                    column("name"),
                    literal(UTF8String.fromBytes(new byte[] {(byte) 0xff}), DataTypes.StringType))))
        .as("a string that is not valid UTF-8")
        .isEmpty();
    assertThat(exact(predicate("=", column("id"), column("id")))).as("no literal").isEmpty();
    assertThat(
            exact(
                predicate(
                    "AND",
                    predicate("=", column("id"), id(1)),
                    predicate("<", column("score"), literal(1.0, DataTypes.DoubleType)))))
        .as("AND with one side that has no exact form")
        .isEmpty();
    assertThat(
            exact(
                predicate(
                    "ENDS_WITH",
                    column("name"),
                    literal(UTF8String.fromString("x"), DataTypes.StringType))))
        .isEmpty();
  }

  @Test
  void nullTestsAreExactOnAnyTopLevelPrimitive() {
    assertThat(exact(predicate("IS_NULL", column("score")))).contains(Expression.isNull("score"));
    assertThat(exact(predicate("IS_NOT_NULL", Expressions.column("point.x")))).isEmpty();
  }
}
