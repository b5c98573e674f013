package dev.floe.scan;

import dev.floe.InvalidRequestException;
import dev.floe.table.NestedField;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Prunes a schema to selected columns. Selecting a struct keeps all of it; selecting a field inside
 * a struct keeps the struct with only the selected children. Lists and maps are kept whole when
 * anything inside them is selected.
 */
final class SchemaProjection {
  private final Schema schema;
  private final boolean caseSensitive;
  private final String tableName;

  SchemaProjection(Schema schema, boolean caseSensitive, String tableName) {
    this.schema = schema;
    this.caseSensitive = caseSensitive;
    this.tableName = tableName;
  }

  Schema select(List<String> columns) {
    Set<Integer> selected = new HashSet<>();
    for (NestedField field : findFields(columns)) {
      selected.add(field.fieldId());
    }
    List<NestedField> kept = prune(schema.columns(), selected);
    Set<Integer> identifiers = new HashSet<>(schema.identifierFieldIds());
    identifiers.retainAll(idsOf(kept));
    return new Schema(schema.schemaId(), kept, identifiers);
  }

  /** The ids of these columns and of every field nested in them. */
  Set<Integer> fieldIds(List<String> columns) {
    Set<Integer> ids = new HashSet<>();
    for (NestedField field : findFields(columns)) {
      ids.add(field.fieldId());
      collectIds(field.type(), ids);
    }
    return ids;
  }

  private List<NestedField> findFields(List<String> columns) {
    List<NestedField> fields = new ArrayList<>(columns.size());
    for (String column : columns) {
      NestedField field =
          caseSensitive ? schema.findField(column) : schema.caseInsensitiveFindField(column);
      if (field == null) {
        throw new InvalidRequestException(
            "Cannot find column '"
                + column
                + "' in table "
                + tableName
                + " (schema "
                + schema.schemaId()
                + (caseSensitive ? ", case-sensitive" : "")
                + "); columns are: "
                + String.join(", ", schema.columns().stream().map(NestedField::name).toList()));
      }
      fields.add(field);
    }
    return fields;
  }

  private List<NestedField> prune(List<NestedField> fields, Set<Integer> selected) {
    List<NestedField> kept = new ArrayList<>();
    for (NestedField field : fields) {
      if (selected.contains(field.fieldId())) {
        kept.add(field);
      } else if (field.type() instanceof StructType struct) {
        List<NestedField> children = prune(struct.fields(), selected);
        if (!children.isEmpty()) {
          kept.add(withType(field, new StructType(children)));
        }
      } else if (field.type().isNested() && containsAny(field.type(), selected)) {
        kept.add(field);
      }
    }
    return kept;
  }

  private static boolean containsAny(Type type, Set<Integer> selected) {
    Set<Integer> ids = new HashSet<>();
    collectIds(type, ids);
    ids.retainAll(selected);
    return !ids.isEmpty();
  }

  private static Set<Integer> idsOf(List<NestedField> fields) {
    Set<Integer> ids = new HashSet<>();
    collectIds(new StructType(fields), ids);
    return ids;
  }

  private static void collectIds(Type type, Set<Integer> into) {
    if (type instanceof StructType struct) {
      for (NestedField field : struct.fields()) {
        into.add(field.fieldId());
        collectIds(field.type(), into);
      }
    } else if (type instanceof dev.floe.table.ListType list) {
      into.add(list.element().fieldId());
      collectIds(list.element().type(), into);
    } else if (type instanceof dev.floe.table.MapType map) {
      into.add(map.key().fieldId());
      collectIds(map.key().type(), into);
      into.add(map.value().fieldId());
      collectIds(map.value().type(), into);
    }
  }

  private static NestedField withType(NestedField field, Type type) {
    return new NestedField(
        field.fieldId(),
        field.name(),
        field.required(),
        type,
        field.doc(),
        field.initialDefault(),
        field.writeDefault());
  }
}
