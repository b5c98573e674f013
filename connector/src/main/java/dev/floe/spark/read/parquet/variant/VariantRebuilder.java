package dev.floe.spark.read.parquet.variant;

import dev.floe.spark.read.parquet.variant.VariantShape.ArrayShape;
import dev.floe.spark.read.parquet.variant.VariantShape.Field;
import dev.floe.spark.read.parquet.variant.VariantShape.ObjectShape;
import dev.floe.spark.read.parquet.variant.VariantShape.Primitive;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;

/**
 * Rebuilds a shredded variant's value, in the variant encoding, from the columns a file split it
 * into (Parquet's VariantShredding.md): {@code value} holds what was not shredded, {@code
 * typed_value} what was, an object's fields and an array's elements each in a group of its own.
 * Reads the vectors they were decoded into; one instance per column, reused from row to row.
 */
public final class VariantRebuilder {
  private byte[] metadataBytes;
  private VariantMetadata metadata;

  /**
   * The value of row {@code row}: {@code value} and {@code typed} are the vectors of the variant
   * group's {@code value} and {@code typed_value} (all null where the file lacks one), {@code
   * shape} what {@code typed_value} holds (null when the file has none). A value neither column
   * holds is the variant null, as the spec reads a missing top-level value.
   *
   * @throws MalformedVariantException when the columns contradict the spec
   */
  public byte[] rebuild(
      byte[] rowMetadata,
      WritableColumnVector value,
      WritableColumnVector typed,
      VariantShape shape,
      int row) {
    if (metadataBytes == null || !Arrays.equals(metadataBytes, rowMetadata)) {
      metadataBytes = rowMetadata;
      metadata = null;
    }
    byte[] rebuilt = valueOf(value, typed, shape, row, "the value");
    return rebuilt == null ? VariantValueWriter.variantNull() : rebuilt;
  }

  private VariantMetadata metadata() {
    if (metadata == null) {
      metadata = VariantMetadata.of(metadataBytes);
    }
    return metadata;
  }

  /** One value from its pair of columns; null when both are null (a missing object field). */
  private byte[] valueOf(
      WritableColumnVector value,
      WritableColumnVector typed,
      VariantShape shape,
      int row,
      String where) {
    boolean hasValue = !value.isNullAt(row);
    boolean hasTyped = shape != null && !typed.isNullAt(row);
    if (!hasTyped) {
      return hasValue ? checked(value.getBinary(row), where) : null;
    }
    if (shape instanceof ObjectShape object) {
      return object(object, hasValue ? checked(value.getBinary(row), where) : null, typed, row);
    }
    if (hasValue) {
      throw new MalformedVariantException(
          where + " is in both value and typed_value, and is not an object");
    }
    if (shape instanceof ArrayShape array) {
      return array(array, typed, row, where);
    }
    return primitive((Primitive) shape, typed, row, where);
  }

  private byte[] object(ObjectShape shape, byte[] residual, WritableColumnVector typed, int row) {
    List<String> names = new ArrayList<>();
    List<byte[]> values = new ArrayList<>();
    Set<String> shredded = new HashSet<>();
    for (int index = 0; index < shape.fields().size(); index++) {
      Field field = shape.fields().get(index);
      shredded.add(field.name());
      WritableColumnVector group = typed.getChild(index);
      byte[] fieldValue =
          valueOf(
              group.getChild(0),
              group.getChild(1),
              field.typed(),
              row,
              "field '" + field.name() + "'");
      if (fieldValue != null) {
        names.add(field.name());
        values.add(fieldValue);
      }
    }
    if (residual != null) {
      if (VariantBytes.basicType(residual[0]) != VariantBytes.OBJECT) {
        throw new MalformedVariantException(
            "value holds a non-object beside the shredded object in typed_value");
      }
      VariantBytes.Container fields = VariantBytes.Container.object(residual, 0);
      for (int index = 0; index < fields.count(); index++) {
        String name = metadata().name(fields.fieldId(index));
        if (shredded.contains(name)) {
          throw new MalformedVariantException(
              "field '" + name + "' is both shredded and in the object's value");
        }
        names.add(name);
        values.add(VariantValueWriter.valueAt(residual, fields.valueStart(index)));
      }
    }
    Integer[] order = new Integer[names.size()];
    byte[][] keys = new byte[names.size()][];
    for (int index = 0; index < order.length; index++) {
      order[index] = index;
      keys[index] = names.get(index).getBytes(StandardCharsets.UTF_8);
    }
    // field ids in the lexicographic order of their names' UTF-8 bytes, as the encoding requires
    Arrays.sort(order, (left, right) -> Arrays.compareUnsigned(keys[left], keys[right]));
    int[] ids = new int[order.length];
    List<byte[]> sorted = new ArrayList<>(order.length);
    for (int index = 0; index < order.length; index++) {
      ids[index] = metadata().id(names.get(order[index]));
      sorted.add(values.get(order[index]));
    }
    return VariantValueWriter.object(ids, sorted);
  }

