package dev.floe.spark.read;

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
 * so that their row-group statistics and dictionaries speak of rows. Columns without ids are left
 * out, so a file resolved by name mapping is never pruned.
 */
final class FieldIdColumns {
  private final Map<Integer, String[]> pathsById = new HashMap<>();

  FieldIdColumns(MessageType fileSchema) {
    collect(fileSchema, new String[0]);
  }

  private void collect(GroupType group, String[] prefix) {
    for (Type field : group.getFields()) {
      if (field.isRepetition(Type.Repetition.REPEATED)) {
        continue;
      }
      String[] path = Arrays.copyOf(prefix, prefix.length + 1);
      path[prefix.length] = field.getName();
      if (field.isPrimitive()) {
        if (field.getId() != null) {
          pathsById.put(field.getId().intValue(), path);
        }
      } else if (field.getLogicalTypeAnnotation() == null) {
        collect(field.asGroupType(), path);
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
