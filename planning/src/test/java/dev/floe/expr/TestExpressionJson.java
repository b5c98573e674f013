package dev.floe.expr;

import static dev.floe.expr.AllTypesSchema.bind;
import static dev.floe.expr.AllTypesSchema.reference;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class TestExpressionJson {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final UUID SOME_UUID = UUID.fromString("f79c3e09-677c-4bbd-a479-3f349cb785e7");
  private static final NamedReference NAME = new NamedReference("name");

  // ---- predicates, every operation, both ways

  @ParameterizedTest
  @EnumSource(Operation.class)
  void readsAndWritesEveryOperationUnbound(Operation operation) {
    String json = predicateJson(operation, "\"name\"");

    Expression parsed = ExpressionJson.parse(json);

    List<Literal> literals =
        switch (operation.arity()) {
          case UNARY -> List.of();
          case LITERAL -> List.of(Literal.of(TextNode.valueOf("a")));
          case SET -> List.of(Literal.of(TextNode.valueOf("a")), Literal.of(TextNode.valueOf("b")));
        };
    assertThat(parsed)
        .as("%s reads as an unbound predicate on the named column", operation)
        .isEqualTo(new UnboundPredicate(operation, NAME, literals));
    assertThat(ExpressionJson.toJson(parsed))
        .as("%s writes back exactly as read", operation)
        .isEqualTo(json);
  }

  @ParameterizedTest
  @EnumSource(Operation.class)
  void writesEveryBoundOperationAndReadsItBack(Operation operation) {
    boolean nanTest = operation == Operation.IS_NAN || operation == Operation.NOT_NAN;
    String column = nanTest ? "score" : "name";
    Expression bound = bind(ExpressionJson.parse(predicateJson(operation, "\"" + column + "\"")));

    assertThat(bound).as("%s binds to itself", operation).isInstanceOf(BoundPredicate.class);
    assertThat(ExpressionJson.toJson(bound))
        .as("bound %s writes the REST JSON with typed values", operation)
        .isEqualTo(predicateJson(operation, "\"" + column + "\""));
    assertThat(bind(ExpressionJson.parse(ExpressionJson.toJson(bound))))
        .as("bound %s reads back to the same bound predicate", operation)
        .isEqualTo(bound);
  }

  private static String predicateJson(Operation operation, String term) {
    String start = "{\"type\":\"" + operation.jsonName() + "\",\"term\":" + term;
    return switch (operation.arity()) {
      case UNARY -> start + "}";
      case LITERAL -> start + ",\"value\":\"a\"}";
      case SET -> start + ",\"values\":[\"a\",\"b\"]}";
    };
  }

  @Test
  void readsOperationAndTypeNamesIgnoringCase() {
    Expression parsed =
        ExpressionJson.parse(
            "{\"type\":\"AND\",\"left\":{\"type\":\"Lt-Eq\",\"term\":\"count\",\"value\":3},"
                + "\"right\":{\"type\":\"NOT\",\"child\":{\"type\":\"IS-NULL\","
                + "\"term\":{\"type\":\"Reference\",\"term\":\"name\"}}}}");

    assertThat(parsed)
        .as("type names of expressions, predicates and terms ignore case")
        .isEqualTo(
            new And(
                new UnboundPredicate(
                    Operation.LT_EQ,
                    new NamedReference("count"),
                    List.of(Literal.of(IntNode.valueOf(3)))),
                new Not(new UnboundPredicate(Operation.IS_NULL, NAME, List.of()))));
  }

  // ---- constants

  @ParameterizedTest
  @ValueSource(
      strings = {
        "true",
        "\"true\"",
        "\"TRUE\"",
        "{\"type\":\"true\"}",
        "{\"type\":\"True\"}",
        "{\"type\":\"literal\",\"value\":true}",
        "{\"type\":\"LITERAL\",\"value\":true}"
      })
  void readsEveryFormOfTrue(String json) {
    assertThat(ExpressionJson.parse(json))
        .as("%s is true", json)
        .isEqualTo(Expression.alwaysTrue());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "false",
        "\"false\"",
        "{\"type\":\"false\"}",
        "{\"type\":\"FALSE\"}",
        "{\"type\":\"literal\",\"value\":false}"
      })
  void readsEveryFormOfFalse(String json) {
    assertThat(ExpressionJson.parse(json))
        .as("%s is false", json)
        .isEqualTo(Expression.alwaysFalse());
  }

  @Test
  void writesConstantsAsJsonBooleans() {
    assertThat(ExpressionJson.toJson(Expression.alwaysTrue())).as("true").isEqualTo("true");
    assertThat(ExpressionJson.toJson(Expression.alwaysFalse())).as("false").isEqualTo("false");
    assertThat(ExpressionJson.toJsonNode(Expression.alwaysTrue()).isBoolean())
        .as("the tree form is a JSON boolean, as Iceberg writes it")
        .isTrue();
  }

  @Test
  void foldsConstantsInsideAndOrNot() {
    assertThat(
            ExpressionJson.parse(
                "{\"type\":\"and\",\"left\":true,\"right\":{\"type\":\"not\",\"child\":false}}"))
        .as("true and not false folds to true")
        .isEqualTo(Expression.alwaysTrue());
  }

  // ---- and, or, not

  @Test
  void readsAndWritesAndOrNot() {
    String json =
        "{\"type\":\"or\","
            + "\"left\":{\"type\":\"and\",\"left\":{\"type\":\"is-null\",\"term\":\"name\"},"
            + "\"right\":{\"type\":\"not-null\",\"term\":\"count\"}},"
            + "\"right\":{\"type\":\"not\",\"child\":{\"type\":\"eq\",\"term\":\"id\",\"value\":5}}}";

    Expression parsed = ExpressionJson.parse(json);

    assertThat(parsed)
        .as("the tree shape is kept")
        .isEqualTo(
            new Or(
                new And(Expression.isNull("name"), Expression.notNull("count")),
                new Not(
                    new UnboundPredicate(
                        Operation.EQ,
                        new NamedReference("id"),
                        List.of(Literal.of(IntNode.valueOf(5)))))));
    assertThat(ExpressionJson.toJson(parsed)).as("not is written as not").isEqualTo(json);
  }

  // ---- terms

  @Test
  void readsATransformTerm() {
    Expression parsed =
        ExpressionJson.parse(
            "{\"type\":\"eq\",\"term\":{\"type\":\"transform\",\"transform\":\"bucket[16]\","
                + "\"term\":\"id\"},\"value\":3}");

    assertThat(parsed)
        .as("a transform term reads as an unbound transform of the column")
        .isEqualTo(
            new UnboundPredicate(
                Operation.EQ,
                new UnboundTransform(new NamedReference("id"), Transform.parse("bucket[16]")),
                List.of(Literal.of(IntNode.valueOf(3)))));
  }

  @Test
  void readsATransformOfAReferenceObject() {
    Expression parsed =
        ExpressionJson.parse(
            "{\"type\":\"is-null\",\"term\":{\"type\":\"transform\",\"transform\":\"day\","
                + "\"term\":{\"type\":\"reference\",\"term\":\"ts\"}}}");

    assertThat(parsed)
        .as("the transform's column may be a reference object")
        .isEqualTo(
            new UnboundPredicate(
                Operation.IS_NULL,
                new UnboundTransform(new NamedReference("ts"), Transform.parse("day")),
                List.of()));
  }

  @Test
  void writesTransformTermsUnboundAndBound() {
    String json =
        "{\"type\":\"lt\",\"term\":{\"type\":\"transform\",\"transform\":\"identity\","
            + "\"term\":\"count\"},\"value\":3}";
    Expression bound = bind(ExpressionJson.parse(json));

    assertThat(bound)
        .as("an identity transform binds to a bound transform")
        .isEqualTo(
            BoundPredicate.literal(
                Operation.LT,
                new BoundTransform(reference(AllTypesSchema.COUNT), Transform.parse("identity")),
                3));
    assertThat(ExpressionJson.toJson(ExpressionJson.parse(json)))
        .as("the unbound transform term is written as read")
        .isEqualTo(json);
    assertThat(ExpressionJson.toJson(bound))
        .as("the bound transform term is written as the same object")
        .isEqualTo(json);
  }

  @Test
  void writesANestedColumnByItsFullName() {
    Expression bound = bind(Expression.equal("location.City", "Lyon"));

    assertThat(ExpressionJson.toJson(bound))
        .as("the term is the full dotted name")
        .isEqualTo("{\"type\":\"eq\",\"term\":\"location.City\",\"value\":\"Lyon\"}");
  }

  // ---- literal values

  @Test
  void unwrapsLiteralValueObjects() {
    Expression parsed =
        ExpressionJson.parse(
            "{\"type\":\"or\","
                + "\"left\":{\"type\":\"gt\",\"term\":\"count\","
                + "\"value\":{\"type\":\"literal\",\"value\":3}},"
                + "\"right\":{\"type\":\"in\",\"term\":\"count\","
                + "\"values\":[{\"type\":\"Literal\",\"value\":5},7]}}");

    assertThat(parsed)
        .as("wrapped and bare values read the same")
        .isEqualTo(
            new Or(
                new UnboundPredicate(
                    Operation.GT,
                    new NamedReference("count"),
                    List.of(Literal.of(IntNode.valueOf(3)))),
                new UnboundPredicate(
                    Operation.IN,
                    new NamedReference("count"),
                    List.of(Literal.of(IntNode.valueOf(5)), Literal.of(IntNode.valueOf(7))))));
  }

  @Test
  void readsAStringValueWithTheColumnsType() {
    Expression bound =
        bind(
            ExpressionJson.parse("{\"type\":\"gt-eq\",\"term\":\"day\",\"value\":\"2026-01-01\"}"));

    assertThat(bound)
        .as("a date column reads the string as a date (days since epoch)")
        .isEqualTo(BoundPredicate.literal(Operation.GT_EQ, reference(AllTypesSchema.DAY), 20454));
  }

  @Test
  void readsAJsonNumberForADecimalColumnAsItsShortestDecimal() {
    Expression bound =
        bind(ExpressionJson.parse("{\"type\":\"lt\",\"term\":\"price\",\"value\":0.125}"));

    assertThat(bound)
        .as("0.125 lies between two decimal(9,2) values: x < 0.125 is x <= 0.12")
        .isEqualTo(
            BoundPredicate.literal(
                Operation.LT_EQ, reference(AllTypesSchema.PRICE), new BigDecimal("0.12")));
  }

  @Test
  void readsNegativeZeroAsAZeroOfEitherSign() {
    Expression bound =
        bind(ExpressionJson.parse("{\"type\":\"gt\",\"term\":\"score\",\"value\":-0.0}"));

    assertThat(bound)
        .as("SQL's -0.0 = 0.0: greater than -0.0 is greater than both zeros")
        .isEqualTo(BoundPredicate.literal(Operation.GT, reference(AllTypesSchema.SCORE), 0.0d));
  }

  /** Java literal values, and the JSON Iceberg's parser writes for them. */
  static Stream<Arguments> javaValues() {
    return Stream.of(
        Arguments.of(5, "5"),
        Arguments.of(5L, "5"),
        Arguments.of(1.5f, "1.5"),
        Arguments.of(2.25d, "2.25"),
        Arguments.of(Double.NaN, "\"NaN\""),
        Arguments.of(true, "true"),
        Arguments.of("text", "\"text\""),
        Arguments.of(SOME_UUID, "\"f79c3e09-677c-4bbd-a479-3f349cb785e7\""),
        Arguments.of(bytes("000102ff"), "\"000102ff\""),
        Arguments.of(new byte[] {0, 1, 2, (byte) 0xff}, "\"000102ff\""),
        Arguments.of(new BigDecimal("1.50"), "\"1.50\""),
        Arguments.of(new BigDecimal("2E+20"), "\"2E+20\""),
        Arguments.of(IntNode.valueOf(9), "9"),
        Arguments.of(TextNode.valueOf("2026-01-01"), "\"2026-01-01\""));
  }

  @ParameterizedTest
  @MethodSource("javaValues")
  void writesUnboundJavaValuesAsIcebergDoes(Object value, String json) {
    assertThat(ExpressionJson.toJson(Expression.equal("c", value)))
        .as("%s (%s) is written as %s", value, value.getClass().getSimpleName(), json)
        .isEqualTo("{\"type\":\"eq\",\"term\":\"c\",\"value\":" + json + "}");
  }

  // ---- round trips of bound expressions, every primitive type

  /** A column of each primitive type, a value for it, and that value's JSON single-value form. */
  static Stream<Arguments> typedValues() {
    return Stream.of(
        Arguments.of("flag", true, "true"),
        Arguments.of("count", 7, "7"),
        Arguments.of("id", -5L, "-5"),
        Arguments.of("ratio", 0.1f, "0.1"),
        Arguments.of("score", 0.1d, "0.1"),
        Arguments.of("score", -1.5d, "-1.5"),
        Arguments.of("price", new BigDecimal("1.5"), "\"1.50\""),
        Arguments.of("price", "-3", "\"-3.00\""),
        Arguments.of("day", "2026-01-01", "\"2026-01-01\""),
        Arguments.of("at", "10:15:30", "\"10:15:30.000000\""),
        Arguments.of("ts", "2026-01-01T10:15:30.123456", "\"2026-01-01T10:15:30.123456\""),
        Arguments.of("tstz", "2026-01-01T12:15:30+02:00", "\"2026-01-01T10:15:30.000000+00:00\""),
        Arguments.of("tstz", 1_000_000L, "\"1970-01-01T00:00:01.000000+00:00\""),
        Arguments.of("ts_ns", "2026-01-01T10:15:30.123456789", "\"2026-01-01T10:15:30.123456789\""),
        Arguments.of(
            "tstz_ns",
            "2026-01-01T10:15:30.123456789+00:00",
            "\"2026-01-01T10:15:30.123456789+00:00\""),
        Arguments.of("name", "\uD83D\uDE00 emoji", "\"\uD83D\uDE00 emoji\""),
        Arguments.of("uid", SOME_UUID, "\"f79c3e09-677c-4bbd-a479-3f349cb785e7\""),
        Arguments.of("hash", bytes("000102ff"), "\"000102ff\""),
        Arguments.of("payload", bytes("00ff"), "\"00ff\""),
        Arguments.of("payload", bytes(""), "\"\""));
  }

  @ParameterizedTest
  @MethodSource("typedValues")
  void roundTripsABoundComparisonOfEveryType(String column, Object value, String json) {
    Expression bound = bind(Expression.equal(column, value));
    String written = ExpressionJson.toJson(bound);

    assertThat(written)
        .as("the value is written in the column type's JSON single-value form")
        .isEqualTo("{\"type\":\"eq\",\"term\":\"" + column + "\",\"value\":" + json + "}");
    assertThat(bind(ExpressionJson.parse(written)))
        .as("reading and binding the JSON gives the same bound predicate")
        .isEqualTo(bound);
  }

  @ParameterizedTest
  @MethodSource("typedValues")
  void roundTripsAnUnboundComparisonOfEveryType(String column, Object value, String json) {
    Expression unbound = Expression.lessThan(column, value);

    assertThat(bind(ExpressionJson.parse(ExpressionJson.toJson(unbound))))
        .as("the unbound predicate written and read binds as the original does")
        .isEqualTo(bind(unbound));
  }

  @Test
  void writesATimeOutsideTheDayAsItsMicroseconds() {
    for (long micros : new long[] {-1L, 86_400_000_000L, Long.MIN_VALUE}) {
      Expression bound = bind(Expression.lessThanOrEqual("at", micros));

      assertThat(ExpressionJson.toJson(bound))
          .as("no time of day is %s microseconds: a number, not an ISO time", micros)
          .isEqualTo("{\"type\":\"lt-eq\",\"term\":\"at\",\"value\":" + micros + "}");
      assertThat(bind(ExpressionJson.parse(ExpressionJson.toJson(bound))))
          .as("and it binds back to the same time, so planning on executors sees this filter")
          .isEqualTo(bound);
    }
  }

  @Test
  void roundTripsBoundSetsWithTheirValuesSorted() {
    Expression bound = bind(Expression.notIn("tstz", "2026-01-02T00:00:00Z", 0L, 0L));

    assertThat(ExpressionJson.toJson(bound))
        .as("distinct values in the type's order")
        .isEqualTo(
            "{\"type\":\"not-in\",\"term\":\"tstz\",\"values\":"
                + "[\"1970-01-01T00:00:00.000000+00:00\",\"2026-01-02T00:00:00.000000+00:00\"]}");
    assertThat(bind(ExpressionJson.parse(ExpressionJson.toJson(bound))))
        .as("the set reads back")
        .isEqualTo(bound);
  }

  @Test
  void equalToNaNBindsToIsNaNAndWritesSo() {
    Expression unbound = Expression.equal("ratio", Float.NaN);

    String unboundJson = ExpressionJson.toJson(unbound);
    Expression bound = bind(ExpressionJson.parse(unboundJson));

    assertThat(unboundJson)
        .as("an unbound NaN is written as the string NaN")
        .isEqualTo("{\"type\":\"eq\",\"term\":\"ratio\",\"value\":\"NaN\"}");
    assertThat(bound)
        .as("= NaN on a float column binds to is-nan")
        .isEqualTo(BoundPredicate.unary(Operation.IS_NAN, reference(AllTypesSchema.RATIO)));
    assertThat(ExpressionJson.toJson(bound))
        .as("and is written as is-nan")
        .isEqualTo("{\"type\":\"is-nan\",\"term\":\"ratio\"}");
  }

  @Test
  void roundTripsASetWithNaN() {
    Expression bound = bind(Expression.in("score", 1.0d, Double.NaN, 2.0d));

    assertThat(ExpressionJson.toJson(bound))
        .as("NaN leaves the set as an is-nan alternative")
        .isEqualTo(
            "{\"type\":\"or\",\"left\":{\"type\":\"is-nan\",\"term\":\"score\"},"
                + "\"right\":{\"type\":\"in\",\"term\":\"score\",\"values\":[1.0,2.0]}}");
    assertThat(bind(ExpressionJson.parse(ExpressionJson.toJson(bound))))
        .as("and reads back")
        .isEqualTo(bound);
  }

  @Test
  void readsATreeAsWellAsText() throws Exception {
    JsonNode tree = MAPPER.readTree("{\"type\":\"not-null\",\"term\":\"name\"}");

    assertThat(ExpressionJson.parse(tree))
        .as("a parsed Jackson tree reads like its text")
        .isEqualTo(Expression.notNull("name"));
    assertThat(ExpressionJson.toJsonNode(Expression.notNull("name")))
        .as("the tree written equals the tree read")
        .isEqualTo(tree);
  }

  private static ByteBuffer bytes(String hex) {
    return ByteBuffer.wrap(HexFormat.of().parseHex(hex));
  }
}
