package dev.floe.spark.read;

import dev.floe.table.NameMapping;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * The Parquet columns that hold one value per row, by field id: primitives outside any list or map,
 * so that their row-group statistics and dictionaries speak of rows. Ids are the file's, or, in a
 * file written without ids, the table's name mapping's (as {@link ParquetColumnResolver} finds
 * columns); columns with neither are left out.
 */
final class FieldIdColumns {
  private final Map<Integer, String[]> pathsById = new HashMap<>();

  FieldIdColumns(MessageType fileSchema, NameMapping nameMapping) {
    boolean byName = nameMapping != null && !ParquetColumnResolver.hasIds(fileSchema);
    collect(fileSchema, new String[0], byName ? nameMapping : null, byName);
  }

  private void collect(GroupType group, String[] prefix, NameMapping mapping, boolean byName) {
    for (Type field : group.getFields()) {
      if (field.isRepetition(Type.Repetition.REPEATED)) {
        continue;
      }
      String[] path = Arrays.copyOf(prefix, prefix.length + 1);
      path[prefix.length] = field.getName();
      NameMapping.MappedField mapped = mapping == null ? null : mapping.find(field.getName());
      Integer id =
          byName
              ? (mapped == null ? null : mapped.fieldId())
              : (field.getId() == null ? null : field.getId().intValue());
      if (field.isPrimitive()) {
        if (id != null) {
          pathsById.put(id, path);
        }
      } else if (field.getLogicalTypeAnnotation() == null) {
        collect(field.asGroupType(), path, mapped == null ? null : mapped.nested(), byName);
      }
    }
  }

  /** The chunk of the column with this field id in a row group, or null. */
  ColumnChunkMetaData chunk(BlockMetaData rowGroup, int fieldId) {
    String[] path = pathsById.get(fieldId);
    if (path == null) {
      return null;
    }
    for (ColumnChunkMetaData chunk : rowGroup.getColumns()) {
      if (Arrays.equals(chunk.getPath().toArray(), path)) {
        return chunk;
      }
    }
    return null;
  }
}
