package dev.floe.spark.read.parquet.format;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A Parquet file's schema: the root group, and every leaf column with its levels. */
public final class ParquetSchema {
  private final ParquetField.Group root;
  private final List<ParquetColumn> columns;
  private final Map<List<String>, ParquetColumn> byPath = new HashMap<>();

  ParquetSchema(ParquetField.Group root, List<Boolean> typeDefinedOrders) {
    this.root = root;
    List<ParquetColumn> leaves = new ArrayList<>();
    collect(root, new ArrayList<>(), 0, 0, leaves, typeDefinedOrders);
    this.columns = List.copyOf(leaves);
    for (ParquetColumn column : columns) {
      byPath.put(column.path(), column);
    }
  }

  private static void collect(
      ParquetField.Group group,
      List<String> prefix,
      int definition,
      int repetition,
      List<ParquetColumn> leaves,
      List<Boolean> typeDefinedOrders) {
    for (ParquetField field : group.fields()) {
      List<String> path = new ArrayList<>(prefix);
      path.add(field.name());
      int fieldDefinition = definition + (field.repetition() == Repetition.REQUIRED ? 0 : 1);
      int fieldRepetition = repetition + (field.isRepeated() ? 1 : 0);
      if (field instanceof ParquetField.Primitive primitive) {
        int ordinal = leaves.size();
        boolean typeDefined = ordinal < typeDefinedOrders.size() && typeDefinedOrders.get(ordinal);
        leaves.add(
            new ParquetColumn(
                path, primitive, fieldDefinition, fieldRepetition, ordinal, typeDefined));
      } else {
        collect(
            (ParquetField.Group) field,
            path,
            fieldDefinition,
            fieldRepetition,
            leaves,
            typeDefinedOrders);
      }
    }
  }

  public ParquetField.Group root() {
    return root;
  }

  /** The leaf columns in schema order, the order of a row group's column chunks. */
  public List<ParquetColumn> columns() {
    return columns;
  }

  /** The leaf at a path, or null. */
  public ParquetColumn column(List<String> path) {
    return byPath.get(path);
  }
}
