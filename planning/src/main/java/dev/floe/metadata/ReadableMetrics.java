package dev.floe.metadata;

import static dev.floe.table.NestedField.optional;

import dev.floe.table.ListType;
import dev.floe.table.MapType;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.SingleValueBinary;
import dev.floe.table.StructType;
import dev.floe.table.Type;
import dev.floe.table.TypeId;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The {@code readable_metrics} column of the files and entries tables: for every primitive column
 * of the table's current schema, by its full name ({@code location.lat}, {@code tags.element}), its
 * size, value, null and NaN counts, and its bounds decoded to the column's type. Columns are sorted
 * by name, as Iceberg sorts them.
 */
final class ReadableMetrics {
  static final String NAME = "readable_metrics";

  private static final PrimitiveType LONG = PrimitiveType.of(TypeId.LONG);

  private final List<NamedColumn> columns;
  private final NestedField field;

  private ReadableMetrics(List<NamedColumn> columns, NestedField field) {
    this.columns = List.copyOf(columns);
    this.field = field;
  }

  /** The readable metrics of {@code tableSchema}, with field ids above {@code highestUsedId}. */
  static ReadableMetrics of(Schema tableSchema, int highestUsedId) {
    List<NamedColumn> columns = new ArrayList<>();
    collect(tableSchema.asStruct(), "", columns);
    columns.sort(Comparator.comparing(NamedColumn::name));
    int nextId = highestUsedId;
    List<NestedField> metricsFields = new ArrayList<>();
    for (NamedColumn column : columns) {
      int columnId = ++nextId;
      Type type = column.field().type();
      metricsFields.add(
          optional(
              columnId,
              column.name(),
              new StructType(
                  List.of(
                      optional(++nextId, "column_size", LONG),
                      optional(++nextId, "value_count", LONG),
                      optional(++nextId, "null_value_count", LONG),
                      optional(++nextId, "nan_value_count", LONG),
                      optional(++nextId, "lower_bound", type),
                      optional(++nextId, "upper_bound", type)))));
    }
    return new ReadableMetrics(columns, optional(++nextId, NAME, new StructType(metricsFields)));
  }

  NestedField field() {
    return field;
  }

  /**
   * The column's value for one file; {@code metricsMaps} are the file's six metrics maps as its
   * files-table row shows them (null when not recorded).
   */
  List<Object> value(List<Map<Integer, ?>> metricsMaps) {
    List<Object> perColumn = new ArrayList<>(columns.size());
    for (NamedColumn column : columns) {
      int id = column.field().fieldId();
      perColumn.add(
          TableRows.row(
              get(metricsMaps.get(0), id),
              get(metricsMaps.get(1), id),
              get(metricsMaps.get(2), id),
              get(metricsMaps.get(3), id),
              bound(column.field().type(), get(metricsMaps.get(4), id)),
              bound(column.field().type(), get(metricsMaps.get(5), id))));
    }
    return perColumn;
  }

  private static Object get(Map<Integer, ?> map, int id) {
    return map == null ? null : map.get(id);
  }

  private static Object bound(Type type, Object bytes) {
    if (bytes == null || !(type instanceof PrimitiveType primitive)) {
      return null;
    }
    boolean decodable =
        primitive.typeId().hasOrderedValues()
            || primitive.typeId() == TypeId.GEOMETRY
            || primitive.typeId() == TypeId.GEOGRAPHY;
    return decodable ? SingleValueBinary.fromBytes(primitive, (ByteBuffer) bytes) : null;
  }

  private static void collect(StructType struct, String prefix, List<NamedColumn> columns) {
    for (NestedField child : struct.fields()) {
      collect(child, prefix + child.name(), columns);
    }
  }

  private static void collect(NestedField field, String name, List<NamedColumn> columns) {
    Type type = field.type();
    if (type instanceof StructType struct) {
      collect(struct, name + ".", columns);
    } else if (type instanceof ListType list) {
      collect(list.element(), name + ".element", columns);
    } else if (type instanceof MapType map) {
      collect(map.key(), name + ".key", columns);
      collect(map.value(), name + ".value", columns);
    } else if (type.typeId() != TypeId.VARIANT) {
      columns.add(new NamedColumn(name, field));
    }
  }

  /** A primitive column and its full name. */
  private record NamedColumn(String name, NestedField field) {}
}
