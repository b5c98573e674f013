package dev.floe.spark.read.parquet.filter;

import dev.floe.spark.read.parquet.format.ColumnChunk;
import dev.floe.spark.read.parquet.format.ParquetColumn;
import dev.floe.spark.read.parquet.format.ParquetField;
import dev.floe.spark.read.parquet.format.ParquetSchema;
import dev.floe.spark.read.parquet.format.RowGroup;
import dev.floe.table.NameMapping;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Parquet columns that hold one value per row, by field id: primitives outside any list or map,
 * so that their row-group statistics and dictionaries speak of rows. Ids are the file's, or, in a
 * file written without ids, the table's name mapping's (as the column resolver finds columns);
 * columns with neither are left out.
 */
public final class FieldIdColumns {
  private final Map<Integer, ParquetColumn> columnsById = new HashMap<>();

  public FieldIdColumns(ParquetSchema fileSchema, NameMapping nameMapping) {
    boolean byName = nameMapping != null && !fileSchema.root().hasFieldIds();
    collect(fileSchema, fileSchema.root(), new ArrayList<>(), byName ? nameMapping : null, byName);
  }

  private void collect(
      ParquetSchema schema,
      ParquetField.Group group,
      List<String> prefix,
      NameMapping mapping,
      boolean byName) {
    for (ParquetField field : group.fields()) {
      if (field.isRepeated()) {
        continue;
      }
      List<String> path = new ArrayList<>(prefix);
      path.add(field.name());
      NameMapping.MappedField mapped = mapping == null ? null : mapping.find(field.name());
      Integer id = byName ? (mapped == null ? null : mapped.fieldId()) : field.fieldId();
      if (field instanceof ParquetField.Primitive) {
        if (id != null) {
          columnsById.put(id, schema.column(path));
        }
      } else if (field.logicalType() == null) {
        collect(
            schema,
            (ParquetField.Group) field,
            path,
            mapped == null ? null : mapped.nested(),
            byName);
      }
    }
  }

  /** The chunk of the column with this field id in a row group, or null. */
  ColumnChunk chunk(RowGroup rowGroup, int fieldId) {
    ParquetColumn column = columnsById.get(fieldId);
    return column == null ? null : rowGroup.chunk(column);
  }
}
