package dev.floe.metadata;

import dev.floe.CorruptTableException;
import dev.floe.manifest.ContentFile;
import dev.floe.table.NestedField;
import dev.floe.table.PartitionSpec;
import dev.floe.table.StructType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A file's partition tuple laid out in the table's partition type, and how many of that type's
 * fields the file's spec has. Iceberg's {@code partitions} table keeps tuples of specs with
 * different fields apart even when their values agree (all null, say), so the count is part of the
 * key.
 */
record PartitionKey(int specFieldCount, List<Object> values) {
  PartitionKey {
    values = Collections.unmodifiableList(new ArrayList<>(values));
  }

  static PartitionKey of(
      ContentFile file, Map<Integer, PartitionSpec> specsById, StructType partitionType) {
    PartitionSpec spec = specsById.get(file.specId());
    if (spec == null) {
      throw new CorruptTableException(
          "Cannot read the partition of "
              + file.location()
              + ": it was written with partition spec "
              + file.specId()
              + ", which the table metadata does not define");
    }
    List<Object> values = new ArrayList<>(partitionType.fields().size());
    int specFieldCount = 0;
    for (NestedField field : partitionType.fields()) {
      int position = position(spec, field.fieldId());
      if (position >= 0) {
        specFieldCount++;
      }
      values.add(
          position >= 0 && position < file.partition().size()
              ? file.partition().get(position)
              : null);
    }
    return new PartitionKey(specFieldCount, values);
  }

  private static int position(PartitionSpec spec, int fieldId) {
    for (int position = 0; position < spec.fields().size(); position++) {
      if (spec.fields().get(position).fieldId() == fieldId) {
        return position;
      }
    }
    return -1;
  }
}