  private byte[] array(ArrayShape shape, WritableColumnVector typed, int row, String where) {
    int offset = typed.getArrayOffset(row);
    int length = typed.getArrayLength(row);
    WritableColumnVector elements = typed.arrayData();
    List<byte[]> values = new ArrayList<>(length);
    for (int index = 0; index < length; index++) {
      String element = "element " + index + " of " + where;
      byte[] value =
          valueOf(
              elements.getChild(0), elements.getChild(1), shape.element(), offset + index, element);
      if (value == null) {
        throw new MalformedVariantException(element + " is in neither value nor typed_value");
      }
      values.add(value);
    }
    return VariantValueWriter.array(values);
  }

  private static byte[] primitive(
      Primitive shape, WritableColumnVector typed, int row, String where) {
    int type = shape.typeId();
    return switch (type) {
      case 1 -> VariantValueWriter.bool(typed.getBoolean(row));
      case 3 ->
          VariantValueWriter.integer(
              type, inRange(typed.getInt(row), Byte.MIN_VALUE, Byte.MAX_VALUE, where));
      case 4 ->
          VariantValueWriter.integer(
              type, inRange(typed.getInt(row), Short.MIN_VALUE, Short.MAX_VALUE, where));
      case 5 -> VariantValueWriter.integer(type, typed.getInt(row));
      case 6 -> VariantValueWriter.integer(type, typed.getLong(row));
      case 7 ->
          VariantValueWriter.fixedWidth(type, Double.doubleToRawLongBits(typed.getDouble(row)), 8);
      case 14 ->
          VariantValueWriter.fixedWidth(
              type, Float.floatToRawIntBits(typed.getFloat(row)) & 0xFFFFFFFFL, 4);
      case 11 -> VariantValueWriter.fixedWidth(type, typed.getInt(row), 4);
      case 12, 13, 17, 18, 19 -> VariantValueWriter.fixedWidth(type, typed.getLong(row), 8);
      case 8, 9, 10 ->
          VariantValueWriter.decimal(
              type,
              shape.scale(),
              typed
                  .getDecimal(row, shape.precision(), shape.scale())
                  .toJavaBigDecimal()
                  .unscaledValue());
      case 15 -> VariantValueWriter.binary(typed.getBinary(row));
      case 16 -> VariantValueWriter.string(typed.getBinary(row));
      case 20 -> VariantValueWriter.uuid(typed.getBinary(row));
      default -> throw new IllegalStateException("no shredded primitive has variant type " + type);
    };
  }

  private static long inRange(int value, int min, int max, String where) {
    if (value < min || value > max) {
      throw new MalformedVariantException(
          where + " holds " + value + ", out of the range of its integer type");
    }
    return value;
  }

  /** A value from {@code value}: its first byte must start a value. */
  private static byte[] checked(byte[] bytes, String where) {
    if (bytes.length == 0) {
      throw new MalformedVariantException(where + " is an empty binary, not a variant value");
    }
    return bytes;
  }
}
