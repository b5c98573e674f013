package dev.floe.spark.deletes;

import dev.floe.table.NestedField;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The rows of one equality delete file: a data row is deleted when its values in {@code fields}
 * equal one of {@code keys} (see {@link EqualityKeyReader} for how values compare).
 *
 * @param fields the delete file's equality columns, typed as the table reads them
 * @param keys the keys of the delete rows; never modified once built
 * @param sizeInBytes an estimate of the heap the set holds
 */
record EqualityDeleteSet(List<NestedField> fields, Set<Object> keys, long sizeInBytes) {
  EqualityDeleteSet {
    fields = List.copyOf(fields);
    Objects.requireNonNull(keys, "keys");
  }

  boolean isEmpty() {
    return keys.isEmpty();
  }
}
