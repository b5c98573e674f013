package dev.floe.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TestBoundPredicate {
  private static final BoundReference COUNT =
      new BoundReference(1, "count", PrimitiveType.of(TypeId.INT), true);
  private static final BoundReference SCORE =
      new BoundReference(2, "score", PrimitiveType.of(TypeId.DOUBLE), true);
  private static final BoundReference RATIO =
      new BoundReference(3, "ratio", PrimitiveType.of(TypeId.FLOAT), true);
  private static final BoundReference NAME =
      new BoundReference(4, "name", PrimitiveType.of(TypeId.STRING), true);
  private static final BoundReference PAYLOAD =
      new BoundReference(5, "payload", PrimitiveType.of(TypeId.BINARY), true);
  private static final BoundReference PRICE =
      new BoundReference(6, "price", PrimitiveType.decimal(9, 2), true);

  private static final String LAST_BMP_CHAR = "\uFFFF";
  private static final String EMOJI = "\uD83D\uDE00"; // U+1F600, a surrogate pair in UTF-16

  @Test
  void comparesByOperation() {
    assertThat(tests(Operation.LT, 5)).as("x < 5 for 4, 5, 6").containsExactly(true, false, false);
    assertThat(tests(Operation.LT_EQ, 5)).as("x <= 5").containsExactly(true, true, false);
    assertThat(tests(Operation.GT, 5)).as("x > 5").containsExactly(false, false, true);
    assertThat(tests(Operation.GT_EQ, 5)).as("x >= 5").containsExactly(false, true, true);
    assertThat(tests(Operation.EQ, 5)).as("x = 5").containsExactly(false, true, false);
    assertThat(tests(Operation.NOT_EQ, 5)).as("x != 5").containsExactly(true, false, true);
  }

  private static List<Boolean> tests(Operation operation, int value) {
    BoundPredicate predicate = BoundPredicate.literal(operation, COUNT, value);
    List<Boolean> results = new ArrayList<>();
    for (int field : new int[] {4, 5, 6}) {
      results.add(predicate.test(field));
    }
    return results;
  }

  @ParameterizedTest
  @EnumSource(
      value = Operation.class,
      names = {"LT", "LT_EQ", "GT", "GT_EQ", "EQ", "NOT_EQ"})
  void noComparisonMatchesNull(Operation operation) {
    assertThat(BoundPredicate.literal(operation, COUNT, 5).test(null))
        .as("%s on null is unknown, which drops the row", operation)
        .isFalse();
  }

  @Test
  void noSetOrPrefixTestMatchesNull() {
    assertThat(new BoundPredicate(Operation.IN, COUNT, List.of(1, 2)).test(null))
        .as("null in (1, 2)")
        .isFalse();
    assertThat(new BoundPredicate(Operation.NOT_IN, COUNT, List.of(1, 2)).test(null))
        .as("null not in (1, 2)")
        .isFalse();
    assertThat(BoundPredicate.literal(Operation.STARTS_WITH, NAME, "a").test(null))
        .as("null starts with 'a'")
        .isFalse();
    assertThat(BoundPredicate.literal(Operation.NOT_STARTS_WITH, NAME, "a").test(null))
        .as("null not starts with 'a'")
        .isFalse();
  }

  @Test
  void testsNulls() {
    BoundPredicate isNull = BoundPredicate.unary(Operation.IS_NULL, COUNT);
    BoundPredicate notNull = BoundPredicate.unary(Operation.NOT_NULL, COUNT);

    assertThat(isNull.test(null)).as("null is null").isTrue();
    assertThat(isNull.test(0)).as("0 is not null").isFalse();
    assertThat(notNull.test(null)).as("null is not not-null").isFalse();
    assertThat(notNull.test(0)).as("0 is not-null").isTrue();
  }

  @Test
  void testsNaNOfBothFloatingPointTypes() {
    BoundPredicate doubleIsNaN = BoundPredicate.unary(Operation.IS_NAN, SCORE);
    BoundPredicate floatIsNaN = BoundPredicate.unary(Operation.IS_NAN, RATIO);
    BoundPredicate floatNotNaN = BoundPredicate.unary(Operation.NOT_NAN, RATIO);

    assertThat(doubleIsNaN.test(Double.NaN)).as("double NaN").isTrue();
    assertThat(doubleIsNaN.test(1.0)).as("1.0 is a number").isFalse();
    assertThat(floatIsNaN.test(Float.NaN)).as("float NaN").isTrue();
    assertThat(floatIsNaN.test(null)).as("null is not NaN").isFalse();
    assertThat(floatNotNaN.test(null)).as("null is not-nan").isTrue();
    assertThat(floatNotNaN.test(Float.NaN)).as("NaN is not not-nan").isFalse();
    assertThat(floatNotNaN.test(Float.POSITIVE_INFINITY)).as("infinity is a number").isTrue();
  }

  @Test
  void ordersNaNAboveEveryNumber() {
    assertThat(BoundPredicate.literal(Operation.GT, SCORE, Double.MAX_VALUE).test(Double.NaN))
        .as("NaN sorts after every number, infinity included")
        .isTrue();
    assertThat(
            BoundPredicate.literal(Operation.LT, SCORE, Double.POSITIVE_INFINITY).test(Double.NaN))
        .as("NaN is not below infinity")
        .isFalse();
  }

  @Test
  void comparesStringsByCodePoint() {
    BoundPredicate belowEmoji = BoundPredicate.literal(Operation.LT, NAME, EMOJI);

    assertThat(belowEmoji.test(LAST_BMP_CHAR))
        .as("U+FFFF is below U+1F600, though its UTF-16 unit is above the surrogate's")
        .isTrue();
    assertThat(BoundPredicate.literal(Operation.GT, NAME, LAST_BMP_CHAR).test(EMOJI))
        .as("and U+1F600 is above U+FFFF")
        .isTrue();
    assertThat(BoundPredicate.literal(Operation.LT, NAME, "ab").test("a"))
        .as("a prefix sorts first")
        .isTrue();
  }

  @Test
  void testsPrefixes() {
    assertThat(BoundPredicate.literal(Operation.STARTS_WITH, NAME, "ab").test("abc"))
        .as("abc starts with ab")
        .isTrue();
    assertThat(BoundPredicate.literal(Operation.STARTS_WITH, NAME, "ab").test("a"))
        .as("a does not start with ab")
        .isFalse();
    assertThat(BoundPredicate.literal(Operation.STARTS_WITH, NAME, "").test("x"))
        .as("everything starts with the empty string")
        .isTrue();
    assertThat(BoundPredicate.literal(Operation.NOT_STARTS_WITH, NAME, "ab").test("ba"))
        .as("ba does not start with ab")
        .isTrue();
  }

  @Test
  void comparesBinaryAsUnsignedBytes() {
    BoundPredicate above7f = BoundPredicate.literal(Operation.GT, PAYLOAD, bytes(0x7f));

    assertThat(above7f.test(bytes(0x80)))
        .as("0x80 is 128 unsigned, above 0x7f (signed it would be -128)")
        .isTrue();
    assertThat(BoundPredicate.literal(Operation.LT, PAYLOAD, bytes(1, 0)).test(bytes(1)))
        .as("a prefix sorts first")
        .isTrue();
    assertThat(BoundPredicate.literal(Operation.EQ, PAYLOAD, bytes(1, 2)).test(bytes(1, 2)))
        .as("equal bytes in different buffers")
        .isTrue();
  }

  @Test
  void comparesDecimalsByValueNotScale() {
    assertThat(
            BoundPredicate.literal(Operation.EQ, PRICE, new BigDecimal("1.50"))
                .test(new BigDecimal("1.5")))
        .as("1.5 equals 1.50")
        .isTrue();
  }

  @Test
  void sortsAndDedupesSetValues() {
    BoundPredicate numbers = new BoundPredicate(Operation.IN, COUNT, List.of(3, 1, 3, 2, 1));
    BoundPredicate strings =
        new BoundPredicate(Operation.NOT_IN, NAME, List.of(EMOJI, LAST_BMP_CHAR, "a", "a"));
    BoundPredicate binaries =
        new BoundPredicate(Operation.IN, PAYLOAD, List.of(bytes(0x80), bytes(0x7f), bytes(0x80)));

    assertThat(numbers.values()).as("distinct ints in order").containsExactly(1, 2, 3);
    assertThat(strings.values())
        .as("distinct strings in code point order")
        .containsExactly("a", LAST_BMP_CHAR, EMOJI);
    assertThat(binaries.values())
        .as("equal buffers are one value; unsigned order")
        .containsExactly(bytes(0x7f), bytes(0x80));
    assertThat(numbers)
        .as("sets with the same values in another order are equal")
        .isEqualTo(new BoundPredicate(Operation.IN, COUNT, List.of(2, 3, 1)));
  }

  @Test
  void testsSetMembership() {
    BoundPredicate in = new BoundPredicate(Operation.IN, COUNT, List.of(1, 3));
    BoundPredicate notIn = new BoundPredicate(Operation.NOT_IN, COUNT, List.of(1, 3));

    assertThat(in.test(3)).as("3 in (1, 3)").isTrue();
    assertThat(in.test(2)).as("2 in (1, 3)").isFalse();
    assertThat(notIn.test(2)).as("2 not in (1, 3)").isTrue();
    assertThat(notIn.test(1)).as("1 not in (1, 3)").isFalse();
  }

  @Test
  void testsTheTransformedValue() {
    BoundPredicate voided =
        BoundPredicate.unary(Operation.IS_NULL, new BoundTransform(COUNT, Transform.parse("void")));
    BoundPredicate identity =
        BoundPredicate.literal(
            Operation.EQ, new BoundTransform(COUNT, Transform.parse("identity")), 4);

    assertThat(voided.test(4)).as("void makes every value null").isTrue();
    assertThat(identity.test(4)).as("identity keeps the value").isTrue();
    assertThat(identity.isOnReference()).as("a transform is not the field itself").isFalse();
    assertThat(identity.reference()).as("but it reads the field").isEqualTo(COUNT);
  }

  @Test
  void negatesTheOperationAndKeepsTheValues() {
    assertThat(BoundPredicate.literal(Operation.LT, COUNT, 5).negate())
        .as("not (x < 5) is x >= 5")
        .isEqualTo(BoundPredicate.literal(Operation.GT_EQ, COUNT, 5));
    assertThat(new BoundPredicate(Operation.IN, COUNT, List.of(1, 2)).negate())
        .as("not in")
        .isEqualTo(new BoundPredicate(Operation.NOT_IN, COUNT, List.of(1, 2)));
  }

  @Test
  void refusesTheWrongNumberOfValues() {
    assertThatThrownBy(() -> new BoundPredicate(Operation.IN, COUNT, List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("in on count cannot take 0 values");
    assertThatThrownBy(() -> new BoundPredicate(Operation.IS_NULL, COUNT, List.of(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("is-null on count cannot take 1 values");
    assertThatThrownBy(() -> new BoundPredicate(Operation.EQ, COUNT, List.of(1, 2)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("eq on count cannot take 2 values");
    assertThatThrownBy(() -> new BoundPredicate(Operation.IN, COUNT, List.of(1, 2)).value())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("in has no single value");
  }

  @Test
  void printsReadably() {
    assertThat(new BoundPredicate(Operation.NOT_IN, NAME, List.of("b", "a")))
        .as("sorted values, quoted strings")
        .hasToString("name not in ('a', 'b')");
    assertThat(BoundPredicate.unary(Operation.NOT_NAN, SCORE)).hasToString("not_nan(score)");
  }

  private static ByteBuffer bytes(int... values) {
    byte[] bytes = new byte[values.length];
    for (int index = 0; index < values.length; index++) {
      bytes[index] = (byte) values[index];
    }
    return ByteBuffer.wrap(bytes);
  }
}
