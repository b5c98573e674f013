package dev.floe.scan;

import dev.floe.CorruptTableException;
import dev.floe.expr.ValueComparators;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.table.NestedField;
import dev.floe.table.PrimitiveType;
import dev.floe.table.Schema;
import dev.floe.table.SingleValueBinary;
import dev.floe.table.TypeId;
import java.nio.ByteBuffer;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;

/**
 * Decides from column metrics whether an equality delete file might delete rows of a data file,
 * column by column over the delete's equality ids. Deletes cannot apply when, for some equality
 * column, the data file holds only nulls and the delete file none (or the reverse), or the two
 * files' value ranges do not overlap. Missing metrics are never evidence: they answer {@link
 * #DELETES_MIGHT_APPLY}. Nested columns carry no bounds and always might apply.
 *
 * <p>Types come from the table's current schema, the schema Iceberg binds partition specs to; an
 * equality id that schema no longer has might apply.
 */
final class EqualityDeleteMetricsEvaluator {
  static final boolean DELETES_MIGHT_APPLY = true;
  static final boolean DELETES_CANNOT_APPLY = false;

  private final Schema schema;

  EqualityDeleteMetricsEvaluator(Schema schema) {
    this.schema = schema;
  }

  /** An equality delete file with its bounds decoded once, for many data files. */
  final class IndexedEqualityDelete {
    private final DeleteFile file;
    private final Map<Integer, Object> lowerBounds = new HashMap<>();
    private final Map<Integer, Object> upperBounds = new HashMap<>();

    IndexedEqualityDelete(DeleteFile file) {
      this.file = file;
      for (int fieldId : file.equalityIds()) {
        NestedField field = schema.findField(fieldId);
        if (field != null
            && field.type() instanceof PrimitiveType type
            && type.typeId().hasOrderedValues()) {
          decode(type, file.metrics().lowerBounds().get(fieldId), file, fieldId, lowerBounds);
          decode(type, file.metrics().upperBounds().get(fieldId), file, fieldId, upperBounds);
        }
      }
    }

    DeleteFile file() {
      return file;
    }
  }

  private static void decode(
      PrimitiveType type,
      ByteBuffer bound,
      ContentFile file,
      int fieldId,
      Map<Integer, Object> into) {
    if (bound != null) {
      into.put(fieldId, decodeBound(type, bound, file, fieldId));
    }
  }

  private static Object decodeBound(
      PrimitiveType type, ByteBuffer bound, ContentFile file, int fieldId) {
    try {
      return SingleValueBinary.fromBytes(type, bound);
    } catch (IllegalArgumentException malformed) {
      throw new CorruptTableException(
          "Cannot read the bound of column "
              + fieldId
              + " ("
              + type
              + ") recorded for "
              + file.location()
              + ": "
              + malformed.getMessage(),
          malformed);
    }
  }

  IndexedEqualityDelete index(DeleteFile file) {
    return new IndexedEqualityDelete(file);
  }

  /** A data file's bounds, decoded at most once however many deletes it is checked against. */
  static final class DataFileBounds {
    private final DataFile file;
    private final Map<Integer, Object> lowerBounds = new HashMap<>();
    private final Map<Integer, Object> upperBounds = new HashMap<>();

    DataFileBounds(DataFile file) {
      this.file = file;
    }

    DataFile file() {
      return file;
    }

    Object lower(int fieldId, PrimitiveType type) {
      return decoded(file.metrics().lowerBounds(), lowerBounds, fieldId, type);
    }

    Object upper(int fieldId, PrimitiveType type) {
      return decoded(file.metrics().upperBounds(), upperBounds, fieldId, type);
    }

    private Object decoded(
        Map<Integer, ByteBuffer> bytes,
        Map<Integer, Object> cache,
        int fieldId,
        PrimitiveType type) {
      ByteBuffer bound = bytes.get(fieldId);
      return bound == null
          ? null
          : cache.computeIfAbsent(fieldId, id -> decodeBound(type, bound, file, id));
    }
  }

