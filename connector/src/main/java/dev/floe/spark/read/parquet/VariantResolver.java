package dev.floe.spark.read.parquet;

import dev.floe.CorruptTableException;
import dev.floe.spark.read.parquet.ColumnNode.Constant;
import dev.floe.spark.read.parquet.ColumnNode.Leaf;
import dev.floe.spark.read.parquet.ColumnNode.ListNode;
import dev.floe.spark.read.parquet.ColumnNode.ShreddedVariant;
import dev.floe.spark.read.parquet.ColumnNode.Slots;
import dev.floe.spark.read.parquet.ColumnNode.Struct;
import dev.floe.spark.read.parquet.format.LogicalType;
import dev.floe.spark.read.parquet.format.ParquetField;
import dev.floe.spark.read.parquet.format.ParquetField.Group;
import dev.floe.spark.read.parquet.format.PhysicalType;
import dev.floe.spark.read.parquet.variant.VariantShape;
import dev.floe.table.ListType;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.StructType;
import dev.floe.table.Type;
import dev.floe.table.TypeId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds a variant column in its Parquet group (Parquet's VariantShredding.md): {@code metadata},
 * and {@code value}, {@code typed_value} or both, found by name. A group of a required {@code
 * value} and no {@code typed_value} is unshredded: its two leaves are the two children of Spark's
 * variant vector. Otherwise the group is read as a struct whose {@code typed_value} is typed from
 * the file (objects, arrays, primitives), and its values are rebuilt from that struct.
 *
 * <p>Shredded primitive leaves are read as their physical values (a timestamp's long, a string's
 * bytes), which is what the variant encoding stores; decimals keep their decimal type.
 */
final class VariantResolver {
  /** Makes a leaf and numbers it among the file's leaves to read. */
  interface Leaves {
    Leaf leaf(NestedField field, ParquetField.Primitive fileType, Slots slots, String[] path);
  }

  private final NestedField column;
  private final Leaves leaves;
  private final String location;

  private VariantResolver(NestedField column, Leaves leaves, String location) {
    this.column = column;
    this.leaves = leaves;
    this.location = location;
  }

  /**
   * The node of variant {@code field} whose group is {@code group}; {@code definition} is the level
   * at which the variant is not null, {@code path} the group's path.
   */
  static ColumnNode resolve(
      NestedField field,
      Group group,
      Slots slots,
      int definition,
      String[] path,
      Leaves leaves,
      String location) {
    return new VariantResolver(field, leaves, location).variant(group, slots, definition, path);
  }

  private ColumnNode variant(Group group, Slots slots, int definition, String[] path) {
    ParquetField metadata = child(group, "metadata");
    ParquetField value = child(group, "value");
    ParquetField typed = child(group, "typed_value");
    if (!(metadata instanceof ParquetField.Primitive metadataColumn)
        || metadataColumn.physicalType() != PhysicalType.BINARY
        || metadataColumn.isOptional()) {
      throw corrupt(path, "its group has no required binary field 'metadata'");
    }
    if (value == null && typed == null) {
      throw corrupt(path, "its group has neither a 'value' nor a 'typed_value' field");
    }
    Leaf metadataLeaf =
        leaves.leaf(binaryField("metadata"), metadataColumn, slots, pathOf(path, "metadata"));
    if (typed == null && !value.isOptional()) {
      Leaf valueLeaf =
          leaves.leaf(binaryField("value"), binary(value, path), slots, pathOf(path, "value"));
      // Spark's variant vector: child 0 the value, child 1 the metadata
      return new Struct(column, List.of(valueLeaf, metadataLeaf), slots, definition, metadataLeaf);
    }
    Part valuePart = valueOf(value, slots, path);
    Part typedPart = typedOf(typed, slots, definition, path);
    NestedField layoutField =
        new NestedField(
            column.fieldId(),
            column.name(),
            column.required(),
            new StructType(List.of(metadataLeaf.field(), valuePart.field(), typedPart.field())),
            null,
            null,
            null);
    Struct layout =
        new Struct(
            layoutField,
            List.of(metadataLeaf, valuePart.node(), typedPart.node()),
            slots,
            definition,
            metadataLeaf);
    return new ShreddedVariant(column, layout, typedPart.shape());
  }

  /** A column of the layout: its field there, its node, and what it holds if it is typed_value. */
  private record Part(NestedField field, ColumnNode node, VariantShape shape) {}

  /** The {@code value} of a group, or a null constant where the file has none. */
  private Part valueOf(ParquetField value, Slots slots, String[] path) {
    NestedField field = binaryField("value");
    if (value == null) {
      return new Part(field, new Constant(field, null), null);
    }
    return new Part(
        field, leaves.leaf(field, binary(value, path), slots, pathOf(path, "value")), null);
  }

  /** The {@code typed_value} of a group, or a null constant where the file has none. */
  private Part typedOf(ParquetField typed, Slots slots, int parentDefinition, String[] path) {
    if (typed == null) {
      NestedField field = binaryField("typed_value");
      return new Part(field, new Constant(field, null), null);
    }
    int definition = parentDefinition + (typed.isOptional() ? 1 : 0);
    String[] typedPath = pathOf(path, typed.name());
    if (typed.isRepeated()) {
      throw corrupt(typedPath, "typed_value is repeated outside a LIST group");
    }
    if (typed instanceof ParquetField.Primitive primitive) {
      return primitive(primitive, slots, typedPath);
    }
    Group group = (Group) typed;
    if (group.logicalType() instanceof LogicalType.ListType) {
      return array(group, slots, definition, typedPath);
    }
    return object(group, slots, definition, typedPath);
  }

  /** A shredded object: a required group per field, each holding value, typed_value or both. */
  private Part object(Group group, Slots slots, int definition, String[] path) {
    if (group.fields().isEmpty()) {
      throw corrupt(path, "a shredded object has no fields");
    }
    List<NestedField> fields = new ArrayList<>();
    List<ColumnNode> nodes = new ArrayList<>();
    List<VariantShape.Field> shapes = new ArrayList<>();
    for (ParquetField child : group.fields()) {
      if (!(child instanceof Group fieldGroup) || child.isRepeated()) {
        throw corrupt(
            pathOf(path, child.name()), "a shredded object's field is not a group of its own");
      }
      Part part = element(fieldGroup, slots, definition, path);
      fields.add(part.field());
      nodes.add(part.node());
      shapes.add(new VariantShape.Field(child.name(), part.shape()));
    }
    NestedField field = optional("typed_value", new StructType(fields));
    Struct node = new Struct(field, nodes, slots, definition, firstLeaf(nodes));
    return new Part(field, node, new VariantShape.ObjectShape(shapes));
  }

  /** A shredded array: a three-level LIST whose element is a group of value and typed_value. */
  private Part array(Group group, Slots slots, int definition, String[] path) {
    if (group.fields().size() != 1
        || !(group.fields().get(0) instanceof Group repeated)
        || !repeated.isRepeated()
        || repeated.fields().size() != 1
        || !(repeated.fields().get(0) instanceof Group element)
        || element.isRepeated()) {
      throw corrupt(path, "a shredded array is not a three-level LIST of element groups");
    }
    String[] repeatedPath = pathOf(path, repeated.name());
    Slots inner = new Slots(definition + 1, slots.repetition() + 1);
    Part part = element(element, inner, definition + 1, repeatedPath);
    NestedField field = optional("typed_value", new ListType(part.field()));
    ColumnNode node =
        new ListNode(
            field, part.node(), slots, definition, ParquetColumnResolver.levelSource(part.node()));
    return new Part(field, node, new VariantShape.ArrayShape(part.shape()));
  }

  /** An object field's or an array element's group: a struct of its value and typed_value. */
  private Part element(Group group, Slots slots, int parentDefinition, String[] parentPath) {
    int definition = parentDefinition + (group.isOptional() ? 1 : 0);
    String[] path = pathOf(parentPath, group.name());
    ParquetField value = child(group, "value");
    ParquetField typed = child(group, "typed_value");
    if (value == null && typed == null) {
      throw corrupt(path, "a shredded field's group has neither 'value' nor 'typed_value'");
    }
    Part valuePart = valueOf(value, slots, path);
    Part typedPart = typedOf(typed, slots, definition, path);
    List<ColumnNode> nodes = List.of(valuePart.node(), typedPart.node());
    NestedField field =
        new NestedField(
            column.fieldId(),
            group.name(),
            !group.isOptional(),
            new StructType(List.of(valuePart.field(), typedPart.field())),
            null,
            null,
            null);
    return new Part(
        field, new Struct(field, nodes, slots, definition, firstLeaf(nodes)), typedPart.shape());
  }

  /**
   * A shredded primitive: the variant type its Parquet type stands for (VariantShredding.md's
   * table), and the table type its leaf is read as.
   */
  private Part primitive(ParquetField.Primitive typed, Slots slots, String[] path) {
    LogicalType logical = typed.logicalType();
    if (logical instanceof LogicalType.DecimalType decimal) {
      int variantType =
          switch (typed.physicalType()) {
            case INT32 -> 8;
            case INT64 -> 9;
            case BINARY, FIXED_LEN_BYTE_ARRAY -> 10;
            case BOOLEAN, INT96, FLOAT, DOUBLE -> throw unsupported(typed, path);
          };
      VariantShape.Primitive shape =
          new VariantShape.Primitive(variantType, decimal.precision(), decimal.scale());
      Leaf leaf =
          leaves.leaf(
              optional("typed_value", PrimitiveType.decimal(decimal.precision(), decimal.scale())),
              typed,
              slots,
              path);
      return new Part(leaf.field(), leaf, shape);
    }
    VariantShape.Primitive shape = VariantShape.Primitive.of(variantType(typed, path));
    Type type =
        switch (typed.physicalType()) {
          case BOOLEAN -> PrimitiveType.of(TypeId.BOOLEAN);
          case INT32 -> PrimitiveType.of(TypeId.INT);
          case INT64 -> PrimitiveType.of(TypeId.LONG);
          case FLOAT -> PrimitiveType.of(TypeId.FLOAT);
          case DOUBLE -> PrimitiveType.of(TypeId.DOUBLE);
          case BINARY -> PrimitiveType.of(TypeId.BINARY);
          case FIXED_LEN_BYTE_ARRAY -> PrimitiveType.fixed(typed.typeLength());
          case INT96 -> throw unsupported(typed, path);
        };
    // read as the physical values the variant encoding stores
    ParquetField.Primitive physical =
        new ParquetField.Primitive(
            typed.name(),
            typed.repetition(),
            typed.fieldId(),
            null,
            typed.physicalType(),
            typed.typeLength());
    Leaf leaf = leaves.leaf(optional("typed_value", type), physical, slots, path);
    return new Part(leaf.field(), leaf, shape);
  }

  /** The variant primitive type of a shredded column with no decimal type. */
  private int variantType(ParquetField.Primitive typed, String[] path) {
    LogicalType logical = typed.logicalType();
    return switch (typed.physicalType()) {
      case BOOLEAN -> logical == null ? 1 : unsupportedType(typed, path);
      case INT32 -> {
        if (logical == null) {
          yield 5;
        }
        if (logical instanceof LogicalType.DateType) {
          yield 11;
        }
        if (logical instanceof LogicalType.IntegerType integer && integer.signed()) {
          yield switch (integer.bitWidth()) {
            case 8 -> 3;
            case 16 -> 4;
            case 32 -> 5;
            default -> unsupportedType(typed, path);
          };
        }
        yield unsupportedType(typed, path);
      }
      case INT64 -> {
        if (logical == null
            || (logical instanceof LogicalType.IntegerType integer
                && integer.signed()
                && integer.bitWidth() == 64)) {
          yield 6;
        }
        if (logical instanceof LogicalType.TimeType time
            && !time.adjustedToUtc()
            && time.unit() == LogicalType.TimeUnit.MICROS) {
          yield 17;
        }
        if (logical instanceof LogicalType.TimestampType timestamp) {
          if (timestamp.unit() == LogicalType.TimeUnit.MICROS) {
            yield timestamp.adjustedToUtc() ? 12 : 13;
          }
          if (timestamp.unit() == LogicalType.TimeUnit.NANOS) {
            yield timestamp.adjustedToUtc() ? 18 : 19;
          }
        }
        yield unsupportedType(typed, path);
      }
      case FLOAT -> logical == null ? 14 : unsupportedType(typed, path);
      case DOUBLE -> logical == null ? 7 : unsupportedType(typed, path);
      case BINARY -> {
        if (logical == null) {
          yield 15;
        }
        yield logical instanceof LogicalType.StringType ? 16 : unsupportedType(typed, path);
      }
      case FIXED_LEN_BYTE_ARRAY ->
          logical instanceof LogicalType.UuidType && typed.typeLength() == 16
              ? 20
              : unsupportedType(typed, path);
      case INT96 -> unsupportedType(typed, path);
    };
  }

  private ParquetField.Primitive binary(ParquetField value, String[] path) {
    if (!(value instanceof ParquetField.Primitive primitive)
        || primitive.physicalType() != PhysicalType.BINARY
        || primitive.isRepeated()) {
      throw corrupt(pathOf(path, value.name()), "'value' is not a binary column");
    }
    return primitive;
  }

  private NestedField binaryField(String name) {
    return optional(name, PrimitiveType.of(TypeId.BINARY));
  }

  /** A field of the layout; it carries the variant's id, the only id the table gives it. */
  private NestedField optional(String name, Type type) {
    return NestedField.optional(column.fieldId(), name, type);
  }

  private static ParquetField child(Group group, String name) {
    for (ParquetField field : group.fields()) {
      if (field.name().equals(name)) {
        return field;
      }
    }
    return null;
  }

  private static Leaf firstLeaf(List<ColumnNode> nodes) {
    for (ColumnNode node : nodes) {
      Leaf leaf = ParquetColumnResolver.levelSource(node);
      if (leaf != null) {
        return leaf;
      }
    }
    return null;
  }

  private static String[] pathOf(String[] path, String name) {
    String[] child = Arrays.copyOf(path, path.length + 1);
    child[path.length] = name;
    return child;
  }

  private int unsupportedType(ParquetField.Primitive typed, String[] path) {
    throw unsupported(typed, path);
  }

  private CorruptTableException unsupported(ParquetField.Primitive typed, String[] path) {
    return corrupt(
        path,
        "typed_value "
            + typed.describe()
            + " is no type a shredded variant may have (VariantShredding.md)");
  }

  private CorruptTableException corrupt(String[] path, String problem) {
    return new CorruptTableException(
        "Cannot read variant column "
            + column.name()
            + " (id "
            + column.fieldId()
            + ") of "
            + location
            + " at "
            + String.join(".", path)
            + ": "
            + problem);
  }
}
