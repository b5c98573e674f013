package dev.floe.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.table.PrimitiveType;
import dev.floe.table.TypeId;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TestValueComparators {
  private static final Comparator<Object> STRINGS = comparator(TypeId.STRING);
  private static final Comparator<Object> BINARY = comparator(TypeId.BINARY);

  @Test
  void ordersStringsByCodePointNotUtf16() {
    String lastBmp = "\uFFFF";
    String grinning = "\uD83D\uDE00"; // U+1F600
    assertThat(lastBmp.compareTo(grinning))
        .as("precondition: Java's compareTo puts U+FFFF after the surrogate pair")
        .isPositive();
    assertThat(STRINGS.compare(lastBmp, grinning)).as("U+FFFF < U+1F600").isNegative();
    assertThat(STRINGS.compare(grinning, lastBmp)).isPositive();
  }

  @Test
  void ordersStringsAsTheirUtf8BytesUnsigned() {
    List<String> samples =
        List.of(
            "",
            "a",
            "ab",
            "abc",
            "b",
            "Z",
            "é",
            "\uE000",
            "\uFFFF",
            "\uD83D\uDE00",
            "\uD83D\uDE01",
            "a\uD83D\uDE00",
            "a\uFFFF",
            "\u0000",
            "\u00FF");
    List<String> byComparator = new ArrayList<>(samples);
    byComparator.sort(STRINGS);
    List<String> byUtf8 = new ArrayList<>(samples);
    byUtf8.sort(
        (left, right) ->
            Arrays.compareUnsigned(
                left.getBytes(StandardCharsets.UTF_8), right.getBytes(StandardCharsets.UTF_8)));
    assertThat(byComparator).as("same order as unsigned UTF-8 bytes").isEqualTo(byUtf8);
  }

  @Test
  void ordersShorterPrefixesFirst() {
    assertThat(STRINGS.compare("ab", "abc")).isNegative();
    assertThat(STRINGS.compare("abc", "abc")).isZero();
    assertThat(BINARY.compare(bytes("01"), bytes("0100"))).isNegative();
  }

  @Test
  void ordersBytesUnsigned() {
    assertThat(BINARY.compare(bytes("7f"), bytes("80"))).as("0x80 is 128, not -128").isNegative();
    assertThat(BINARY.compare(bytes("ff"), bytes("00"))).isPositive();
    assertThat(comparator(PrimitiveType.fixed(2)).compare(bytes("00ff"), bytes("0100")))
        .isNegative();
  }

  @Test
  void comparesBytesFromEachBufferPositionWithoutMovingIt() {
    ByteBuffer left = bytes("ff0102");
    left.position(1);
    ByteBuffer right = bytes("0102");
    assertThat(BINARY.compare(left, right)).as("only the remaining bytes count").isZero();
    assertThat(left.position()).as("position untouched").isEqualTo(1);
  }

  @Test
  void ordersUuidsAsIceberg110Does() {
    UUID highBitSet = UUID.fromString("80000000-0000-0000-0000-000000000000");
    UUID one = UUID.fromString("00000000-0000-0000-0000-000000000001");
    assertThat(comparator(TypeId.UUID).compare(highBitSet, one))
        .as("Iceberg 1.10 uses UUID.compareTo: signed halves put 0x80... first")
        .isNegative();
    assertThat(comparator(TypeId.UUID).compare(one, one)).isZero();
  }

  @Test
  void ordersFloatingPointWithNegativeZeroAndNaN() {
    Comparator<Object> doubles = comparator(TypeId.DOUBLE);
    assertThat(doubles.compare(-0.0d, 0.0d)).as("-0.0 before 0.0").isNegative();
    assertThat(doubles.compare(Double.NaN, Double.POSITIVE_INFINITY)).as("NaN last").isPositive();
    Comparator<Object> floats = comparator(TypeId.FLOAT);
    assertThat(floats.compare(1.5f, 2.5f)).isNegative();
    assertThat(floats.compare(Float.NaN, Float.NaN)).isZero();
  }

  @Test
  void ordersNumbersDatesAndBooleansNaturally() {
    assertThat(comparator(TypeId.INT).compare(-1, 1)).isNegative();
    assertThat(comparator(TypeId.DATE).compare(17486, 17485)).isPositive();
    assertThat(comparator(TypeId.LONG).compare(Long.MIN_VALUE, Long.MAX_VALUE)).isNegative();
    assertThat(comparator(TypeId.TIMESTAMPTZ_NS).compare(5L, 5L)).isZero();
    assertThat(comparator(TypeId.BOOLEAN).compare(false, true)).isNegative();
    assertThat(
            comparator(PrimitiveType.decimal(9, 2))
                .compare(new BigDecimal("-1.50"), new BigDecimal("1.00")))
        .isNegative();
    assertThat(
            comparator(PrimitiveType.decimal(9, 2))
                .compare(new BigDecimal("1.0"), new BigDecimal("1.00")))
        .as("numeric comparison ignores scale")
        .isZero();
  }

  @Test
  void refusesTypesWithoutOrder() {
    assertThatThrownBy(() -> ValueComparators.forType(PrimitiveType.of(TypeId.VARIANT)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot compare variant values: the type has no order");
    assertThatThrownBy(() -> ValueComparators.forType(PrimitiveType.geography("srid:4326", null)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot compare geography(srid:4326) values");
  }

  private static Comparator<Object> comparator(TypeId typeId) {
    return ValueComparators.forType(PrimitiveType.of(typeId));
  }

  private static Comparator<Object> comparator(PrimitiveType type) {
    return ValueComparators.forType(type);
  }

  private static ByteBuffer bytes(String hex) {
    return ByteBuffer.wrap(HexFormat.of().parseHex(hex));
  }
}
