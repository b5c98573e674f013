package dev.floe.spark.read.parquet;

import dev.floe.CorruptTableException;
import dev.floe.spark.read.parquet.ColumnNode.Constant;
import dev.floe.spark.read.parquet.ColumnNode.Leaf;
import dev.floe.spark.read.parquet.ColumnNode.ListNode;
import dev.floe.spark.read.parquet.ColumnNode.MapNode;
import dev.floe.spark.read.parquet.ColumnNode.Position;
import dev.floe.spark.read.parquet.ColumnNode.ShreddedVariant;
import dev.floe.spark.read.parquet.ColumnNode.Slots;
import dev.floe.spark.read.parquet.ColumnNode.Struct;
import dev.floe.spark.read.parquet.format.ParquetField;
import dev.floe.spark.read.parquet.format.ParquetField.Group;
import dev.floe.spark.read.parquet.format.ParquetSchema;
import dev.floe.table.ListType;
import dev.floe.table.MapType;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NameMapping;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import dev.floe.table.TypeId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Finds each projected column in a Parquet file: by field id, or by the table's name mapping when
 * the file was written without ids. A column the file lacks reads as its constant (partition value
 * or metadata), else its initial default, else null; a required column with none of these makes the
 * file unreadable for the table.
 */
public final class ParquetColumnResolver {
  private final ParquetSchema schema;
  private final Group fileSchema;
  private final Map<Integer, Object> constants;
  private final String location;
  private final boolean byName;
  private final List<Leaf> leaves = new ArrayList<>();

  private ParquetColumnResolver(
      ParquetSchema schema,
      Group fileSchema,
      Map<Integer, Object> constants,
      NameMapping nameMapping,
      String location) {
    this.schema = schema;
    this.fileSchema = fileSchema;
    this.constants = constants;
    this.location = location;
    this.byName = nameMapping != null && !fileSchema.hasFieldIds();
  }

  /** The resolved projection: one node per projected column, and every leaf to read. */
  record Resolution(List<ColumnNode> columns, List<Leaf> leaves) {
    Resolution {
      columns = List.copyOf(columns);
      leaves = List.copyOf(leaves);
    }
  }

  static Resolution resolve(
      Schema projection,
      ParquetSchema schema,
      Map<Integer, Object> constants,
      NameMapping nameMapping,
      String location) {
    Group writtenSchema = schema.root();
    Group fileSchema =
        nameMapping == null && !writtenSchema.hasFieldIds()
            ? withPositionalIds(writtenSchema)
            : writtenSchema;
    ParquetColumnResolver resolver =
        new ParquetColumnResolver(schema, fileSchema, constants, nameMapping, location);
    List<ColumnNode> columns = new ArrayList<>();
    Slots rows = new Slots(0, 0);
    for (NestedField field : projection.columns()) {
      if (field.fieldId() == MetadataColumns.ROW_POSITION_ID) {
        columns.add(new Position(field));
      } else if (MetadataColumns.isMetadataColumn(field.fieldId())) {
        columns.add(new Constant(field, constants.get(field.fieldId())));
      } else {
        ParquetField fileField = resolver.find(fileSchema, field, nameMapping);
        columns.add(
            fileField == null
                ? resolver.missing(field)
                : resolver.node(
                    field, fileField, rows, 0, new String[0], nested(nameMapping, fileField)));
      }
    }
    return new Resolution(columns, resolver.leaves);
  }

  /**
   * A file written without field ids, in a table without a name mapping: Iceberg's fallback gives
   * the top-level columns ids 1, 2, ... in file order (which assumes the table's columns were never
   * reordered or dropped), and Floe reads such files the same way.
   */
  private static Group withPositionalIds(Group fileSchema) {
    List<ParquetField> fields = new ArrayList<>();
    int ordinal = 1;
    for (ParquetField field : fileSchema.fields()) {
      fields.add(withId(field, ordinal++));
    }
    return fileSchema.withFields(fields);
  }

  private static ParquetField withId(ParquetField field, int id) {
    if (field instanceof ParquetField.Primitive primitive) {
      return new ParquetField.Primitive(
          primitive.name(),
          primitive.repetition(),
          id,
          primitive.logicalType(),
          primitive.physicalType(),
          primitive.typeLength());
    }
    Group group = (Group) field;
    return new Group(group.name(), group.repetition(), id, group.logicalType(), group.fields());
  }

  private ColumnNode missing(NestedField field) {
    if (constants.containsKey(field.fieldId())) {
      return new Constant(field, constants.get(field.fieldId()));
    }
    if (field.initialDefault() != null) {
      return new Constant(field, field.initialDefault());
    }
    if (field.required()) {
      throw new CorruptTableException(
          "Cannot read "
              + location
              + ": required column "
              + field.name()
              + " (id "
              + field.fieldId()
              + ") is missing from the file and has no default");
    }
    return new Constant(field, null);
  }

