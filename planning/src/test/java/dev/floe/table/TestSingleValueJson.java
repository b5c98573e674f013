package dev.floe.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TestSingleValueJson {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final long SPEC_TIMESTAMP_MICROS = 1510871468123456L;
  private static final long SPEC_TIMESTAMP_NANOS = 1510871468123456789L;

  private static final StructType POINT =
      new StructType(
          List.of(
              NestedField.required(1, "x", type(TypeId.INT)),
              NestedField.optional(2, "label", type(TypeId.STRING))));
  private static final ListType INTS =
      new ListType(NestedField.required(3, "element", type(TypeId.INT)));
  private static final MapType COUNTS =
      new MapType(
          NestedField.required(4, "key", type(TypeId.STRING)),
          NestedField.optional(5, "value", type(TypeId.INT)));

  /** The spec's examples (Appendix D), with their value in Floe's representation. */
  static Stream<Arguments> specExamples() {
    return Stream.of(
        Arguments.of(type(TypeId.BOOLEAN), "true", true),
        Arguments.of(type(TypeId.INT), "34", 34),
        Arguments.of(type(TypeId.LONG), "34", 34L),
        Arguments.of(type(TypeId.FLOAT), "1.0", 1.0f),
        Arguments.of(type(TypeId.DOUBLE), "1.0", 1.0d),
        Arguments.of(PrimitiveType.decimal(4, 2), "\"14.20\"", new BigDecimal("14.20")),
        Arguments.of(PrimitiveType.decimal(1, -20), "\"2E+20\"", new BigDecimal("2E+20")),
        Arguments.of(type(TypeId.DATE), "\"2017-11-16\"", 17486),
        Arguments.of(type(TypeId.TIME), "\"22:31:08.123456\"", 81068123456L),
        Arguments.of(
            type(TypeId.TIMESTAMP), "\"2017-11-16T22:31:08.123456\"", SPEC_TIMESTAMP_MICROS),
        Arguments.of(
            type(TypeId.TIMESTAMPTZ),
            "\"2017-11-16T22:31:08.123456+00:00\"",
            SPEC_TIMESTAMP_MICROS),
        Arguments.of(
            type(TypeId.TIMESTAMP_NS), "\"2017-11-16T22:31:08.123456789\"", SPEC_TIMESTAMP_NANOS),
        Arguments.of(
            type(TypeId.TIMESTAMPTZ_NS),
            "\"2017-11-16T22:31:08.123456789+00:00\"",
            SPEC_TIMESTAMP_NANOS),
        Arguments.of(type(TypeId.STRING), "\"iceberg\"", "iceberg"),
        Arguments.of(
            type(TypeId.UUID),
            "\"f79c3e09-677c-4bbd-a479-3f349cb785e7\"",
            UUID.fromString("f79c3e09-677c-4bbd-a479-3f349cb785e7")),
        Arguments.of(PrimitiveType.fixed(4), "\"000102ff\"", bytes("000102ff")),
        Arguments.of(type(TypeId.BINARY), "\"000102ff\"", bytes("000102ff")),
        Arguments.of(PrimitiveType.geometry(null), "\"POINT (30 10)\"", "POINT (30 10)"),
        Arguments.of(POINT, "{\"1\":1,\"2\":\"bar\"}", Map.of(1, 1, 2, "bar")),
        Arguments.of(INTS, "[1,2,3]", List.of(1, 2, 3)),
        Arguments.of(
            COUNTS, "{\"keys\":[\"a\",\"b\"],\"values\":[1,2]}", orderedMap("a", 1, "b", 2)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specExamples")
  void parsesTheSpecExamples(Type type, String json, Object expected) {
    assertThat(SingleValueJson.parse(type, json(json)))
        .as("%s parsed from %s", type, json)
        .isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("specExamples")
  void writesTheSpecExamples(Type type, String json, Object value) {
    assertThat(SingleValueJson.toJson(type, value).toString())
        .as("%s written from %s (compared as text: IntNode and LongNode differ)", type, value)
        .isEqualTo(json(json).toString());
  }

  @Test
  void keepsMapKeyOrder() {
    Object value = SingleValueJson.parse(COUNTS, json("{\"keys\":[\"z\",\"a\"],\"values\":[1,2]}"));
    assertThat(new ArrayList<Object>(((Map<?, ?>) value).keySet()))
        .as("keys in JSON order")
        .containsExactly("z", "a");
  }

  @Test
  void keepsOnlyTheStructFieldsPresent() {
    Object value = SingleValueJson.parse(POINT, json("{\"1\": 7}"));
    assertThat(value).as("absent field 2 is not in the map").isEqualTo(Map.of(1, 7));
  }

  @Test
  void keepsNullsInsideNestedValues() {
    Object value = SingleValueJson.parse(INTS, json("[1, null]"));
    assertThat(new ArrayList<Object>((List<?>) value))
        .as("a null element survives")
        .containsExactly(1, null);
    assertThat(SingleValueJson.toJson(INTS, Arrays.asList(1, null))).isEqualTo(json("[1,null]"));
  }

  @Test
  void readsNullAsNullForEveryType() {
    assertThat(SingleValueJson.parse(type(TypeId.INT), NullNode.getInstance())).isNull();
    assertThat(SingleValueJson.parse(type(TypeId.UNKNOWN), NullNode.getInstance()))
        .as("unknown values are always null")
        .isNull();
    assertThat(SingleValueJson.parse(POINT, null)).as("missing node").isNull();
    assertThat(SingleValueJson.toJson(type(TypeId.STRING), null)).isEqualTo(NullNode.getInstance());
  }

  @Test
  void writesFixedFractionDigits() {
    assertThat(SingleValueJson.toJson(type(TypeId.TIMESTAMP), 1510871468000000L).textValue())
        .as("microsecond precision even when the fraction is zero")
        .isEqualTo("2017-11-16T22:31:08.000000");
    assertThat(SingleValueJson.toJson(type(TypeId.TIMESTAMPTZ_NS), 0L).textValue())
        .isEqualTo("1970-01-01T00:00:00.000000000+00:00");
    assertThat(SingleValueJson.toJson(type(TypeId.TIME), 0L).textValue())
        .isEqualTo("00:00:00.000000");
  }

  @Test
  void handlesTimestampsBeforeTheEpoch() {
    assertThat(SingleValueJson.toJson(type(TypeId.TIMESTAMP), -1L).textValue())
        .as("one microsecond before the epoch")
        .isEqualTo("1969-12-31T23:59:59.999999");
    assertThat(
            SingleValueJson.parse(type(TypeId.TIMESTAMP), json("\"1969-12-31T23:59:59.999999\"")))
        .isEqualTo(-1L);
    assertThat(SingleValueJson.parse(type(TypeId.DATE), json("\"1969-12-31\""))).isEqualTo(-1);
  }

  @Test
  void acceptsOtherSpellingsWhenReading() {
    assertThat(
            SingleValueJson.parse(
                type(TypeId.TIMESTAMPTZ), json("\"2017-11-16T22:31:08.123456Z\"")))
        .as("Z is UTC")
        .isEqualTo(SPEC_TIMESTAMP_MICROS);
    assertThat(
            SingleValueJson.parse(
                type(TypeId.TIMESTAMPTZ), json("\"2017-11-17T00:31:08.123456+02:00\"")))
        .as("another offset is converted to UTC")
        .isEqualTo(SPEC_TIMESTAMP_MICROS);
    assertThat(SingleValueJson.parse(type(TypeId.TIMESTAMP), json("\"2017-11-16T22:31:08\"")))
        .as("fraction digits may be omitted")
        .isEqualTo(1510871468000000L);
    assertThat(SingleValueJson.parse(type(TypeId.BINARY), json("\"00FF\"")))
        .isEqualTo(bytes("00ff"));
    assertThat(SingleValueJson.parse(PrimitiveType.decimal(4, 2), json("\"14.2\"")))
        .as("rescaled without rounding")
        .isEqualTo(new BigDecimal("14.20"));
    assertThat(SingleValueJson.parse(type(TypeId.DOUBLE), json("\"NaN\""))).isEqualTo(Double.NaN);
    assertThat(SingleValueJson.parse(type(TypeId.FLOAT), json("\"-Infinity\"")))
        .isEqualTo(Float.NEGATIVE_INFINITY);
    assertThat(SingleValueJson.parse(type(TypeId.DOUBLE), json("2"))).isEqualTo(2.0d);
  }

  @Test
  void readsDoublesAtDoublePrecision() {
    assertThat(SingleValueJson.parse(type(TypeId.DOUBLE), json("0.1")))
        .as("not a widened float")
        .isEqualTo(0.1d);
    assertThat(SingleValueJson.parse(type(TypeId.FLOAT), json("0.1"))).isEqualTo(0.1f);
  }

  @Test
  void rejectsJsonOfTheWrongKind() {
    assertThatThrownBy(() -> SingleValueJson.parse(type(TypeId.INT), json("\"34\"")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot parse \"34\" as a int value: expected an int");
    assertThatThrownBy(() -> SingleValueJson.parse(type(TypeId.INT), json("3000000000")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("as a int value");
    assertThatThrownBy(() -> SingleValueJson.parse(type(TypeId.BOOLEAN), json("1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("expected a JSON boolean");
    assertThatThrownBy(() -> SingleValueJson.parse(PrimitiveType.decimal(4, 2), json("14.20")))
        .as("decimals are JSON strings")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("decimal(4,2)");
    assertThatThrownBy(() -> SingleValueJson.parse(INTS, json("{}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot parse {} as a list value: expected a JSON array");
    assertThatThrownBy(
            () -> SingleValueJson.parse(COUNTS, json("{\"keys\":[\"a\"],\"values\":[]}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("keys and values differ in length");
  }

  @Test
  void rejectsMalformedStrings() {
    assertThatThrownBy(
            () -> SingleValueJson.parse(type(TypeId.TIMESTAMPTZ), json("\"2017-11-16T22:31:08\"")))
        .as("a timestamptz must carry its offset")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("as a timestamptz value");
    assertThatThrownBy(
            () ->
                SingleValueJson.parse(
                    type(TypeId.TIMESTAMP), json("\"2017-11-16T22:31:08+00:00\"")))
        .as("a timestamp must not carry an offset")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("as a timestamp value");
    assertThatThrownBy(() -> SingleValueJson.parse(PrimitiveType.fixed(4), json("\"0001\"")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("expected 8 hex digits");
    assertThatThrownBy(() -> SingleValueJson.parse(type(TypeId.BINARY), json("\"0g\"")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("as a binary value");
    assertThatThrownBy(() -> SingleValueJson.parse(type(TypeId.UUID), json("\"1-1-1-1-1\"")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("expected 36 characters");
    assertThatThrownBy(() -> SingleValueJson.parse(PrimitiveType.decimal(4, 2), json("\"1.234\"")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("its scale is not 2");
    assertThatThrownBy(() -> SingleValueJson.parse(type(TypeId.DATE), json("\"2017-13-01\"")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("as a date value");
  }

  @Test
  void rejectsTypesWithoutJsonValues() {
    assertThatThrownBy(() -> SingleValueJson.parse(type(TypeId.UNKNOWN), json("1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("an unknown value is always null");
    assertThatThrownBy(() -> SingleValueJson.parse(type(TypeId.VARIANT), json("{}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("as a variant value");
    assertThatThrownBy(() -> SingleValueJson.toJson(type(TypeId.VARIANT), "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot write a variant value as JSON");
  }

  @Test
  void rejectsValuesOfTheWrongClassWhenWriting() {
    assertThatThrownBy(() -> SingleValueJson.toJson(type(TypeId.DATE), "2017-11-16"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot use a java.lang.String as a date value");
    assertThatThrownBy(() -> SingleValueJson.toJson(INTS, Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("as a list value");
  }

  private static PrimitiveType type(TypeId typeId) {
    return PrimitiveType.of(typeId);
  }

  private static ByteBuffer bytes(String hex) {
    return ByteBuffer.wrap(HexFormat.of().parseHex(hex));
  }

  private static Map<Object, Object> orderedMap(Object... keysAndValues) {
    Map<Object, Object> map = new LinkedHashMap<>();
    for (int index = 0; index < keysAndValues.length; index += 2) {
      map.put(keysAndValues[index], keysAndValues[index + 1]);
    }
    return map;
  }

  private static JsonNode json(String text) {
    try {
      return MAPPER.readTree(text);
    } catch (JsonProcessingException malformed) {
      throw new IllegalArgumentException("Bad test JSON: " + text, malformed);
    }
  }
}