  boolean mightApply(DataFileBounds dataBounds, IndexedEqualityDelete delete) {
    DataFile dataFile = dataBounds.file;
    ColumnMetrics data = dataFile.metrics();
    ColumnMetrics deletes = delete.file.metrics();
    for (int fieldId : delete.file.equalityIds()) {
      NestedField field = schema.findField(fieldId);
      if (field == null || !(field.type() instanceof PrimitiveType type)) {
        continue;
      }
      if (containsNull(data, field) && containsNull(deletes, field)) {
        // null = null deletes: rows with null in this column might be deleted
        continue;
      }
      if (allNull(data, field) && noNulls(deletes, field)) {
        return DELETES_CANNOT_APPLY;
      }
      if (allNull(deletes, field) && noNulls(data, field)) {
        return DELETES_CANNOT_APPLY;
      }
      if (mayBothHoldNaN(data, deletes, field)) {
        // NaN equals NaN for a delete, but bounds never include NaN: the range is no evidence
        continue;
      }
      if (type.typeId().hasOrderedValues()
          && !rangesMightOverlap(dataBounds, delete, fieldId, type)) {
        return DELETES_CANNOT_APPLY;
      }
    }
    return DELETES_MIGHT_APPLY;
  }

  private static boolean rangesMightOverlap(
      DataFileBounds dataBounds, IndexedEqualityDelete delete, int fieldId, PrimitiveType type) {
    Object deleteLower = delete.lowerBounds.get(fieldId);
    Object deleteUpper = delete.upperBounds.get(fieldId);
    if (deleteLower == null || deleteUpper == null) {
      return true;
    }
    Object dataLower = dataBounds.lower(fieldId, type);
    Object dataUpper = dataBounds.upper(fieldId, type);
    if (dataLower == null || dataUpper == null) {
      return true;
    }
    boolean overlap =
        overlap(ValueComparators.forType(type), dataLower, dataUpper, deleteLower, deleteUpper);
    if (!overlap && type.typeId() == TypeId.UUID) {
      // Writers have ordered UUID bounds both as signed halves (Java's UUID order, Iceberg 1.10)
      // and as unsigned bytes (Parquet's order); prune only when neither order can overlap.
      return overlap(
          ValueComparators.unsignedUuids(), dataLower, dataUpper, deleteLower, deleteUpper);
    }
    return overlap;
  }

  private static boolean overlap(
      Comparator<Object> order,
      Object dataLower,
      Object dataUpper,
      Object deleteLower,
      Object deleteUpper) {
    return order.compare(dataLower, deleteUpper) <= 0 && order.compare(deleteLower, dataUpper) <= 0;
  }

  private static boolean mayBothHoldNaN(
      ColumnMetrics data, ColumnMetrics deletes, NestedField field) {
    TypeId typeId = field.type().typeId();
    if (typeId != TypeId.FLOAT && typeId != TypeId.DOUBLE) {
      return false;
    }
    return mayHoldNaN(data, field) && mayHoldNaN(deletes, field);
  }

  private static boolean mayHoldNaN(ColumnMetrics metrics, NestedField field) {
    Long nans = metrics.nanValueCounts().get(field.fieldId());
    return nans == null || nans > 0;
  }

  private static boolean containsNull(ColumnMetrics metrics, NestedField field) {
    if (field.required()) {
      return false;
    }
    Long nulls = metrics.nullValueCounts().get(field.fieldId());
    return nulls == null || nulls > 0;
  }

  private static boolean noNulls(ColumnMetrics metrics, NestedField field) {
    if (field.required()) {
      return true;
    }
    Long nulls = metrics.nullValueCounts().get(field.fieldId());
    return nulls != null && nulls <= 0;
  }

  private static boolean allNull(ColumnMetrics metrics, NestedField field) {
    if (field.required()) {
      return false;
    }
    Long nulls = metrics.nullValueCounts().get(field.fieldId());
    Long values = metrics.valueCounts().get(field.fieldId());
    return nulls != null && values != null && nulls.equals(values);
  }
}