  /** The node of a field found in the file; {@code definition} is its parent's value level. */
  private ColumnNode node(
      NestedField field,
      ParquetField fileField,
      Slots slots,
      int parentDefinition,
      String[] parentPath,
      NameMapping mapping) {
    if (fileField.isRepeated()) {
      return repeatedWithoutList(field, fileField, slots, parentDefinition, parentPath, mapping);
    }
    int definition = parentDefinition + (fileField.isOptional() ? 1 : 0);
    return nodeAt(field, fileField, slots, definition, parentPath, mapping);
  }

  /**
   * A repeated field that is not inside a list or map group: by the format's backward-compatibility
   * rules, a required list of required elements, the field itself being the element.
   */
  private ColumnNode repeatedWithoutList(
      NestedField field,
      ParquetField fileField,
      Slots slots,
      int parentDefinition,
      String[] parentPath,
      NameMapping mapping) {
    if (!(field.type() instanceof ListType list)) {
      throw incompatible(field, fileField, "a repeated field where the table has " + field.type());
    }
    Slots inner = new Slots(parentDefinition + 1, slots.repetition() + 1);
    ColumnNode element =
        nodeAt(
            list.element(),
            fileField,
            inner,
            parentDefinition + 1,
            parentPath,
            mappingOf(mapping, "element"));
    return new ListNode(field, element, slots, parentDefinition, levelSource(element));
  }

  private ColumnNode nodeAt(
      NestedField field,
      ParquetField fileField,
      Slots slots,
      int definition,
      String[] parentPath,
      NameMapping mapping) {
    String[] path = Arrays.copyOf(parentPath, parentPath.length + 1);
    path[parentPath.length] = fileField.name();
    if (field.type() instanceof PrimitiveType type && type.typeId() == TypeId.VARIANT) {
      if (!(fileField instanceof Group group)) {
        throw incompatible(field, fileField, "a primitive where the table has a variant group");
      }
      return VariantResolver.resolve(
          field,
          group,
          slots,
          definition,
          path,
          (leafField, fileType, leafSlots, leafPath) ->
              leaf(leafField, fileType, leafSlots, leafPath, false),
          location);
    }
    if (field.type() instanceof PrimitiveType) {
      if (!(fileField instanceof ParquetField.Primitive primitive)) {
        throw incompatible(field, fileField, "a group where the table has a primitive");
      }
      return leaf(field, primitive, slots, path, false);
    }
    if (!(fileField instanceof Group group)) {
      throw incompatible(field, fileField, "a primitive where the table has " + field.type());
    }
    if (field.type() instanceof StructType struct) {
      return structNode(field, struct, group, slots, definition, path, mapping);
    }
    if (group.fields().size() != 1 || !group.fields().get(0).isRepeated()) {
      throw incompatible(field, fileField, "not a list or map group");
    }
    ParquetField repeated = group.fields().get(0);
    String[] repeatedPath = Arrays.copyOf(path, path.length + 1);
    repeatedPath[path.length] = repeated.name();
    Slots inner = new Slots(definition + 1, slots.repetition() + 1);
    if (field.type() instanceof ListType list) {
      NestedField element = list.element();
      ColumnNode elementNode;
      if (isElementItself(repeated, fileField.name())) {
        // a legacy two-level list: the repeated field is the element
        elementNode =
            nodeAt(element, repeated, inner, definition + 1, path, mappingOf(mapping, "element"));
      } else {
        elementNode =
            node(
                element,
                ((Group) repeated).fields().get(0),
                inner,
                definition + 1,
                repeatedPath,
                mappingOf(mapping, "element"));
      }
      return new ListNode(field, elementNode, slots, definition, levelSource(elementNode));
    }
    return mapNode(field, fileField, repeated, slots, definition, repeatedPath, mapping);
  }

  private ColumnNode structNode(
      NestedField field,
      StructType struct,
      Group group,
      Slots slots,
      int definition,
      String[] path,
      NameMapping mapping) {
    List<ColumnNode> children = new ArrayList<>();
    for (NestedField child : struct.fields()) {
      ParquetField fileChild = find(group, child, mapping);
      children.add(
          fileChild == null
              ? missing(child)
              : node(child, fileChild, slots, definition, path, nested(mapping, fileChild)));
    }
    Leaf levels = firstLeaf(children);
    if (levels == null) {
      levels = hiddenLeaf(group, slots, path);
    }
    return new Struct(field, children, slots, definition, levels);
  }

