package dev.floe.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Conversions the binder tests do not reach: JSON values, and the edges of each type's range. */
class TestLiteralConverter {
  private static final PrimitiveType INT = PrimitiveType.of(TypeId.INT);
  private static final PrimitiveType LONG = PrimitiveType.of(TypeId.LONG);
  private static final PrimitiveType FLOAT = PrimitiveType.of(TypeId.FLOAT);
  private static final PrimitiveType DOUBLE = PrimitiveType.of(TypeId.DOUBLE);
  private static final PrimitiveType DATE = PrimitiveType.of(TypeId.DATE);
  private static final PrimitiveType TIMESTAMP = PrimitiveType.of(TypeId.TIMESTAMP);
  private static final PrimitiveType STRING = PrimitiveType.of(TypeId.STRING);
  private static final PrimitiveType DECIMAL_9_2 = PrimitiveType.decimal(9, 2);

  @Test
  void readsJsonNumbersWithTheColumnsTypeFirst() {
    assertThat(convert(IntNode.valueOf(3), DOUBLE))
        .as("an int for a double column")
        .isEqualTo(new Converted.Exact(3.0d));
    assertThat(convert(LongNode.valueOf(1L << 40), INT))
        .as("a long beyond the int range")
        .isEqualTo(new Converted.Between(Integer.MAX_VALUE, null));
    assertThat(convert(DoubleNode.valueOf(2.5), INT))
        .as("a fraction for an int column")
        .isEqualTo(new Converted.Between(2, 3));
    assertThat(convert(DoubleNode.valueOf(0.1), DECIMAL_9_2))
        .as("a JSON double for a decimal column is its shortest decimal, 0.1")
        .isEqualTo(new Converted.Exact(new BigDecimal("0.10")));
    assertThat(convert(new BigIntegerNode(BigInteger.TWO.pow(70).negate()), LONG))
        .as("an integer beyond every long")
        .isEqualTo(new Converted.Between(null, Long.MIN_VALUE));
    assertThat(convert(LongNode.valueOf(1_000_000L), TIMESTAMP))
        .as("a number for a timestamp column is micros")
        .isEqualTo(new Converted.Exact(1_000_000L));
  }

  @Test
  void readsJsonStringsWithTheColumnsType() {
    assertThat(convert(TextNode.valueOf("1.505"), DECIMAL_9_2))
        .as("a decimal string finer than the scale lies between two values")
        .isEqualTo(new Converted.Between(new BigDecimal("1.50"), new BigDecimal("1.51")));
    assertThat(convert(TextNode.valueOf("NaN"), DOUBLE))
        .as("the JSON single value NaN")
        .isEqualTo(new Converted.Exact(Double.NaN));
    assertThat(convert(TextNode.valueOf("2026-01-01"), DATE))
        .as("a date string")
        .isEqualTo(new Converted.Exact(20454));
  }

  @Test
  void reportsTheTypedFailureForAJsonValueOfNoConvertibleKind() {
    assertThatThrownBy(() -> convert(TextNode.valueOf("5"), INT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot parse \"5\" as a int value: expected an int");
    assertThatThrownBy(() -> convert(IntNode.valueOf(5), STRING))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot parse 5 as a string value: expected a JSON string");
  }

  @Test
  void keepsTheFloatsAroundADoubleOutsideTheFloatRange() {
    assertThat(convert(1e39, FLOAT))
        .as("above every finite float")
        .isEqualTo(new Converted.Between(Float.MAX_VALUE, null));
    assertThat(convert(-1e39, FLOAT))
        .as("below every finite float")
        .isEqualTo(new Converted.Between(null, -Float.MAX_VALUE));
    assertThat(convert(0.5d, FLOAT))
        .as("a double that is a float")
        .isEqualTo(new Converted.Exact(0.5f));
  }

  @Test
  void bracketsDoublesBeyondTheLongRange() {
    assertThat(convert(1e19, LONG))
        .as("above every long")
        .isEqualTo(new Converted.Between(Long.MAX_VALUE, null));
    assertThat(convert(-1e19, LONG))
        .as("below every long")
        .isEqualTo(new Converted.Between(null, Long.MIN_VALUE));
    assertThat(convert(-2.5, LONG))
        .as("between two negative longs")
        .isEqualTo(new Converted.Between(-3L, -2L));
  }

  @Test
  void bracketsDecimalsBeyondTheDoubleRange() {
    assertThat(convert(new BigDecimal("1E400"), DOUBLE))
        .as("above every finite double")
        .isEqualTo(new Converted.Between(Double.MAX_VALUE, null));
    assertThat(convert(new BigDecimal("-1E400"), DOUBLE))
        .as("below every finite double")
        .isEqualTo(new Converted.Between(null, -Double.MAX_VALUE));
  }

  @Test
  void bracketsDecimalsAtThePrecisionLimit() {
    assertThat(convert(new BigDecimal("9999999.991"), DECIMAL_9_2))
        .as("just above the largest decimal(9,2): no ceiling")
        .isEqualTo(new Converted.Between(new BigDecimal("9999999.99"), null));
    assertThat(convert(new BigDecimal("-9999999.991"), DECIMAL_9_2))
        .as("just below the smallest decimal(9,2): no floor")
        .isEqualTo(new Converted.Between(null, new BigDecimal("-9999999.99")));
    assertThat(convert(new BigDecimal("-9999999.99"), DECIMAL_9_2))
        .as("the smallest value itself is exact")
        .isEqualTo(new Converted.Exact(new BigDecimal("-9999999.99")));
  }

  @Test
  void refusesValuesOfAnotherKind() {
    assertThatThrownBy(() -> convert(true, INT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot convert true (boolean) to int");
    assertThatThrownBy(
            () -> convert(UUID.fromString("f79c3e09-677c-4bbd-a479-3f349cb785e7"), STRING))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("(uuid) to string");
    assertThatThrownBy(() -> convert(Double.NaN, INT))
        .as("NaN is no int")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot convert NaN (double) to int");
    assertThatThrownBy(() -> convert(ByteBuffer.wrap(new byte[] {1}), STRING))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("to string");
  }

  private static Converted convert(Object value, PrimitiveType type) {
    return LiteralConverter.convert(Literal.of(value), type);
  }
}
