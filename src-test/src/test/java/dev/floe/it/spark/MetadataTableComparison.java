package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A metadata table read by Floe against Iceberg's: the columns Iceberg defines, their types at
 * every level, and the rows as multisets (map entries sorted, since maps have no order).
 */
final class MetadataTableComparison {
  private MetadataTableComparison() {}

  /** What Iceberg's metadata table holds: its columns, their types, its normalised rows. */
  record Expected(List<String> columns, Map<String, String> types, ReadResult rows) {
    Expected {
      columns = List.copyOf(columns);
      types = Map.copyOf(types);
    }
  }

  static void assertSameRows(String what, Dataset<Row> floe, Dataset<Row> iceberg) {
    assertMatches(what, floe, expected(iceberg));
  }

  /** Reads Iceberg's side (one Spark job), so that it can be kept and compared again. */
  static Expected expected(Dataset<Row> iceberg) {
    List<String> columns = Arrays.asList(iceberg.columns());
    Map<String, String> types = new java.util.HashMap<>();
    types(iceberg).forEach((column, type) -> types.put(column, type.catalogString()));
    return new Expected(columns, types, ReadResult.of(normalized(iceberg, columns)));
  }

  static void assertMatches(String what, Dataset<Row> floe, Expected expected) {
    assertThat(floe.columns())
        .as("columns of %s", what)
        .containsExactlyElementsOf(expected.columns());
    Map<String, DataType> floeTypes = types(floe);
    for (String column : expected.columns()) {
      // names and types at every level; nullability and field metadata aside
      assertThat(floeTypes.get(column).catalogString())
          .as("type of %s.%s", what, column)
          .isEqualTo(expected.types().get(column));
    }
    ReadResult actual = ReadResult.of(normalized(floe, expected.columns()));
    assertThat(actual.rows()).as("rows of %s", what).isNotEmpty();
    assertThat(actual.rowDifferences(expected.rows())).as("rows of %s", what).isEmpty();
  }

  /** Maps have no order: compare their entries sorted, also in a struct ({@code data_file}). */
  private static Dataset<Row> normalized(Dataset<Row> rows, List<String> columns) {
    Map<String, DataType> types = types(rows);
    List<Column> selected = new ArrayList<>();
    for (String column : columns) {
      selected.add(sortedMaps(functions.col(column), types.get(column)).as(column));
    }
    return rows.select(selected.toArray(new Column[0]));
  }

  private static Column sortedMaps(Column value, DataType type) {
    if (type instanceof MapType) {
      return functions.array_sort(functions.map_entries(value));
    }
    if (type instanceof StructType struct) {
      List<Column> fields = new ArrayList<>();
      for (StructField field : struct.fields()) {
        fields.add(sortedMaps(value.getField(field.name()), field.dataType()).as(field.name()));
      }
      return functions.struct(fields.toArray(new Column[0]));
    }
    return value;
  }

  private static Map<String, DataType> types(Dataset<Row> rows) {
    Map<String, DataType> types = new java.util.HashMap<>();
    for (StructField field : rows.schema().fields()) {
      types.put(field.name(), field.dataType());
    }
    return types;
  }
}
