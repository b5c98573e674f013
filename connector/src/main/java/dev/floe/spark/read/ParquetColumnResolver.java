package dev.floe.spark.read;

import dev.floe.CorruptTableException;
import dev.floe.spark.read.ColumnNode.Constant;
import dev.floe.spark.read.ColumnNode.Leaf;
import dev.floe.spark.read.ColumnNode.ListNode;
import dev.floe.spark.read.ColumnNode.MapNode;
import dev.floe.spark.read.ColumnNode.Position;
import dev.floe.spark.read.ColumnNode.Slots;
import dev.floe.spark.read.ColumnNode.Struct;
import dev.floe.table.ListType;
import dev.floe.table.MapType;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NameMapping;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.StructType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;

/**
 * Finds each projected column in a Parquet file: by field id, or by the table's name mapping when
 * the file was written without ids. A column the file lacks reads as its constant (partition value
 * or metadata), else its initial default, else null; a required column with none of these makes the
 * file unreadable for the table.
 */
final class ParquetColumnResolver {
  private final MessageType fileSchema;
  private final Map<Integer, Object> constants;
  private final String location;
  private final boolean byName;
  private final List<Leaf> leaves = new ArrayList<>();

  private ParquetColumnResolver(
      MessageType fileSchema,
      Map<Integer, Object> constants,
      NameMapping nameMapping,
      String location) {
    this.fileSchema = fileSchema;
    this.constants = constants;
    this.location = location;
    this.byName = nameMapping != null && !hasIds(fileSchema);
  }

  /** The resolved projection: one node per projected column, and every leaf to read. */
  record Resolution(List<ColumnNode> columns, List<Leaf> leaves, MessageType requestedSchema) {
    Resolution {
      columns = List.copyOf(columns);
      leaves = List.copyOf(leaves);
    }
  }

  static Resolution resolve(
      Schema projection,
      MessageType writtenSchema,
      Map<Integer, Object> constants,
      NameMapping nameMapping,
      String location) {
    MessageType fileSchema =
        nameMapping == null && !hasIds(writtenSchema)
            ? withPositionalIds(writtenSchema)
            : writtenSchema;
    ParquetColumnResolver resolver =
        new ParquetColumnResolver(fileSchema, constants, nameMapping, location);
    List<ColumnNode> columns = new ArrayList<>();
    Slots rows = new Slots(0, 0);
    for (NestedField field : projection.columns()) {
      if (field.fieldId() == MetadataColumns.ROW_POSITION_ID) {
        columns.add(new Position(field));
      } else if (MetadataColumns.isMetadataColumn(field.fieldId())) {
        columns.add(new Constant(field, constants.get(field.fieldId())));
      } else {
        Type fileField = resolver.find(fileSchema, field, nameMapping);
        columns.add(
            fileField == null
                ? resolver.missing(field)
                : resolver.node(
                    field, fileField, rows, 0, new String[0], nested(nameMapping, fileField)));
      }
    }
    return new Resolution(columns, resolver.leaves, resolver.requestedSchema());
  }

  /**
   * A file written without field ids, in a table without a name mapping: Iceberg's fallback gives
   * the top-level columns ids 1, 2, ... in file order (which assumes the table's columns were never
   * reordered or dropped), and Floe reads such files the same way.
   */
  private static MessageType withPositionalIds(MessageType fileSchema) {
    List<Type> fields = new ArrayList<>();
    int ordinal = 1;
    for (Type field : fileSchema.getFields()) {
      fields.add(field.withId(ordinal++));
    }
    return new MessageType(fileSchema.getName(), fields);
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
      Type fileField,
      Slots slots,
      int parentDefinition,
      String[] parentPath,
      NameMapping mapping) {
    if (fileField.isRepetition(Repetition.REPEATED)) {
      throw incompatible(field, fileField, "a repeated field outside a list or map");
    }
    int definition = parentDefinition + (fileField.isRepetition(Repetition.OPTIONAL) ? 1 : 0);
    return nodeAt(field, fileField, slots, definition, parentPath, mapping);
  }

