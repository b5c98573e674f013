package dev.floe.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TestSingleValueBinary {
  private static final HexFormat HEX = HexFormat.of();
  private static final UUID SPEC_UUID = UUID.fromString("f79c3e09-677c-4bbd-a479-3f349cb785e7");

  /** Each type with a value and its bytes as the spec lays them out (hex). */
  static Stream<Arguments> specEncodings() {
    return Stream.of(
        Arguments.of(type(TypeId.BOOLEAN), true, "01"),
        Arguments.of(type(TypeId.BOOLEAN), false, "00"),
        Arguments.of(type(TypeId.INT), 1, "01000000"),
        Arguments.of(type(TypeId.INT), -2, "feffffff"),
        Arguments.of(type(TypeId.LONG), 1L, "0100000000000000"),
        Arguments.of(type(TypeId.FLOAT), 1.0f, "0000803f"),
        Arguments.of(type(TypeId.DOUBLE), 1.0d, "000000000000f03f"),
        Arguments.of(type(TypeId.DATE), 17486, "4e440000"),
        Arguments.of(type(TypeId.TIME), 81068123456L, "406509e012000000"),
        Arguments.of(type(TypeId.TIMESTAMP), 1510871468123456L, "40a5282d215e0500"),
        Arguments.of(type(TypeId.TIMESTAMPTZ), 1510871468123456L, "40a5282d215e0500"),
        Arguments.of(type(TypeId.TIMESTAMP_NS), 1510871468123456789L, "1585c56698b1f714"),
        Arguments.of(type(TypeId.TIMESTAMPTZ_NS), 1510871468123456789L, "1585c56698b1f714"),
        Arguments.of(type(TypeId.STRING), "iceberg", "69636562657267"),
        Arguments.of(type(TypeId.STRING), "", ""),
        Arguments.of(type(TypeId.UUID), SPEC_UUID, "f79c3e09677c4bbda4793f349cb785e7"),
        Arguments.of(PrimitiveType.fixed(4), bytes("000102ff"), "000102ff"),
        Arguments.of(type(TypeId.BINARY), bytes("000102ff"), "000102ff"),
        Arguments.of(type(TypeId.BINARY), bytes(""), ""),
        Arguments.of(PrimitiveType.decimal(9, 2), new BigDecimal("14.20"), "058c"),
        Arguments.of(PrimitiveType.decimal(9, 2), new BigDecimal("-0.01"), "ff"),
        Arguments.of(PrimitiveType.decimal(9, 0), new BigDecimal("0"), "00"),
        Arguments.of(PrimitiveType.decimal(9, 0), new BigDecimal("128"), "0080"),
        Arguments.of(PrimitiveType.geometry(null), bytes("0101000000"), "0101000000"));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specEncodings")
  void encodesAsTheSpecSays(PrimitiveType type, Object value, String hex) {
    assertThat(HEX.formatHex(toArray(SingleValueBinary.toBytes(type, value))))
        .as("bytes of %s %s", type, value)
        .isEqualTo(hex);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specEncodings")
  void decodesWhatTheSpecSays(PrimitiveType type, Object value, String hex) {
    assertThat(SingleValueBinary.fromBytes(type, bytes(hex)))
        .as("value of %s bytes %s", type, hex)
        .isEqualTo(value);
  }

  @Test
  void readsAnyNonZeroByteAsTrue() {
    assertThat(SingleValueBinary.fromBytes(type(TypeId.BOOLEAN), bytes("02")))
        .as("the spec: non-zero byte for true")
        .isEqualTo(true);
  }

  @Test
  void decodesDecimalsWithTheTypeScale() {
    Object value = SingleValueBinary.fromBytes(PrimitiveType.decimal(9, 2), bytes("058c"));
    assertThat(((BigDecimal) value).scale()).as("scale comes from the type").isEqualTo(2);
  }

  @Test
  void bringsDecimalsToTheTypeScaleWhenExact() {
    assertThat(
            HEX.formatHex(
                toArray(
                    SingleValueBinary.toBytes(
                        PrimitiveType.decimal(9, 2), new BigDecimal("14.2")))))
        .as("14.2 is written as unscaled 1420 at scale 2")
        .isEqualTo("058c");
    assertThatThrownBy(
            () -> SingleValueBinary.toBytes(PrimitiveType.decimal(9, 2), new BigDecimal("1.234")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("1.234")
        .hasMessageContaining("decimal(9,2)");
  }

  @Test
  void widensBoundsWrittenBeforeTypePromotion() {
    assertThat(SingleValueBinary.fromBytes(type(TypeId.LONG), bytes("feffffff")))
        .as("a 4-byte int bound of a column promoted to long")
        .isEqualTo(-2L);
    assertThat(SingleValueBinary.fromBytes(type(TypeId.DOUBLE), bytes("0000c03f")))
        .as("a 4-byte float bound of a column promoted to double")
        .isEqualTo(1.5d);
  }

  @Test
  void widensDatesOfColumnsPromotedToTimestampsButNotToZonedOnes() {
    // 0x444e = 17486 days = 2017-11-16
    assertThat(SingleValueBinary.fromBytes(type(TypeId.TIMESTAMP), bytes("4e440000")))
        .as("v3 allows date -> timestamp: midnight in micros")
        .isEqualTo(17_486L * 86_400_000_000L);
    assertThat(SingleValueBinary.fromBytes(type(TypeId.TIMESTAMP_NS), bytes("4e440000")))
        .as("v3 allows date -> timestamp_ns: midnight in nanos")
        .isEqualTo(17_486L * 86_400_000_000_000L);
    assertThatThrownBy(
            () -> SingleValueBinary.fromBytes(type(TypeId.TIMESTAMPTZ), bytes("4e440000")))
        .as("date to timestamptz is not a promotion the spec allows")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("timestamptz")
        .hasMessageContaining("4 bytes");
  }

  @Test
  void rejectsMalformedLengthsNamingTypeAndLength() {
    assertThatThrownBy(() -> SingleValueBinary.fromBytes(type(TypeId.INT), bytes("010203")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot read a int value from 3 bytes: its binary form has 4 bytes");
    assertThatThrownBy(() -> SingleValueBinary.fromBytes(type(TypeId.UUID), bytes("0102")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("uuid value from 2 bytes");
    assertThatThrownBy(() -> SingleValueBinary.fromBytes(type(TypeId.LONG), bytes("010203040506")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("long value from 6 bytes");
    assertThatThrownBy(() -> SingleValueBinary.fromBytes(PrimitiveType.decimal(9, 2), bytes("")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("decimal(9,2) value from 0 bytes");
  }

  @Test
  void rejectsStringsThatAreNotUtf8() {
    assertThatThrownBy(() -> SingleValueBinary.fromBytes(type(TypeId.STRING), bytes("61ff")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2 bytes are not valid UTF-8");
  }

  @Test
  void roundTripsMultiByteStrings() {
    String text = "añ€😀";
    ByteBuffer encoded = SingleValueBinary.toBytes(type(TypeId.STRING), text);
    assertThat(toArray(encoded))
        .as("plain UTF-8 without a length")
        .isEqualTo(text.getBytes(StandardCharsets.UTF_8));
    assertThat(SingleValueBinary.fromBytes(type(TypeId.STRING), encoded)).isEqualTo(text);
  }

  @Test
  void leavesTheCallersBufferWhereItWas() {
    ByteBuffer buffer = ByteBuffer.wrap(HEX.parseHex("ffff0100000000000000"));
    buffer.position(2);
    assertThat(SingleValueBinary.fromBytes(type(TypeId.LONG), buffer))
        .as("reads from the buffer's position")
        .isEqualTo(1L);
    assertThat(buffer.position()).as("position unchanged by fromBytes").isEqualTo(2);

    ByteBuffer binary = ByteBuffer.wrap(HEX.parseHex("aabbcc"));
    binary.position(1);
    ByteBuffer encoded = SingleValueBinary.toBytes(type(TypeId.BINARY), binary);
    assertThat(binary.position()).as("position unchanged by toBytes").isEqualTo(1);
    assertThat(HEX.formatHex(toArray(encoded))).as("only the remaining bytes").isEqualTo("bbcc");
  }

  @Test
  void returnsACopyOfBinaryValues() {
    ByteBuffer source = bytes("0102");
    ByteBuffer value = (ByteBuffer) SingleValueBinary.fromBytes(type(TypeId.BINARY), source);
    source.put(0, (byte) 9);
    assertThat(value.get(0))
        .as("decoded value does not alias the manifest's buffer")
        .isEqualTo((byte) 1);
  }

  @Test
  void refusesTypesWithoutBinaryForm() {
    assertThatThrownBy(() -> SingleValueBinary.fromBytes(type(TypeId.VARIANT), bytes("00")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Type variant has no binary single-value serialization in the Iceberg spec");
    assertThatThrownBy(() -> SingleValueBinary.toBytes(type(TypeId.UNKNOWN), "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Type unknown has no binary single-value serialization");
  }

  @Test
  void refusesValuesOfTheWrongClass() {
    assertThatThrownBy(() -> SingleValueBinary.toBytes(type(TypeId.LONG), 5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot use a java.lang.Integer as a long value");
    assertThatThrownBy(() -> SingleValueBinary.toBytes(type(TypeId.INT), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("null int value");
    assertThatThrownBy(() -> SingleValueBinary.fromBytes(type(TypeId.INT), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("null bytes");
  }

  private static PrimitiveType type(TypeId typeId) {
    return PrimitiveType.of(typeId);
  }

  private static ByteBuffer bytes(String hex) {
    return ByteBuffer.wrap(HEX.parseHex(hex));
  }

  private static byte[] toArray(ByteBuffer buffer) {
    ByteBuffer copy = buffer.duplicate();
    byte[] bytes = new byte[copy.remaining()];
    copy.get(bytes);
    return bytes;
  }
}
