package dev.floe.expr;

import static dev.floe.expr.AllTypesSchema.SCHEMA;
import static dev.floe.expr.AllTypesSchema.bind;
import static dev.floe.expr.AllTypesSchema.reference;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TestBinder {
  private static final BoundReference ID = reference(AllTypesSchema.ID);
  private static final BoundReference COUNT = reference(AllTypesSchema.COUNT);
  private static final BoundReference PRICE = reference(AllTypesSchema.PRICE);
  private static final BoundReference RATIO = reference(AllTypesSchema.RATIO);
  private static final BoundReference SCORE = reference(AllTypesSchema.SCORE);
  private static final BoundReference DAY = reference(AllTypesSchema.DAY);
  private static final BoundReference NAME = reference(AllTypesSchema.NAME);
  private static final BoundReference CITY =
      new BoundReference(18, "location.City", PrimitiveType.of(TypeId.STRING), true);
  private static final long TWO_TO_THE_40 = 1L << 40;

  // ---- name resolution

  @Test
  void resolvesANestedStructFieldByItsDottedName() {
    assertThat(bind(Expression.equal("location.City", "Lyon")))
        .as("a field of a struct binds by its full name, to its id")
        .isEqualTo(BoundPredicate.literal(Operation.EQ, CITY, "Lyon"));
  }

  @Test
  void matchesNamesExactlyWhenCaseSensitive() {
    assertThatThrownBy(() -> bind(Expression.equal("LOCATION.city", "Lyon")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Cannot filter on column 'LOCATION.city': no such column (names are case sensitive)"
                + " in schema 3");
  }

  @Test
  void ignoresCaseWhenAskedAndKeepsTheSchemasName() {
    assertThat(Binder.bind(SCHEMA, Expression.equal("LOCATION.city", "Lyon"), false))
        .as("case-insensitive binding finds the field and names it as the schema does")
        .isEqualTo(BoundPredicate.literal(Operation.EQ, CITY, "Lyon"));
  }

  @Test
  void namesAMissingColumn() {
    assertThatThrownBy(() -> Binder.bind(SCHEMA, Expression.isNull("nowhere"), false))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Cannot filter on column 'nowhere': no such column in schema 3");
  }

  @ParameterizedTest
  @ValueSource(strings = {"tags.element", "attributes.key", "attributes.value"})
  void refusesElementsOfListsAndMaps(String column) {
    assertThatThrownBy(() -> bind(Expression.isNull(column)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Cannot filter on column '"
                + column
                + "': it is inside a list or map, and filters test one value per row");
  }

  @Test
  void refusesStructsListsAndMaps() {
    assertThatThrownBy(() -> bind(Expression.isNull("location")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Cannot filter on column 'location': it is a struct, and filters test primitive"
                + " values");
    assertThatThrownBy(() -> bind(Expression.isNull("tags")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("'tags': it is a list");
    assertThatThrownBy(() -> bind(Expression.isNull("attributes")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("'attributes': it is a map");
  }

  // ---- literal conversion

  @Test
  void widensAnIntLiteralForALongColumn() {
    assertThat(bind(Expression.equal("id", 5)))
        .as("5 becomes the long 5")
        .isEqualTo(BoundPredicate.literal(Operation.EQ, ID, 5L));
  }

  @Test
  void settlesALongBeyondTheIntRangeByOperation() {
    assertThat(bind(Expression.equal("count", TWO_TO_THE_40)))
        .as("no int equals 2^40")
        .isEqualTo(Expression.alwaysFalse());
    assertThat(bind(Expression.notEqual("count", TWO_TO_THE_40)))
        .as("every non-null int differs from 2^40")
        .isEqualTo(BoundPredicate.unary(Operation.NOT_NULL, COUNT));
    assertThat(bind(Expression.greaterThan("count", TWO_TO_THE_40)))
        .as("no int is above 2^40")
        .isEqualTo(Expression.alwaysFalse());
    assertThat(bind(Expression.lessThan("count", TWO_TO_THE_40)))
        .as("every non-null int is below 2^40: the largest int is the bound")
        .isEqualTo(BoundPredicate.literal(Operation.LT_EQ, COUNT, Integer.MAX_VALUE));
    assertThat(bind(Expression.lessThanOrEqual("count", -TWO_TO_THE_40)))
        .as("no int is at or below -2^40")
        .isEqualTo(Expression.alwaysFalse());
    assertThat(bind(Expression.greaterThanOrEqual("count", -TWO_TO_THE_40)))
        .as("every non-null int is above -2^40")
        .isEqualTo(BoundPredicate.literal(Operation.GT_EQ, COUNT, Integer.MIN_VALUE));
  }

  @Test
  void comparesAFractionWithTheIntsAroundIt() {
    assertThat(bind(Expression.lessThan("count", 2.5)))
        .as("x < 2.5 is x <= 2")
        .isEqualTo(BoundPredicate.literal(Operation.LT_EQ, COUNT, 2));
    assertThat(bind(Expression.lessThanOrEqual("count", 2.5)))
        .as("x <= 2.5 is x <= 2")
        .isEqualTo(BoundPredicate.literal(Operation.LT_EQ, COUNT, 2));
    assertThat(bind(Expression.greaterThan("count", 2.5)))
        .as("x > 2.5 is x >= 3")
        .isEqualTo(BoundPredicate.literal(Operation.GT_EQ, COUNT, 3));
    assertThat(bind(Expression.greaterThanOrEqual("count", -2.5)))
        .as("x >= -2.5 is x >= -2")
        .isEqualTo(BoundPredicate.literal(Operation.GT_EQ, COUNT, -2));
    assertThat(bind(Expression.equal("count", 2.5)))
        .as("no int equals 2.5")
        .isEqualTo(Expression.alwaysFalse());
    assertThat(bind(Expression.equal("count", 2.0)))
        .as("2.0 is exactly the int 2")
        .isEqualTo(BoundPredicate.literal(Operation.EQ, COUNT, 2));
  }

  @Test
  void rescalesDecimalsExactly() {
    assertThat(bind(Expression.equal("price", new BigDecimal("1.5"))))
        .as("1.5 is 1.50 at the column's scale")
        .isEqualTo(BoundPredicate.literal(Operation.EQ, PRICE, new BigDecimal("1.50")));
    assertThat(bind(Expression.equal("price", new BigDecimal("1.5000"))))
        .as("trailing zeros beyond the scale are exact")
        .isEqualTo(BoundPredicate.literal(Operation.EQ, PRICE, new BigDecimal("1.50")));
    assertThat(bind(Expression.equal("price", 3)))
        .as("an integer for a decimal column")
        .isEqualTo(BoundPredicate.literal(Operation.EQ, PRICE, new BigDecimal("3.00")));
  }

  @Test
  void comparesAnInexactDecimalWithItsNeighbours() {
    BigDecimal between = new BigDecimal("1.505");
    assertThat(bind(Expression.lessThan("price", between)))
        .as("x < 1.505 is x <= 1.50")
        .isEqualTo(BoundPredicate.literal(Operation.LT_EQ, PRICE, new BigDecimal("1.50")));
    assertThat(bind(Expression.greaterThan("price", between)))
        .as("x > 1.505 is x >= 1.51")
        .isEqualTo(BoundPredicate.literal(Operation.GT_EQ, PRICE, new BigDecimal("1.51")));
    assertThat(bind(Expression.equal("price", between)))
        .as("no decimal(9,2) equals 1.505")
        .isEqualTo(Expression.alwaysFalse());
    assertThat(bind(Expression.greaterThan("price", new BigDecimal("1E10"))))
        .as("1E10 is beyond decimal(9,2)")
        .isEqualTo(Expression.alwaysFalse());
    assertThat(bind(Expression.lessThan("price", new BigDecimal("1E10"))))
        .as("every decimal(9,2) is below 1E10: the largest one is the bound")
        .isEqualTo(BoundPredicate.literal(Operation.LT_EQ, PRICE, new BigDecimal("9999999.99")));
  }

  @Test
  void readsStringsAsTheColumnsType() {
    assertThat(bind(Expression.equal("day", "2026-01-01")))
        .as("date: days since the epoch")
        .isEqualTo(BoundPredicate.literal(Operation.EQ, DAY, 20454));
    assertThat(bind(Expression.equal("ts", "1970-01-01T00:00:01.5")))
        .as("timestamp: micros")
        .isEqualTo(BoundPredicate.literal(Operation.EQ, reference(AllTypesSchema.TS), 1_500_000L));
    assertThat(bind(Expression.equal("tstz", "1970-01-01T01:00:01+01:00")))
        .as("timestamptz: micros in UTC")
        .isEqualTo(
            BoundPredicate.literal(Operation.EQ, reference(AllTypesSchema.TSTZ), 1_000_000L));
    assertThat(bind(Expression.equal("uid", "f79c3e09-677c-4bbd-a479-3f349cb785e7")))
        .as("uuid")
        .isEqualTo(
            BoundPredicate.literal(
                Operation.EQ,
                reference(AllTypesSchema.UID),
                UUID.fromString("f79c3e09-677c-4bbd-a479-3f349cb785e7")));
    assertThat(bind(Expression.equal("price", "12.3")))
        .as("decimal")
        .isEqualTo(BoundPredicate.literal(Operation.EQ, PRICE, new BigDecimal("12.30")));
  }

  @Test
  void namesTheColumnWhenAStringIsNotOfItsType() {
    assertThatThrownBy(() -> bind(Expression.equal("day", "yesterday")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Cannot filter day = 'yesterday'")
        .hasMessageContaining("as a date value");
    assertThatThrownBy(() -> bind(Expression.equal("price", "cheap")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Cannot filter price = 'cheap'")
        .hasMessageContaining("not a number");
    assertThatThrownBy(() -> bind(Expression.equal("count", "5")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Cannot filter count = '5': cannot convert '5' (string) to int");
    assertThatThrownBy(() -> bind(Expression.equal("hash", ByteBuffer.wrap(new byte[] {1, 2, 3}))))
        .as("fixed[4] takes exactly 4 bytes")
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Cannot filter hash = ")
        .hasMessageContaining("to fixed[4]");
  }

  // ---- not

  @Test
  void pushesNotIntoAComparison() {
    assertThat(bind(Expression.not(Expression.lessThan("count", 5))))
        .as("not (x < 5) is x >= 5")
        .isEqualTo(BoundPredicate.literal(Operation.GT_EQ, COUNT, 5));
  }

  @Test
  void appliesDeMorgan() {
    Expression bound =
        bind(
            Expression.not(
                Expression.and(
                    Expression.isNull("name"),
                    Expression.or(
                        Expression.equal("count", 1), Expression.startsWith("name", "a")))));

    assertThat(bound)
        .as("not (a and (b or c)) is (not a) or ((not b) and (not c))")
        .isEqualTo(
            new Or(
                BoundPredicate.unary(Operation.NOT_NULL, NAME),
                new And(
                    BoundPredicate.literal(Operation.NOT_EQ, COUNT, 1),
                    BoundPredicate.literal(Operation.NOT_STARTS_WITH, NAME, "a"))));
  }

  @Test
  void cancelsDoubleNegationAndRewritesBoundExpressions() {
    Expression bound = bind(Expression.in("count", 1, 2));

    assertThat(bind(new Not(new Not(Expression.equal("count", 1)))))
        .as("not not p is p")
        .isEqualTo(BoundPredicate.literal(Operation.EQ, COUNT, 1));
    assertThat(bind(new Not(bound)))
        .as("a bound expression under not is rewritten too")
        .isEqualTo(new BoundPredicate(Operation.NOT_IN, COUNT, List.of(1, 2)));
    assertThat(Binder.isBound(new Not(bound))).as("only bound predicates").isTrue();
    assertThat(Binder.isBound(new And(bound, Expression.isNull("name"))))
        .as("an unbound predicate anywhere")
        .isFalse();
  }

  // ---- null tests

  @Test
  void settlesNullTestsOnRequiredColumns() {
    assertThat(bind(Expression.isNull("id")))
        .as("a required column is never null")
        .isEqualTo(Expression.alwaysFalse());
    assertThat(bind(Expression.notNull("label")))
        .as("a required column is always non-null")
        .isEqualTo(Expression.alwaysTrue());
    assertThat(bind(Expression.isNull("name")))
        .as("an optional column keeps its test")
        .isEqualTo(BoundPredicate.unary(Operation.IS_NULL, NAME));
  }

  @Test
  void keepsNullTestsOnRequiredFieldsOfOptionalStructs() {
    BoundReference latitude =
        new BoundReference(19, "location.lat", PrimitiveType.of(TypeId.DOUBLE), true);

    assertThat(bind(Expression.isNull("location.lat")))
        .as("a required field is null whenever its optional struct is")
        .isEqualTo(BoundPredicate.unary(Operation.IS_NULL, latitude));
    assertThat(bind(Expression.notNull("location.lat")))
        .as("and so not-null must be tested too")
        .isEqualTo(BoundPredicate.unary(Operation.NOT_NULL, latitude));
  }

  @Test
  void settlesNullTestsOnRequiredFieldsOfRequiredStructs() {
    NestedField x = NestedField.required(2, "x", PrimitiveType.of(TypeId.INT));
    Schema schema =
        new Schema(
            0, List.of(NestedField.required(1, "point", new StructType(List.of(x)))), Set.of());

    assertThat(Binder.bind(schema, Expression.isNull("point.x"), true))
        .as("required all the way down: never null")
        .isEqualTo(Expression.alwaysFalse());
  }

  // ---- sets

  @Test
  void bindsAOneValueSetAsAComparison() {
    assertThat(bind(Expression.in("count", 4)))
        .as("in (4) is = 4")
        .isEqualTo(BoundPredicate.literal(Operation.EQ, COUNT, 4));
    assertThat(bind(Expression.notIn("count", 4, 4L)))
        .as("not in (4, 4) is != 4")
        .isEqualTo(BoundPredicate.literal(Operation.NOT_EQ, COUNT, 4));
  }

  @Test
  void bindsEmptySetsToConstants() {
    assertThat(bind(Expression.in("count")))
        .as("in () matches nothing")
        .isEqualTo(Expression.alwaysFalse());
    assertThat(bind(Expression.notIn("count")))
        .as("not in () holds everywhere")
        .isEqualTo(Expression.alwaysTrue());
  }

  @Test
  void dropsSetValuesTheTypeCannotHold() {
    assertThat(bind(Expression.in("count", 1, TWO_TO_THE_40, 2.5, 3)))
        .as("2^40 and 2.5 equal no int")
        .isEqualTo(new BoundPredicate(Operation.IN, COUNT, List.of(1, 3)));
    assertThat(bind(Expression.in("count", TWO_TO_THE_40, 2)))
        .as("one value left: a comparison")
        .isEqualTo(BoundPredicate.literal(Operation.EQ, COUNT, 2));
    assertThat(bind(Expression.in("count", TWO_TO_THE_40)))
        .as("none left: nothing matches")
        .isEqualTo(Expression.alwaysFalse());
    assertThat(bind(Expression.notIn("count", TWO_TO_THE_40)))
        .as("none left: every non-null value matches not-in")
        .isEqualTo(BoundPredicate.unary(Operation.NOT_NULL, COUNT));
  }

  // ---- NaN

  @Test
  void turnsComparisonsWithNaNIntoNaNTests() {
    assertThat(bind(Expression.equal("score", Double.NaN)))
        .as("= NaN is is-nan")
        .isEqualTo(BoundPredicate.unary(Operation.IS_NAN, SCORE));
    assertThat(bind(Expression.equal("ratio", Double.NaN)))
        .as("a double NaN for a float column is the float NaN")
        .isEqualTo(BoundPredicate.unary(Operation.IS_NAN, RATIO));
    assertThat(bind(Expression.notEqual("score", Double.NaN)))
        .as("!= NaN is not-nan, and null is still no match")
        .isEqualTo(
            new And(
                BoundPredicate.unary(Operation.NOT_NAN, SCORE),
                BoundPredicate.unary(Operation.NOT_NULL, SCORE)));
    assertThat(bind(Expression.notIn("score", Double.NaN, 1.0)))
        .as("not in (NaN, 1) is not-nan and != 1")
        .isEqualTo(
            new And(
                BoundPredicate.unary(Operation.NOT_NAN, SCORE),
                BoundPredicate.literal(Operation.NOT_EQ, SCORE, 1.0)));
  }

  @Test
  void refusesToOrderNaN() {
    assertThatThrownBy(() -> bind(Expression.lessThan("score", Double.NaN)))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Cannot filter score < NaN: NaN cannot be ordered; use is-nan or not-nan");
  }

  @Test
  void refusesNaNTestsOnOtherTypes() {
    assertThatThrownBy(() -> bind(Expression.isNaN("count")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Cannot filter is_nan(count): NaN tests apply only to float and double columns");
  }

  @Test
  void comparesADoubleForAFloatColumnWithTheFloatsAroundIt() {
    float below = 0.1f < 0.1d ? 0.1f : Math.nextDown(0.1f);
    float above = Math.nextUp(below);

    assertThat(bind(Expression.lessThan("ratio", 0.1d)))
        .as("the double 0.1 lies between two floats: x < 0.1 is x <= the one below")
        .isEqualTo(BoundPredicate.literal(Operation.LT_EQ, RATIO, below));
    assertThat(bind(Expression.greaterThan("ratio", 0.1d)))
        .as("x > 0.1 is x >= the float above")
        .isEqualTo(BoundPredicate.literal(Operation.GT_EQ, RATIO, above));
  }

  // ---- other refusals

  @Test
  void refusesStartsWithOnANonString() {
    assertThatThrownBy(() -> bind(Expression.startsWith("count", "1")))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage(
            "Cannot filter count starts with '1': starts-with applies only to string values, not int");
  }

  @Test
  void refusesUnorderedTypes() {
    Schema schema =
        new Schema(
            0, List.of(NestedField.optional(1, "v", PrimitiveType.of(TypeId.VARIANT))), Set.of());

    assertThatThrownBy(() -> Binder.bind(schema, Expression.equal("v", 1), true))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Cannot filter v = 1: values of type variant cannot be compared");
  }

  // ---- transform terms

  @Test
  void bindsTransformTerms() {
    UnboundPredicate identity =
        new UnboundPredicate(
            Operation.GT,
            new UnboundTransform(new NamedReference("count"), Transform.parse("identity")),
            List.of(Literal.of(5L)));
    UnboundPredicate voided =
        new UnboundPredicate(
            Operation.IS_NULL,
            new UnboundTransform(new NamedReference("id"), Transform.parse("void")),
            List.of());

    assertThat(bind(identity))
        .as("the literal converts to the transform's result type")
        .isEqualTo(
            BoundPredicate.literal(
                Operation.GT, new BoundTransform(COUNT, Transform.parse("identity")), 5));
    assertThat(bind(voided))
        .as("a transform of a required column may still be null")
        .isEqualTo(
            BoundPredicate.unary(
                Operation.IS_NULL, new BoundTransform(ID, Transform.parse("void"))));
  }

  @Test
  void refusesComparingAnUnknownTransformsValues() {
    UnboundPredicate unknown =
        new UnboundPredicate(
            Operation.EQ,
            new UnboundTransform(new NamedReference("count"), Transform.parse("zorder")),
            List.of(Literal.of(1)));

    assertThatThrownBy(() -> bind(unknown))
        .isInstanceOf(InvalidRequestException.class)
        .hasMessage("Cannot filter zorder(count) = 1: values of type unknown cannot be compared");
  }

  @Test
  void comparesWithZeroAsSqlDoesWhateverItsSign() {
    BoundReference score = reference(AllTypesSchema.SCORE);

    assertThat(bind(Expression.equal("score", 0.0)))
        .as("0.0 = -0.0 in SQL: equal to a zero is equal to either")
        .isEqualTo(new BoundPredicate(Operation.IN, score, List.of(-0.0d, 0.0d)));
    assertThat(bind(Expression.notEqual("score", -0.0)))
        .isEqualTo(new BoundPredicate(Operation.NOT_IN, score, List.of(-0.0d, 0.0d)));
    assertThat(bind(Expression.lessThan("score", 0.0)))
        .as("less than zero is less than -0.0 in Iceberg's order")
        .isEqualTo(BoundPredicate.literal(Operation.LT, score, -0.0d));
    assertThat(bind(Expression.lessThanOrEqual("score", -0.0)))
        .isEqualTo(BoundPredicate.literal(Operation.LT_EQ, score, 0.0d));
    assertThat(bind(Expression.greaterThanOrEqual("score", 0.0)))
        .isEqualTo(BoundPredicate.literal(Operation.GT_EQ, score, -0.0d));
    assertThat(bind(Expression.in("score", 1.0, -0.0)))
        .isEqualTo(new BoundPredicate(Operation.IN, score, List.of(-0.0d, 0.0d, 1.0d)));
    assertThat(((BoundPredicate) bind(Expression.equal("score", 0.0))).test(-0.0d))
        .as("a -0.0 row matches = 0.0")
        .isTrue();
  }
}
