package dev.floe.table;

import com.fasterxml.jackson.databind.JsonNode;
import dev.floe.CorruptTableException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Typed reads of the fields of one JSON object in a metadata file. It knows the file and its own
 * path in the document ({@code snapshots[2]}), so every failure names the file and the exact field:
 * {@code Cannot read table metadata s3://b/t/metadata/v3.metadata.json: missing required field
 * 'snapshots[2].manifest-list'}. A field holding JSON null counts as absent.
 */
final class JsonObjectReader {
  private static final int MAX_SHOWN_JSON = 120;

  private final String file;
  private final String path;
  private final JsonNode node;

  private JsonObjectReader(String file, String path, JsonNode node) {
    this.file = file;
    this.path = path;
    this.node = node;
  }

  /** The reader of a document's root, which must be a JSON object. */
  static JsonObjectReader root(String file, JsonNode node) {
    if (node == null || !node.isObject()) {
      throw new CorruptTableException(
          prefix(file) + "expected a JSON object at the top level, not " + show(node));
    }
    return new JsonObjectReader(file, "", node);
  }

  String file() {
    return file;
  }

  /** The full path of one of this object's fields, as messages show it. */
  String pathOf(String field) {
    return path.isEmpty() ? field : path + "." + field;
  }

  boolean has(String field) {
    JsonNode value = node.get(field);
    return value != null && !value.isNull();
  }

  /** The field's raw JSON, or null when absent. */
  JsonNode optionalNode(String field) {
    return has(field) ? node.get(field) : null;
  }

  JsonNode requiredNode(String field) {
    if (!has(field)) {
      throw missing(field);
    }
    return node.get(field);
  }

  String requiredString(String field) {
    return string(field, requiredNode(field));
  }

  String optionalString(String field) {
    return has(field) ? string(field, node.get(field)) : null;
  }

  int requiredInt(String field) {
    return integer(field, requiredNode(field));
  }

  Integer optionalInt(String field) {
    return has(field) ? integer(field, node.get(field)) : null;
  }

  long requiredLong(String field) {
    return longValue(field, requiredNode(field));
  }

  Long optionalLong(String field) {
    return has(field) ? longValue(field, node.get(field)) : null;
  }

  boolean requiredBoolean(String field) {
    JsonNode value = requiredNode(field);
    if (!value.isBoolean()) {
      throw wrongType(field, "a boolean", value);
    }
    return value.booleanValue();
  }

  JsonObjectReader requiredObject(String field) {
    return object(pathOf(field), requiredNode(field));
  }

  /** The objects of an array field; an absent field gives an empty list. */
  List<JsonObjectReader> optionalObjects(String field) {
    return has(field) ? requiredObjects(field) : List.of();
  }

  /** Applies {@code read} to every object of an array field that must be present. */
  <T> List<T> mapRequiredObjects(String field, Function<JsonObjectReader, T> read) {
    return map(requiredObjects(field), read);
  }

  /** Applies {@code read} to every object of an array field; absent gives an empty list. */
  <T> List<T> mapOptionalObjects(String field, Function<JsonObjectReader, T> read) {
    return map(optionalObjects(field), read);
  }

  List<JsonObjectReader> requiredObjects(String field) {
    return elements(field, (element, elementPath) -> object(elementPath, element));
  }

  List<Integer> requiredInts(String field) {
    return elements(field, (element, elementPath) -> integerAt(elementPath, element));
  }

  List<Integer> optionalInts(String field) {
    return has(field) ? requiredInts(field) : List.of();
  }

  List<String> requiredStrings(String field) {
    return elements(field, (element, elementPath) -> stringAt(elementPath, element));
  }

  /** A JSON object of strings, in file order; an absent field gives an empty map. */
  Map<String, String> optionalStringMap(String field) {
    return Collections.unmodifiableMap(
        members(field, (value, memberPath) -> stringAt(memberPath, value)));
  }

