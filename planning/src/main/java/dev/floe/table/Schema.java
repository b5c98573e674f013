package dev.floe.table;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A table schema: top-level columns plus the ids of the identifier fields. Every field, at any
 * depth, is found by id; by full dotted name ({@code location.lat}, list elements as {@code
 * points.element.x}, map parts as {@code m.key} / {@code m.value}); or by that name ignoring case.
 */
public final class Schema {
  private final int schemaId;
  private final StructType struct;
  private final Set<Integer> identifierFieldIds;
  private final Map<Integer, NestedField> fieldsById;
  private final Map<String, Integer> idsByName;
  private final Map<String, Integer> idsByLowerCaseName;
  private final Map<Integer, String> namesById;

  public Schema(int schemaId, List<NestedField> columns, Set<Integer> identifierFieldIds) {
    this.schemaId = schemaId;
    this.struct = new StructType(columns);
    this.identifierFieldIds = Set.copyOf(identifierFieldIds);
    Map<Integer, NestedField> byId = new HashMap<>();
    Map<String, Integer> byName = new LinkedHashMap<>();
    index(struct, "", byId, byName);
    this.fieldsById = Collections.unmodifiableMap(byId);
    this.idsByName = Collections.unmodifiableMap(byName);
    Map<String, Integer> byLowerCase = new HashMap<>();
    Map<Integer, String> names = new HashMap<>();
    byName.forEach(
        (name, id) -> {
          byLowerCase.putIfAbsent(name.toLowerCase(Locale.ROOT), id);
          names.put(id, name);
        });
    this.idsByLowerCaseName = Collections.unmodifiableMap(byLowerCase);
    this.namesById = Collections.unmodifiableMap(names);
  }

  private static void index(
      Type type, String prefix, Map<Integer, NestedField> byId, Map<String, Integer> byName) {
    if (type instanceof StructType struct) {
      for (NestedField field : struct.fields()) {
        add(field, prefix + field.name(), byId, byName);
      }
    } else if (type instanceof ListType list) {
      add(list.element(), prefix + "element", byId, byName);
    } else if (type instanceof MapType map) {
      add(map.key(), prefix + "key", byId, byName);
      add(map.value(), prefix + "value", byId, byName);
    }
  }

  private static void add(
      NestedField field, String name, Map<Integer, NestedField> byId, Map<String, Integer> byName) {
    if (byId.putIfAbsent(field.fieldId(), field) != null) {
      throw new IllegalArgumentException(
          "Field id " + field.fieldId() + " is used twice (again by '" + name + "')");
    }
    byName.putIfAbsent(name, field.fieldId());
    index(field.type(), name + ".", byId, byName);
  }

  public int schemaId() {
    return schemaId;
  }

  public List<NestedField> columns() {
    return struct.fields();
  }

  public StructType asStruct() {
    return struct;
  }

  public Set<Integer> identifierFieldIds() {
    return identifierFieldIds;
  }

  /** The field with this id at any depth, or null. */
  public NestedField findField(int fieldId) {
    return fieldsById.get(fieldId);
  }

  /**
   * The position among the top-level columns of the column with this id, or -1 when no top-level
   * column has it (a nested field's id included).
   */
  public int columnIndex(int fieldId) {
    List<NestedField> columns = struct.fields();
    for (int index = 0; index < columns.size(); index++) {
      if (columns.get(index).fieldId() == fieldId) {
        return index;
      }
    }
    return -1;
  }

  /** The top-level column with this id, or null (also for a nested field's id). */
  public NestedField column(int fieldId) {
    int index = columnIndex(fieldId);
    return index < 0 ? null : struct.fields().get(index);
  }

  /** The field with this full dotted name, matched exactly, or null. */
  public NestedField findField(String name) {
    Integer id = idsByName.get(name);
    return id == null ? null : fieldsById.get(id);
  }

  /** The field with this full dotted name, ignoring case, or null. */
  public NestedField caseInsensitiveFindField(String name) {
    Integer id = idsByLowerCaseName.get(name.toLowerCase(Locale.ROOT));
    return id == null ? null : fieldsById.get(id);
  }

  /** The full dotted name of the field with this id, or null. */
  public String findColumnName(int fieldId) {
    return namesById.get(fieldId);
  }

  /** The highest field id in use, 0 for an empty schema. */
  public int highestFieldId() {
    return fieldsById.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Schema that
        && schemaId == that.schemaId
        && struct.equals(that.struct)
        && identifierFieldIds.equals(that.identifierFieldIds);
  }

  @Override
  public int hashCode() {
    return Objects.hash(schemaId, struct, identifierFieldIds);
  }

  @Override
  public String toString() {
    return "Schema{id=" + schemaId + ", columns=" + struct.fields() + "}";
  }
}
