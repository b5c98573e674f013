package dev.floe.table;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The Iceberg spec's JSON single-value serialization (Appendix D), used for field defaults ({@code
 * initial-default}, {@code write-default}) and for literals in the REST expression JSON.
 *
 * <p>Primitive values use the representation of {@link SingleValueBinary}; geometry and geography
 * are their WKT strings. Nested values: a struct is a {@code Map<Integer, Object>} from field id to
 * value (only the fields present in the JSON, in the struct's field order), a list is a {@code
 * List}, a map is a {@code Map} in key order (a {@link LinkedHashMap}). Nested results are
 * unmodifiable and may hold nulls.
 *
 * <p>For example, {@code parse(timestamptz, "2017-11-16T22:31:08.123456+00:00")} gives the Long
 * {@code 1510871468123456L}, and {@code toJson} gives that string back.
 */
public final class SingleValueJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final HexFormat HEX = HexFormat.of();
  private static final int UUID_TEXT_LENGTH = 36;
  private static final long MICROS_PER_SECOND = 1_000_000L;
  private static final long NANOS_PER_SECOND = 1_000_000_000L;
  private static final long NANOS_PER_MICRO = 1_000L;

  private static final DateTimeFormatter TIME_MICROS = timeFormatter(6);
  private static final DateTimeFormatter TIMESTAMP_MICROS = timestampFormatter(6);
  private static final DateTimeFormatter TIMESTAMP_NANOS = timestampFormatter(9);

  private SingleValueJson() {}

  /**
   * Reads a value of {@code type} from its JSON single-value form; JSON null (or a missing node)
   * gives null. Reading is slightly more lenient than writing: any number of fraction digits in
   * times, any zone offset in a timestamptz (converted to UTC), hex in either case, a decimal whose
   * scale can be brought to the type's without rounding, and the strings {@code "NaN"}, {@code
   * "Infinity"}, {@code "-Infinity"} for float and double.
   *
   * @throws IllegalArgumentException naming the type and the JSON when the JSON does not hold a
   *     value of the type
   */
  public static Object parse(Type type, JsonNode json) {
    if (json == null || json.isNull() || json.isMissingNode()) {
      return null;
    }
    try {
      if (type instanceof PrimitiveType primitive) {
        return parsePrimitive(primitive, json);
      } else if (type instanceof StructType struct) {
        return parseStruct(struct, json);
      } else if (type instanceof ListType list) {
        return parseList(list, json);
      } else if (type instanceof MapType map) {
        return parseMap(map, json);
      }
      throw new IllegalStateException("Unexpected type " + type);
    } catch (DateTimeException | NumberFormatException | ArithmeticException malformed) {
      throw cannotParse(type, json, malformed.getMessage(), malformed);
    }
  }

  /**
   * Writes a value of {@code type} in its JSON single-value form; null gives JSON null. Times and
   * timestamps are written with exactly 6 fraction digits (9 for the {@code _ns} types), a
   * timestamptz with {@code +00:00}, binary and fixed as lowercase hex, a decimal in plain notation
   * unless its scale is negative.
   *
   * @throws IllegalArgumentException when the value is not of the Java class the type is
   *     represented by
   */
  public static JsonNode toJson(Type type, Object value) {
    if (value == null) {
      return NODES.nullNode();
    }
    if (type instanceof PrimitiveType primitive) {
      return primitiveToJson(primitive, value);
    } else if (type instanceof StructType struct) {
      return structToJson(struct, value);
    } else if (type instanceof ListType list) {
      return listToJson(list, value);
    } else if (type instanceof MapType map) {
      return mapToJson(map, value);
    }
    throw new IllegalStateException("Unexpected type " + type);
  }

  private static Object parsePrimitive(PrimitiveType type, JsonNode json) {
    return switch (type.typeId()) {
      case BOOLEAN -> {
        require(json.isBoolean(), type, json, "expected a JSON boolean");
        yield json.booleanValue();
      }
      case INT -> {
        require(json.isIntegralNumber() && json.canConvertToInt(), type, json, "expected an int");
        yield json.intValue();
      }
      case LONG -> {
        require(json.isIntegralNumber() && json.canConvertToLong(), type, json, "expected a long");
        yield json.longValue();
      }
      case FLOAT -> {
        if (json.isTextual()) {
          yield Float.valueOf(nonFinite(type, json));
        }
        require(json.isNumber(), type, json, "expected a JSON number");
        yield json.floatValue();
      }
      case DOUBLE -> {
        if (json.isTextual()) {
          yield Double.valueOf(nonFinite(type, json));
        }
        require(json.isNumber(), type, json, "expected a JSON number");
        yield json.doubleValue();
      }
      case DECIMAL -> SingleValueBinary.rescale(type, new BigDecimal(text(type, json)));
      case DATE -> Math.toIntExact(LocalDate.parse(text(type, json)).toEpochDay());
      case TIME -> LocalTime.parse(text(type, json)).toNanoOfDay() / NANOS_PER_MICRO;
      case TIMESTAMP -> micros(LocalDateTime.parse(text(type, json)));
      case TIMESTAMPTZ -> micros(utc(text(type, json)));
      case TIMESTAMP_NS -> nanos(LocalDateTime.parse(text(type, json)));
      case TIMESTAMPTZ_NS -> nanos(utc(text(type, json)));
      case STRING, GEOMETRY, GEOGRAPHY -> text(type, json);
      case UUID -> {
        String text = text(type, json);
        require(text.length() == UUID_TEXT_LENGTH, type, json, "expected 36 characters");
        yield parseUuid(type, json, text);
      }
      case FIXED -> {
        String text = text(type, json);
        require(
            text.length() == type.length() * 2,
            type,
            json,
            "expected " + type.length() * 2 + " hex digits");
        yield ByteBuffer.wrap(parseHex(type, json, text));
      }
      case BINARY -> ByteBuffer.wrap(parseHex(type, json, text(type, json)));
      case UNKNOWN -> throw cannotParse(type, json, "an unknown value is always null", null);
      case VARIANT, STRUCT, LIST, MAP ->
          throw cannotParse(type, json, "the spec defines no JSON single value for it", null);
    };
  }

  private static String nonFinite(PrimitiveType type, JsonNode json) {
    String text = json.textValue();
    require(
        text.equals("NaN") || text.equals("Infinity") || text.equals("-Infinity"),
        type,
        json,
        "expected a JSON number");
    return text;
  }

  private static Map<Integer, Object> parseStruct(StructType struct, JsonNode json) {
    require(json.isObject(), struct, json, "expected a JSON object keyed by field id");
    Map<Integer, Object> values = new LinkedHashMap<>();
    for (NestedField field : struct.fields()) {
      JsonNode fieldJson = json.get(String.valueOf(field.fieldId()));
      if (fieldJson != null) {
        values.put(field.fieldId(), parse(field.type(), fieldJson));
      }
    }
    return Collections.unmodifiableMap(values);
  }

  private static List<Object> parseList(ListType list, JsonNode json) {
    require(json.isArray(), list, json, "expected a JSON array");
    List<Object> values = new ArrayList<>(json.size());
    for (JsonNode element : json) {
      values.add(parse(list.element().type(), element));
    }
    return Collections.unmodifiableList(values);
  }

  private static Map<Object, Object> parseMap(MapType map, JsonNode json) {
    JsonNode keys = json.get("keys");
    JsonNode values = json.get("values");
    require(
        json.isObject() && keys != null && keys.isArray() && values != null && values.isArray(),
        map,
        json,
        "expected {\"keys\": [...], \"values\": [...]}");
    require(keys.size() == values.size(), map, json, "keys and values differ in length");
    Map<Object, Object> entries = new LinkedHashMap<>();
    Iterator<JsonNode> valueIterator = values.iterator();
    for (JsonNode key : keys) {
      entries.put(parse(map.key().type(), key), parse(map.value().type(), valueIterator.next()));
    }
    return Collections.unmodifiableMap(entries);
  }

  private static JsonNode primitiveToJson(PrimitiveType type, Object value) {
    return switch (type.typeId()) {
      case BOOLEAN -> NODES.booleanNode(cast(type, value, Boolean.class));
      case INT -> NODES.numberNode(cast(type, value, Integer.class));
      case LONG -> NODES.numberNode(cast(type, value, Long.class));
      case FLOAT -> NODES.numberNode(cast(type, value, Float.class));
      case DOUBLE -> NODES.numberNode(cast(type, value, Double.class));
      case DECIMAL -> {
        BigDecimal decimal = SingleValueBinary.rescale(type, cast(type, value, BigDecimal.class));
        yield NODES.textNode(decimal.scale() >= 0 ? decimal.toPlainString() : decimal.toString());
      }
      case DATE ->
          NODES.textNode(LocalDate.ofEpochDay(cast(type, value, Integer.class)).toString());
      case TIME ->
          NODES.textNode(
              TIME_MICROS.format(
                  LocalTime.ofNanoOfDay(
                      Math.multiplyExact(cast(type, value, Long.class), NANOS_PER_MICRO))));
      case TIMESTAMP -> NODES.textNode(TIMESTAMP_MICROS.format(fromMicros(type, value)));
      case TIMESTAMPTZ ->
          NODES.textNode(TIMESTAMP_MICROS.format(fromMicros(type, value)) + "+00:00");
      case TIMESTAMP_NS -> NODES.textNode(TIMESTAMP_NANOS.format(fromNanos(type, value)));
      case TIMESTAMPTZ_NS ->
          NODES.textNode(TIMESTAMP_NANOS.format(fromNanos(type, value)) + "+00:00");
      case STRING, GEOMETRY, GEOGRAPHY ->
          NODES.textNode(cast(type, value, CharSequence.class).toString());
      case UUID -> NODES.textNode(cast(type, value, UUID.class).toString());
      case FIXED, BINARY -> {
        ByteBuffer bytes = cast(type, value, ByteBuffer.class).duplicate();
        byte[] copy = new byte[bytes.remaining()];
        bytes.get(copy);
        yield NODES.textNode(HEX.formatHex(copy));
      }
      case UNKNOWN, VARIANT, STRUCT, LIST, MAP ->
          throw new IllegalArgumentException(
              "Cannot write a " + type + " value as JSON: the spec defines no JSON single value");
    };
  }

  private static JsonNode structToJson(StructType struct, Object value) {
    Map<?, ?> values = castNested(struct, value, Map.class);
    ObjectNode json = NODES.objectNode();
    for (NestedField field : struct.fields()) {
      if (values.containsKey(field.fieldId())) {
        json.set(
            String.valueOf(field.fieldId()), toJson(field.type(), values.get(field.fieldId())));
      }
    }
    return json;
  }

  private static JsonNode listToJson(ListType list, Object value) {
    ArrayNode json = NODES.arrayNode();
    List<?> elements = castNested(list, value, List.class);
    for (Object element : elements) {
      json.add(toJson(list.element().type(), element));
    }
    return json;
  }

  private static JsonNode mapToJson(MapType map, Object value) {
    ObjectNode json = NODES.objectNode();
    ArrayNode keys = json.putArray("keys");
    ArrayNode values = json.putArray("values");
    Map<?, ?> entries = castNested(map, value, Map.class);
    for (Map.Entry<?, ?> entry : entries.entrySet()) {
      keys.add(toJson(map.key().type(), entry.getKey()));
      values.add(toJson(map.value().type(), entry.getValue()));
    }
    return json;
  }

  private static <T> T cast(PrimitiveType type, Object value, Class<T> javaClass) {
    return SingleValueBinary.cast(type, value, javaClass);
  }

  private static <T> T castNested(Type type, Object value, Class<T> javaClass) {
    if (!javaClass.isInstance(value)) {
      throw new IllegalArgumentException(
          "Cannot use a "
              + value.getClass().getName()
              + " as a "
              + type.typeId().name().toLowerCase(Locale.ROOT)
              + " value (expected "
              + javaClass.getName()
              + ")");
    }
    return javaClass.cast(value);
  }

  private static String text(PrimitiveType type, JsonNode json) {
    require(json.isTextual(), type, json, "expected a JSON string");
    return json.textValue();
  }

  private static UUID parseUuid(PrimitiveType type, JsonNode json, String text) {
    try {
      return UUID.fromString(text);
    } catch (IllegalArgumentException malformed) {
      throw cannotParse(type, json, malformed.getMessage(), malformed);
    }
  }

  private static byte[] parseHex(PrimitiveType type, JsonNode json, String text) {
    try {
      return HEX.parseHex(text);
    } catch (IllegalArgumentException malformed) {
      throw cannotParse(type, json, malformed.getMessage(), malformed);
    }
  }

  private static OffsetDateTime utc(String text) {
    return OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME);
  }

  private static long micros(LocalDateTime timestamp) {
    return micros(timestamp.atOffset(ZoneOffset.UTC));
  }

  private static long micros(OffsetDateTime timestamp) {
    return Math.addExact(
        Math.multiplyExact(timestamp.toEpochSecond(), MICROS_PER_SECOND),
        timestamp.getNano() / NANOS_PER_MICRO);
  }

  private static long nanos(LocalDateTime timestamp) {
    return nanos(timestamp.atOffset(ZoneOffset.UTC));
  }

  private static long nanos(OffsetDateTime timestamp) {
    return Math.addExact(
        Math.multiplyExact(timestamp.toEpochSecond(), NANOS_PER_SECOND), timestamp.getNano());
  }

  private static LocalDateTime fromMicros(PrimitiveType type, Object value) {
    long micros = cast(type, value, Long.class);
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(micros, MICROS_PER_SECOND),
        (int) (Math.floorMod(micros, MICROS_PER_SECOND) * NANOS_PER_MICRO),
        ZoneOffset.UTC);
  }

  private static LocalDateTime fromNanos(PrimitiveType type, Object value) {
    long nanos = cast(type, value, Long.class);
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(nanos, NANOS_PER_SECOND),
        (int) Math.floorMod(nanos, NANOS_PER_SECOND),
        ZoneOffset.UTC);
  }

  private static DateTimeFormatter timeFormatter(int fractionDigits) {
    return new DateTimeFormatterBuilder()
        .appendPattern("HH:mm:ss")
        .appendFraction(ChronoField.NANO_OF_SECOND, fractionDigits, fractionDigits, true)
        .toFormatter(Locale.ROOT);
  }

  private static DateTimeFormatter timestampFormatter(int fractionDigits) {
    return new DateTimeFormatterBuilder()
        .append(DateTimeFormatter.ISO_LOCAL_DATE)
        .appendLiteral('T')
        .append(timeFormatter(fractionDigits))
        .toFormatter(Locale.ROOT);
  }

  private static void require(boolean condition, Type type, JsonNode json, String problem) {
    if (!condition) {
      throw cannotParse(type, json, problem, null);
    }
  }

  private static IllegalArgumentException cannotParse(
      Type type, JsonNode json, String problem, Throwable cause) {
    return new IllegalArgumentException(
        "Cannot parse " + json + " as a " + describe(type) + " value: " + problem, cause);
  }

  private static String describe(Type type) {
    return type instanceof PrimitiveType
        ? type.toString()
        : type.typeId().name().toLowerCase(Locale.ROOT);
  }
}