  /** A JSON object of objects, in file order; an absent field gives an empty map. */
  Map<String, JsonObjectReader> optionalObjectMap(String field) {
    return members(field, (value, memberPath) -> object(memberPath, value));
  }

  /** A failure about this object as a whole, for problems no single field owns. */
  CorruptTableException corrupt(String problem) {
    return new CorruptTableException(prefix(file) + (path.isEmpty() ? "" : path + ": ") + problem);
  }

  /** A failure about one field's value. */
  CorruptTableException invalid(String field, String problem, Throwable cause) {
    return new CorruptTableException(
        prefix(file) + "invalid field '" + pathOf(field) + "': " + problem, cause);
  }

  CorruptTableException missing(String field) {
    return new CorruptTableException(
        prefix(file) + "missing required field '" + pathOf(field) + "'");
  }

  static String prefix(String file) {
    return "Cannot read table metadata " + file + ": ";
  }

  private interface ElementReader<T> {
    T read(JsonNode element, String elementPath);
  }

  private <T> List<T> elements(String field, ElementReader<T> reader) {
    JsonNode array = requiredNode(field);
    if (!array.isArray()) {
      throw wrongType(field, "an array", array);
    }
    List<T> values = new ArrayList<>(array.size());
    for (int index = 0; index < array.size(); index++) {
      values.add(reader.read(array.get(index), pathOf(field) + "[" + index + "]"));
    }
    return values;
  }

  private <T> Map<String, T> members(String field, ElementReader<T> reader) {
    Map<String, T> values = new LinkedHashMap<>();
    if (!has(field)) {
      return values;
    }
    JsonNode object = node.get(field);
    if (!object.isObject()) {
      throw wrongType(field, "an object", object);
    }
    for (Iterator<Map.Entry<String, JsonNode>> members = object.fields(); members.hasNext(); ) {
      Map.Entry<String, JsonNode> member = members.next();
      values.put(
          member.getKey(), reader.read(member.getValue(), pathOf(field) + "." + member.getKey()));
    }
    return values;
  }

  private JsonObjectReader object(String objectPath, JsonNode value) {
    if (value == null || !value.isObject()) {
      throw wrongTypeAt(objectPath, "an object", value);
    }
    return new JsonObjectReader(file, objectPath, value);
  }

  private String string(String field, JsonNode value) {
    return stringAt(pathOf(field), value);
  }

  private int integer(String field, JsonNode value) {
    return integerAt(pathOf(field), value);
  }

  private long longValue(String field, JsonNode value) {
    if (!value.isIntegralNumber() || !value.canConvertToLong()) {
      throw wrongType(field, "a long", value);
    }
    return value.longValue();
  }

  private String stringAt(String valuePath, JsonNode value) {
    if (value == null || !value.isTextual()) {
      throw wrongTypeAt(valuePath, "a string", value);
    }
    return value.textValue();
  }

  private int integerAt(String valuePath, JsonNode value) {
    if (value == null || !value.isIntegralNumber() || !value.canConvertToInt()) {
      throw wrongTypeAt(valuePath, "an int", value);
    }
    return value.intValue();
  }

  private CorruptTableException wrongType(String field, String expected, JsonNode value) {
    return wrongTypeAt(pathOf(field), expected, value);
  }

  private CorruptTableException wrongTypeAt(String valuePath, String expected, JsonNode value) {
    return new CorruptTableException(
        prefix(file) + "field '" + valuePath + "' must be " + expected + ", not " + show(value));
  }

  private static String show(JsonNode value) {
    if (value == null) {
      return "nothing";
    }
    String text = value.toString();
    return text.length() <= MAX_SHOWN_JSON ? text : text.substring(0, MAX_SHOWN_JSON) + "...";
  }

  private static <T> List<T> map(
      List<JsonObjectReader> objects, Function<JsonObjectReader, T> read) {
    List<T> values = new ArrayList<>(objects.size());
    for (JsonObjectReader object : objects) {
      values.add(read.apply(object));
    }
    return values;
  }
}