  private ColumnNode nodeAt(
      NestedField field,
      Type fileField,
      Slots slots,
      int definition,
      String[] parentPath,
      NameMapping mapping) {
    String[] path = Arrays.copyOf(parentPath, parentPath.length + 1);
    path[parentPath.length] = fileField.getName();
    if (field.type() instanceof PrimitiveType) {
      if (!fileField.isPrimitive()) {
        throw incompatible(field, fileField, "a group where the table has a primitive");
      }
      return leaf(field, fileField.asPrimitiveType(), slots, path, false);
    }
    if (fileField.isPrimitive()) {
      throw incompatible(field, fileField, "a primitive where the table has " + field.type());
    }
    GroupType group = fileField.asGroupType();
    if (field.type() instanceof StructType struct) {
      List<ColumnNode> children = new ArrayList<>();
      for (NestedField child : struct.fields()) {
        Type fileChild = find(group, child, mapping);
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
    if (group.getFieldCount() != 1 || !group.getType(0).isRepetition(Repetition.REPEATED)) {
      throw incompatible(field, fileField, "not a list or map group");
    }
    Type repeated = group.getType(0);
    String[] repeatedPath = Arrays.copyOf(path, path.length + 1);
    repeatedPath[path.length] = repeated.getName();
    Slots inner = new Slots(definition + 1, slots.repetition() + 1);
    if (field.type() instanceof ListType list) {
      NestedField element = list.element();
      ColumnNode elementNode;
      if (isElementItself(repeated, fileField.getName())) {
        // a legacy two-level list: the repeated field is the element
        elementNode =
            nodeAt(element, repeated, inner, definition + 1, path, mappingOf(mapping, "element"));
      } else {
        elementNode =
            node(
                element,
                repeated.asGroupType().getType(0),
                inner,
                definition + 1,
                repeatedPath,
                mappingOf(mapping, "element"));
      }
      return new ListNode(field, elementNode, slots, definition, levelSource(elementNode));
    }
    MapType map = (MapType) field.type();
    if (repeated.isPrimitive() || repeated.asGroupType().getFieldCount() < 1) {
      throw incompatible(field, fileField, "a map without keys");
    }
    GroupType keyValue = repeated.asGroupType();
    ColumnNode key =
        node(
            map.key(),
            keyValue.getType(0),
            inner,
            definition + 1,
            repeatedPath,
            mappingOf(mapping, "key"));
    ColumnNode value =
        keyValue.getFieldCount() > 1
            ? node(
                map.value(),
                keyValue.getType(1),
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
  private static boolean isElementItself(Type repeated, String listName) {
    if (repeated.isPrimitive()) {
      return true;
    }
    GroupType group = repeated.asGroupType();
    return group.getFieldCount() > 1
        || group.getName().equals("array")
        || group.getName().equals(listName + "_tuple");
  }

  private Leaf leaf(
      NestedField field,
      org.apache.parquet.schema.PrimitiveType fileType,
      Slots slots,
      String[] path,
      boolean hidden) {
    Leaf leaf =
        new Leaf(
            field, fileSchema.getColumnDescription(path), fileType, slots, leaves.size(), hidden);
    leaves.add(leaf);
    return leaf;
  }

  /** A struct's first column in the file, read for its levels only. */
  private Leaf hiddenLeaf(GroupType group, Slots slots, String[] path) {
    Type first = group.getType(0);
    String[] childPath = Arrays.copyOf(path, path.length + 1);
    childPath[path.length] = first.getName();
    if (first.isPrimitive()) {
      return leaf(null, first.asPrimitiveType(), slots, childPath, true);
    }
    return hiddenLeaf(first.asGroupType(), slots, childPath);
  }

  private static Leaf levelSource(ColumnNode node) {
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
  private Type find(GroupType group, NestedField field, NameMapping mapping) {
    for (Type candidate : group.getFields()) {
      if (byName) {
        NameMapping.MappedField mapped = mapping == null ? null : mapping.find(candidate.getName());
        if (mapped != null && mapped.fieldId() != null && mapped.fieldId() == field.fieldId()) {
          return candidate;
        }
      } else if (candidate.getId() != null && candidate.getId().intValue() == field.fieldId()) {
        return candidate;
      }
    }
    return null;
  }

  private static NameMapping nested(NameMapping mapping, Type fileField) {
    if (mapping == null || fileField == null) {
      return mapping;
    }
    NameMapping.MappedField mapped = mapping.find(fileField.getName());
    return mapped == null ? null : mapped.nested();
  }

  private static NameMapping mappingOf(NameMapping mapping, String name) {
    if (mapping == null) {
      return null;
    }
    NameMapping.MappedField mapped = mapping.find(name);
    return mapped == null ? null : mapped.nested();
  }

  private CorruptTableException incompatible(NestedField field, Type fileField, String problem) {
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
            + fileField);
  }

  private MessageType requestedSchema() {
    Set<List<String>> paths = new HashSet<>();
    for (Leaf leaf : leaves) {
      paths.add(List.of(leaf.descriptor().getPath()));
    }
    List<Type> kept = prune(fileSchema, List.of(), paths);
    return new MessageType(fileSchema.getName(), kept);
  }

  private static List<Type> prune(GroupType group, List<String> prefix, Set<List<String>> paths) {
    List<Type> kept = new ArrayList<>();
    for (Type field : group.getFields()) {
      List<String> path = new ArrayList<>(prefix);
      path.add(field.getName());
      if (field.isPrimitive()) {
        if (paths.contains(path)) {
          kept.add(field);
        }
      } else {
        List<Type> children = prune(field.asGroupType(), path, paths);
        if (!children.isEmpty()) {
          kept.add(field.asGroupType().withNewFields(children));
        }
      }
    }
    return kept;
  }

  /** Whether any field of the file carries a field id. */
  static boolean hasIds(Type type) {
    if (type.getId() != null) {
      return true;
    }
    if (type.isPrimitive()) {
      return false;
    }
    for (Type child : type.asGroupType().getFields()) {
      if (hasIds(child)) {
        return true;
      }
    }
    return false;
  }
}
