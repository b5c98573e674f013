package dev.floe.spark.deletes;

import dev.floe.table.NestedField;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The rows of one equality delete file: a data row is deleted when its values in {@code fields}
 * equal the values of one of the delete rows (see {@link EqualityKeyReader} for how values
 * compare). Keys whose columns all pack into longs are held as a {@link LongKeySet}, which a data
 * row probes without allocating; any other key as the object {@link EqualityKeyReader#copiedKey}
 * gives.
 */
final class EqualityDeleteSet {
  private final List<NestedField> fields;
  private final Set<Object> objectKeys;
  private final LongKeySet longKeys;
  private final long sizeInBytes;

  private EqualityDeleteSet(
      List<NestedField> fields, Set<Object> objectKeys, LongKeySet longKeys, long sizeInBytes) {
    this.fields = List.copyOf(fields);
    this.objectKeys = objectKeys;
    this.longKeys = longKeys;
    this.sizeInBytes = sizeInBytes;
  }

  /**
   * @param keys the keys of the delete rows, as {@link EqualityKeyReader#copiedKey} gives them;
   *     never modified once built
   * @param sizeInBytes an estimate of the heap the set holds
   */
  static EqualityDeleteSet ofObjects(List<NestedField> fields, Set<Object> keys, long sizeInBytes) {
    return new EqualityDeleteSet(fields, Objects.requireNonNull(keys, "keys"), null, sizeInBytes);
  }

  /** Keys packed into longs by {@link EqualityKeyReader#packedKey}; never modified once built. */
  static EqualityDeleteSet ofLongs(List<NestedField> fields, LongKeySet keys) {
    if (keys.width() != fields.size()) {
      throw new IllegalArgumentException(
          keys.width() + "-column keys for " + fields.size() + " equality fields");
    }
    return new EqualityDeleteSet(fields, null, keys, keys.sizeInBytes());
  }

  /** The delete file's equality columns, typed as the table reads them. */
  List<NestedField> fields() {
    return fields;
  }

  /** An estimate of the heap the set holds. */
  long sizeInBytes() {
    return sizeInBytes;
  }

  boolean isEmpty() {
    return objectKeys != null ? objectKeys.isEmpty() : longKeys.size() == 0;
  }

  /**
   * Whether the key of {@code row}, read by {@code reader} (whose columns are this set's fields),
   * is one of the set's; {@code scratch} holds at least {@code fields().size()} longs.
   */
  boolean contains(EqualityKeyReader reader, ColumnarBatch batch, int row, long[] scratch) {
    if (longKeys != null) {
      long nulls = reader.packedKey(batch, row, scratch);
      return longKeys.contains(scratch, nulls);
    }
    return objectKeys.contains(reader.probeKey(batch, row));
  }

  /** The keys as {@link EqualityKeyReader#copiedKey} gives them, for inspection. */
  Set<Object> keys() {
    if (objectKeys != null) {
      return objectKeys;
    }
    Set<Object> keys = new HashSet<>();
    int width = fields.size();
    for (long[] key : longKeys.keys()) {
      keys.add(EqualityKeyReader.unpackedKey(key, key[width], fields));
    }
    return keys;
  }
}