  /** A map: its repeated group holds the key and, unless the file dropped it, the value. */
  private ColumnNode mapNode(
      NestedField field,
      ParquetField fileField,
      ParquetField repeated,
      Slots slots,
      int definition,
      String[] repeatedPath,
      NameMapping mapping) {
    Slots inner = new Slots(definition + 1, slots.repetition() + 1);
    MapType map = (MapType) field.type();
    if (!(repeated instanceof Group keyValue) || keyValue.fields().isEmpty()) {
      throw incompatible(field, fileField, "a map without keys");
    }
    ColumnNode key =
        node(
            map.key(),
            keyValue.fields().get(0),
            inner,
            definition + 1,
            repeatedPath,
            mappingOf(mapping, "key"));
    ColumnNode value =
        keyValue.fields().size() > 1
            ? node(
                map.value(),
                keyValue.fields().get(1),
                inner,
                definition + 1,
                repeatedPath,
                mappingOf(mapping, "value"))
            : missing(map.value());
    return new MapNode(field, key, value, slots, definition, levelSource(key));
  }

  /**
   * The backward-compatibility rules of the Parquet format for lists: a repeated primitive, a
   * repeated group of several fields, or one named {@code array} or {@code <list>_tuple} is itself
   * the element.
   */
  private static boolean isElementItself(ParquetField repeated, String listName) {
    if (!(repeated instanceof Group group)) {
      return true;
    }
    return group.fields().size() > 1
        || group.fields().isEmpty()
        || group.name().equals("array")
        || group.name().equals(listName + "_tuple");
  }

  private Leaf leaf(
      NestedField field,
      ParquetField.Primitive fileType,
      Slots slots,
      String[] path,
      boolean hidden) {
    Leaf leaf =
        new Leaf(field, schema.column(List.of(path)), fileType, slots, leaves.size(), hidden);
    leaves.add(leaf);
    return leaf;
  }

  /** A struct's first column in the file, read for its levels only. */
  private Leaf hiddenLeaf(Group group, Slots slots, String[] path) {
    if (group.fields().isEmpty()) {
      throw new CorruptTableException(
          "Cannot read " + location + ": group " + String.join(".", path) + " has no fields");
    }
    ParquetField first = group.fields().get(0);
    String[] childPath = Arrays.copyOf(path, path.length + 1);
    childPath[path.length] = first.name();
    if (first instanceof ParquetField.Primitive primitive) {
      return leaf(null, primitive, slots, childPath, true);
    }
    return hiddenLeaf((Group) first, slots, childPath);
  }

  /** The leaf whose levels say where {@code node}'s values are null or empty, or null if none. */
  static Leaf levelSource(ColumnNode node) {
    if (node instanceof Leaf leaf) {
      return leaf;
    }
    if (node instanceof Struct struct) {
      return struct.levelSource();
    }
    if (node instanceof ListNode list) {
      return list.levelSource();
    }
    if (node instanceof MapNode map) {
      return map.levelSource();
    }
    if (node instanceof ShreddedVariant variant) {
      return variant.layout().levelSource();
    }
    return null;
  }

  private static Leaf firstLeaf(List<ColumnNode> children) {
    for (ColumnNode child : children) {
      Leaf leaf = levelSource(child);
      if (leaf != null) {
        return leaf;
      }
    }
    return null;
  }

  /** The field of a group that holds a table field: by id, or by mapped name. */
  private ParquetField find(Group group, NestedField field, NameMapping mapping) {
    for (ParquetField candidate : group.fields()) {
      if (byName) {
        NameMapping.MappedField mapped = mapping == null ? null : mapping.find(candidate.name());
        if (mapped != null && mapped.fieldId() != null && mapped.fieldId() == field.fieldId()) {
          return candidate;
        }
      } else if (candidate.fieldId() != null && candidate.fieldId() == field.fieldId()) {
        return candidate;
      }
    }
    return null;
  }

  private static NameMapping nested(NameMapping mapping, ParquetField fileField) {
    if (mapping == null || fileField == null) {
      return mapping;
    }
    NameMapping.MappedField mapped = mapping.find(fileField.name());
    return mapped == null ? null : mapped.nested();
  }

  private static NameMapping mappingOf(NameMapping mapping, String name) {
    if (mapping == null) {
      return null;
    }
    NameMapping.MappedField mapped = mapping.find(name);
    return mapped == null ? null : mapped.nested();
  }

  private CorruptTableException incompatible(
      NestedField field, ParquetField fileField, String problem) {
    return new CorruptTableException(
        "Cannot read column "
            + field.name()
            + " (id "
            + field.fieldId()
            + ", "
            + field.type()
            + ") of "
            + location
            + ": the file has "
            + problem
            + ": "
            + describe(fileField));
  }

  private static String describe(ParquetField field) {
    if (field instanceof ParquetField.Primitive primitive) {
      return primitive.describe();
    }
    Group group = (Group) field;
    List<String> children = new ArrayList<>();
    for (ParquetField child : group.fields()) {
      children.add(describe(child));
    }
    return group.repetition().name().toLowerCase(java.util.Locale.ROOT)
        + " group "
        + group.name()
        + (group.logicalType() == null ? "" : " (" + group.logicalType() + ")")
        + " { "
        + String.join("; ", children)
        + " }";
  }
}
