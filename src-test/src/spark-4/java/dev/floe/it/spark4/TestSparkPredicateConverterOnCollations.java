package dev.floe.it.spark4;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.spark.convert.SparkPredicateConverter;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.TypeId;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.spark.sql.connector.expressions.Cast;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.filter.And;
import org.apache.spark.sql.connector.expressions.filter.Not;
import org.apache.spark.sql.connector.expressions.filter.Or;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Floe's converter refuses, at both strengths, any part of a predicate whose literal or cast Spark
 * compares under a collation that is not binary, whatever shape the part has: the shape Spark 4.0
 * to 4.2 hand a scan ({@code CAST(s AS STRING COLLATE X) = 'v' COLLATE X}) and the bare shape a
 * column and a collated literal would have ({@code s = 'v' COLLATE X}), which Floe would otherwise
 * take for a binary comparison of {@code s}. The same predicates with binary literals convert, so
 * the refusal is the collation's.
 */
class TestSparkPredicateConverterOnCollations {
  private static final Schema SCHEMA =
      new Schema(
          0,
          List.of(
              NestedField.required(1, "id", PrimitiveType.of(TypeId.LONG)),
              NestedField.optional(2, "s", PrimitiveType.of(TypeId.STRING))),
          Set.of());

  private static final SparkPredicateConverter CONVERTER = new SparkPredicateConverter(SCHEMA);

  private static final DataType LCASE = DataType.fromDDL("STRING COLLATE UTF8_LCASE");
  private static final DataType UNICODE_CI = DataType.fromDDL("STRING COLLATE UNICODE_CI");
  private static final DataType RTRIM = DataType.fromDDL("STRING COLLATE UTF8_BINARY_RTRIM");

  private static Expression text(String value, DataType type) {
    return new LiteralValue<>(UTF8String.fromString(value), type);
  }

  private static Predicate predicate(String name, Expression... children) {
    return new Predicate(name, children);
  }

  private static Predicate idPositive() {
    return predicate(">", Expressions.column("id"), new LiteralValue<>(0L, DataTypes.LongType));
  }

  /** Predicates on {@code s} built with literals of {@code type}. */
  static List<Predicate> shapes(DataType type) {
    Expression s = Expressions.column("s");
    return List.of(
        predicate("=", s, text("abc", type)),
        predicate("=", text("abc", type), s),
        predicate("<>", s, text("abc", type)),
        predicate("<", s, text("abd", type)),
        predicate(">=", s, text("abd", type)),
        predicate("<=>", s, text("abc", type)),
        predicate("IN", s, text("abc", type), text("x", type)),
        predicate("STARTS_WITH", s, text("ab", type)),
        new Not(predicate("=", s, text("abc", type))),
        new And(idPositive(), predicate("=", s, text("abc", type))),
        new Or(idPositive(), predicate("=", s, text("abc", type))));
  }

  static Stream<Predicate> collated() {
    Stream<Predicate> bare =
        Stream.of(LCASE, UNICODE_CI, RTRIM).flatMap(type -> shapes(type).stream());
    Stream<Predicate> asSparkHandsThem =
        Stream.of(
            predicate("=", new Cast(Expressions.column("s"), LCASE), text("abc", LCASE)),
            predicate(
                "IN", new Cast(Expressions.column("s"), UNICODE_CI), text("abc", UNICODE_CI)));
    return Stream.concat(bare, asSparkHandsThem);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("collated")
  void collatedPredicateIsNeitherPrunedByNorFiltered(Predicate predicate) {
    assertThat(CONVERTER.convert(predicate)).as("pruning form of %s", predicate).isEmpty();
    assertThat(CONVERTER.convertExactly(predicate)).as("exact form of %s", predicate).isEmpty();
  }

  @Test
  void sameShapesWithBinaryLiteralsConvert() {
    for (DataType binary :
        List.of(DataTypes.StringType, DataType.fromDDL("STRING COLLATE UTF8_BINARY"))) {
      for (Predicate predicate : shapes(binary)) {
        assertThat(CONVERTER.convert(predicate)).as("pruning form of %s", predicate).isPresent();
      }
    }
  }
}
