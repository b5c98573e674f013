package dev.floe.table;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads schemas and types from their JSON form (the spec's Appendix C), including field defaults,
 * which are converted by {@link SingleValueJson}: a struct default becomes a {@code Map<Integer,
 * Object>} by field id, a list default a {@code List}, a map default a {@code Map}.
 */
final class SchemaParser {
  private static final Pattern DECIMAL =
      Pattern.compile("decimal\\s*\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*\\)", Pattern.CASE_INSENSITIVE);
  private static final Pattern FIXED =
      Pattern.compile("fixed\\s*\\[\\s*(\\d+)\\s*\\]", Pattern.CASE_INSENSITIVE);
  private static final Pattern GEOMETRY =
      Pattern.compile("geometry\\s*\\(\\s*([^,)]*?)\\s*\\)", Pattern.CASE_INSENSITIVE);
  private static final Pattern GEOGRAPHY =
      Pattern.compile(
          "geography\\s*\\(\\s*([^,)]*?)\\s*(?:,\\s*([^,)]*?)\\s*)?\\)", Pattern.CASE_INSENSITIVE);

  /** Primitive types written as a bare name; the parameterized ones are matched by pattern. */
  private static final Map<String, TypeId> SIMPLE_TYPES =
      Map.ofEntries(
          Map.entry("boolean", TypeId.BOOLEAN),
          Map.entry("int", TypeId.INT),
          Map.entry("long", TypeId.LONG),
          Map.entry("float", TypeId.FLOAT),
          Map.entry("double", TypeId.DOUBLE),
          Map.entry("date", TypeId.DATE),
          Map.entry("time", TypeId.TIME),
          Map.entry("timestamp", TypeId.TIMESTAMP),
          Map.entry("timestamptz", TypeId.TIMESTAMPTZ),
          Map.entry("timestamp_ns", TypeId.TIMESTAMP_NS),
          Map.entry("timestamptz_ns", TypeId.TIMESTAMPTZ_NS),
          Map.entry("string", TypeId.STRING),
          Map.entry("uuid", TypeId.UUID),
          Map.entry("binary", TypeId.BINARY),
          Map.entry("unknown", TypeId.UNKNOWN),
          Map.entry("variant", TypeId.VARIANT));

  private SchemaParser() {}

  /** A schema object. {@code schema-id} is required from v2 on; a v1 schema without it is 0. */
  static Schema parseSchema(JsonObjectReader json, int formatVersion) {
    int schemaId =
        formatVersion > 1 ? json.requiredInt("schema-id") : orZero(json.optionalInt("schema-id"));
    if (json.has("type")) {
      String type = json.requiredString("type");
      if (!type.equals("struct")) {
        throw json.invalid("type", "a schema is a struct, not '" + type + "'", null);
      }
    }
    List<NestedField> columns = parseFields(json);
    Schema schema;
    try {
      schema =
          new Schema(schemaId, columns, new HashSet<>(json.optionalInts("identifier-field-ids")));
    } catch (IllegalArgumentException duplicateIds) {
      throw json.corrupt("schema " + schemaId + ": " + duplicateIds.getMessage());
    }
    for (int identifier : new TreeSet<>(schema.identifierFieldIds())) {
      if (schema.findField(identifier) == null) {
        throw json.corrupt(
            "schema "
                + schemaId
                + ": identifier-field-ids names field "
                + identifier
                + ", which the schema does not have");
      }
    }
    return schema;
  }

  /** The type held by {@code field} of {@code owner}: a primitive name or a nested object. */
  static Type parseType(JsonObjectReader owner, String field) {
    JsonNode type = owner.requiredNode(field);
    if (type.isTextual()) {
      return parsePrimitive(owner, field, type.textValue());
    }
    JsonObjectReader nested = owner.requiredObject(field);
    String kind = nested.requiredString("type");
    return switch (kind) {
      case "struct" -> new StructType(parseFields(nested));
      case "list" -> parseList(nested);
      case "map" -> parseMap(nested);
      default -> throw nested.invalid("type", "unknown nested type '" + kind + "'", null);
    };
  }

  private static List<NestedField> parseFields(JsonObjectReader struct) {
    List<NestedField> fields = new ArrayList<>();
    for (JsonObjectReader field : struct.requiredObjects("fields")) {
      fields.add(parseField(field));
    }
    return fields;
  }

  private static NestedField parseField(JsonObjectReader field) {
    int id = field.requiredInt("id");
    String name = field.requiredString("name");
    boolean required = field.requiredBoolean("required");
    Type type = parseType(field, "type");
    return new NestedField(
        id,
        name,
        required,
        type,
        field.optionalString("doc"),
        parseDefault(field, "initial-default", type),
        parseDefault(field, "write-default", type));
  }

  private static Object parseDefault(JsonObjectReader field, String name, Type type) {
    JsonNode json = field.optionalNode(name);
    if (json == null) {
      return null;
    }
    try {
      return SingleValueJson.parse(type, json);
    } catch (IllegalArgumentException malformed) {
      throw field.invalid(name, malformed.getMessage(), malformed);
    }
  }

  private static ListType parseList(JsonObjectReader list) {
    int elementId = list.requiredInt("element-id");
    boolean elementRequired = list.requiredBoolean("element-required");
    Type elementType = parseType(list, "element");
    return new ListType(
        new NestedField(elementId, "element", elementRequired, elementType, null, null, null));
  }

  private static MapType parseMap(JsonObjectReader map) {
    int keyId = map.requiredInt("key-id");
    Type keyType = parseType(map, "key");
    int valueId = map.requiredInt("value-id");
    boolean valueRequired = map.requiredBoolean("value-required");
    Type valueType = parseType(map, "value");
    return new MapType(
        NestedField.required(keyId, "key", keyType),
        new NestedField(valueId, "value", valueRequired, valueType, null, null, null));
  }

  private static PrimitiveType parsePrimitive(JsonObjectReader owner, String field, String text) {
    String trimmed = text.trim();
    TypeId simple = SIMPLE_TYPES.get(trimmed.toLowerCase(Locale.ROOT));
    if (simple != null) {
      return PrimitiveType.of(simple);
    }
    Matcher decimal = DECIMAL.matcher(trimmed);
    if (decimal.matches()) {
      return PrimitiveType.decimal(
          parameter(owner, field, decimal.group(1)), parameter(owner, field, decimal.group(2)));
    }
    Matcher fixed = FIXED.matcher(trimmed);
    if (fixed.matches()) {
      return PrimitiveType.fixed(parameter(owner, field, fixed.group(1)));
    }
    // CRS and algorithm keep their case: a projjson CRS names a table property
    if (trimmed.equalsIgnoreCase("geometry")) {
      return PrimitiveType.geometry(null);
    }
    Matcher geometry = GEOMETRY.matcher(trimmed);
    if (geometry.matches()) {
      return PrimitiveType.geometry(geometry.group(1));
    }
    if (trimmed.equalsIgnoreCase("geography")) {
      return PrimitiveType.geography(null, null);
    }
    Matcher geography = GEOGRAPHY.matcher(trimmed);
    if (geography.matches()) {
      return PrimitiveType.geography(geography.group(1), geography.group(2));
    }
    throw owner.invalid(field, "unknown type '" + text + "'", null);
  }

  private static int parameter(JsonObjectReader owner, String field, String digits) {
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException tooLarge) {
      throw owner.invalid(field, "type parameter " + digits + " is too large", tooLarge);
    }
  }

  private static int orZero(Integer value) {
    return value == null ? 0 : value;
  }
}
