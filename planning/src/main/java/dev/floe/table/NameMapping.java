package dev.floe.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.floe.CorruptTableException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The table property {@code schema.name-mapping.default}: which field id a column of a data file
 * written without field ids (an imported Parquet file) has, by its name at each level. A list's
 * element is named {@code element}, a map's key and value {@code key} and {@code value}.
 *
 * <pre>{@code
 * [ {"field-id": 1, "names": ["id", "record_id"]},
 *   {"field-id": 2, "names": ["location"], "fields": [{"field-id": 3, "names": ["lat"]}]} ]
 * }</pre>
 */
public final class NameMapping {
  /** The table property that holds the mapping as JSON. */
  public static final String PROPERTY = "schema.name-mapping.default";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<MappedField> fields;
  private final Map<String, MappedField> byName;

  public NameMapping(List<MappedField> fields) {
    this.fields = List.copyOf(fields);
    Map<String, MappedField> names = new HashMap<>();
    for (MappedField field : this.fields) {
      for (String name : field.names()) {
        names.put(name, field);
      }
    }
    this.byName = Map.copyOf(names);
  }

  /** One column: its field id (null when unmapped), its names, and its children's mapping. */
  public record MappedField(Integer fieldId, List<String> names, NameMapping nested) {
    public MappedField {
      names = List.copyOf(names);
    }
  }

  public List<MappedField> fields() {
    return fields;
  }

  /** The field with this name at this level, or null. */
  public MappedField find(String name) {
    return byName.get(name);
  }

  /** The field id of the column at this path of names, or null when the mapping has none. */
  public Integer idOf(List<String> path) {
    NameMapping level = this;
    MappedField field = null;
    for (String name : path) {
      if (level == null) {
        return null;
      }
      field = level.find(name);
      if (field == null) {
        return null;
      }
      level = field.nested();
    }
    return field == null ? null : field.fieldId();
  }

  /**
   * Reads the JSON form of the property.
   *
   * @param source where the JSON came from, for messages (the table metadata file)
   * @throws CorruptTableException when the JSON is not a name mapping
   */
  public static NameMapping parse(String json, String source) {
    try {
      return parseFields(JSON.readTree(json), source, "$");
    } catch (JsonProcessingException malformed) {
      throw new CorruptTableException(
          "Invalid " + PROPERTY + " in " + source + ": " + malformed.getOriginalMessage(),
          malformed);
    }
  }

  private static NameMapping parseFields(JsonNode array, String source, String path) {
    if (array == null || !array.isArray()) {
      throw invalid(source, path, "expected an array of mapped fields");
    }
    List<MappedField> fields = new ArrayList<>();
    for (int index = 0; index < array.size(); index++) {
      JsonNode field = array.get(index);
      String at = path + "[" + index + "]";
      if (!field.isObject()) {
        throw invalid(source, at, "expected an object");
      }
      JsonNode id = field.get("field-id");
      if (id != null && !id.isNull() && !id.canConvertToInt()) {
        throw invalid(source, at + ".field-id", "expected an int");
      }
      JsonNode names = field.get("names");
      if (names == null || !names.isArray()) {
        throw invalid(source, at + ".names", "expected an array of names");
      }
      List<String> nameList = new ArrayList<>();
      names.forEach(name -> nameList.add(name.asText()));
      JsonNode nested = field.get("fields");
      fields.add(
          new MappedField(
              id == null || id.isNull() ? null : id.intValue(),
              nameList,
              nested == null || nested.isNull()
                  ? null
                  : parseFields(nested, source, at + ".fields")));
    }
    return new NameMapping(fields);
  }

  private static CorruptTableException invalid(String source, String path, String reason) {
    return new CorruptTableException(
        "Invalid " + PROPERTY + " in " + source + " at " + path + ": " + reason);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof NameMapping that && fields.equals(that.fields);
  }

  @Override
  public int hashCode() {
    return Objects.hash(fields);
  }

  @Override
  public String toString() {
    return fields.toString();
  }
}
