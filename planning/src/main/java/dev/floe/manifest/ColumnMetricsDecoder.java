package dev.floe.manifest;

import static org.apache.avro.Schema.Type.ARRAY;
import static org.apache.avro.Schema.Type.BYTES;
import static org.apache.avro.Schema.Type.INT;
import static org.apache.avro.Schema.Type.LONG;
import static org.apache.avro.Schema.Type.RECORD;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;

/**
 * Decodes the metrics maps of a manifest's {@code data_file} struct into {@link ColumnMetrics},
 * keeping only the columns {@link MetricsColumns} asks for (for {@link ContentFileDecoder}).
 */
final class ColumnMetricsDecoder {
  /**
   * The metrics maps, stored as Avro arrays of key/value records (the spec's representation of a
   * map whose keys are not strings); keys are column ids.
   */
  private enum MetricsMap {
    COLUMN_SIZES(ColumnMetrics.Kind.COLUMN_SIZES, 108, "column_sizes", 117, 118, LONG, INT),
    VALUE_COUNTS(ColumnMetrics.Kind.VALUE_COUNTS, 109, "value_counts", 119, 120, LONG, INT),
    NULL_VALUE_COUNTS(
        ColumnMetrics.Kind.NULL_VALUE_COUNTS, 110, "null_value_counts", 121, 122, LONG, INT),
    NAN_VALUE_COUNTS(
        ColumnMetrics.Kind.NAN_VALUE_COUNTS, 137, "nan_value_counts", 138, 139, LONG, INT),
    LOWER_BOUNDS(ColumnMetrics.Kind.LOWER_BOUNDS, 125, "lower_bounds", 126, 127, BYTES),
    UPPER_BOUNDS(ColumnMetrics.Kind.UPPER_BOUNDS, 128, "upper_bounds", 129, 130, BYTES);

    private final ColumnMetrics.Kind kind;
    private final AvroField field;
    private final AvroField key;
    private final AvroField value;

    MetricsMap(
        ColumnMetrics.Kind kind,
        int id,
        String name,
        int keyId,
        int valueId,
        Schema.Type... valueTypes) {
      this.kind = kind;
      this.field = AvroField.optional(id, name, ARRAY);
      this.key = AvroField.required(keyId, "key", INT);
      this.value = AvroField.optional(valueId, "value", valueTypes);
    }
  }

  private final AvroRecordLayout layout;
  private final AvroRecordLayout[] metricsLayouts;
  private final KeptColumns keptColumns;
  private final ReadContext context;

  private ColumnMetricsDecoder(
      AvroRecordLayout layout,
      AvroRecordLayout[] metricsLayouts,
      KeptColumns keptColumns,
      ReadContext context) {
    this.layout = layout;
    this.metricsLayouts = metricsLayouts;
    this.keptColumns = keptColumns;
    this.context = context;
  }

  /** The metrics maps of {@code data_file} that {@code metrics} asks to decode. */
  static List<AvroField> fields(MetricsColumns metrics) {
    List<AvroField> fields = new ArrayList<>();
    if (!metrics.isNone()) {
      for (MetricsMap map : MetricsMap.values()) {
        if (map != MetricsMap.COLUMN_SIZES || metrics.columnSizes()) {
          fields.add(map.field);
        }
      }
    }
    return fields;
  }

  /**
   * @param layout the layout of {@code data_file}, projected with {@link #fields}
   */
  static ColumnMetricsDecoder create(
      AvroRecordLayout layout, MetricsColumns metrics, ReadContext context) {
    AvroRecordLayout[] metricsLayouts = new AvroRecordLayout[MetricsMap.values().length];
    for (MetricsMap map : MetricsMap.values()) {
      Schema array = layout.valueSchema(map.field);
      if (array != null) {
        Schema element = AvroRecordLayout.nonNullBranch(array.getElementType());
        if (element == null || element.getType() != RECORD) {
          throw context.corrupt(
              "field "
                  + map.field.label()
                  + " of data_file is not a map stored as an array of key/value records");
        }
        metricsLayouts[map.ordinal()] =
            AvroRecordLayout.whole(
                element, map.field.name() + " entry", List.of(map.key, map.value), context);
      }
    }
    return new ColumnMetricsDecoder(layout, metricsLayouts, new KeptColumns(metrics), context);
  }

  ColumnMetrics decode(GenericRecord file, long entry) {
    Map<Integer, Long> columnSizes =
        map(file, MetricsMap.COLUMN_SIZES, ColumnMetricsDecoder::toLong, entry);
    Map<Integer, Long> valueCounts =
        map(file, MetricsMap.VALUE_COUNTS, ColumnMetricsDecoder::toLong, entry);
    Map<Integer, Long> nullValueCounts =
        map(file, MetricsMap.NULL_VALUE_COUNTS, ColumnMetricsDecoder::toLong, entry);
    Map<Integer, Long> nanValueCounts =
        map(file, MetricsMap.NAN_VALUE_COUNTS, ColumnMetricsDecoder::toLong, entry);
    Map<Integer, ByteBuffer> lowerBounds =
        map(file, MetricsMap.LOWER_BOUNDS, ColumnMetricsDecoder::toBytes, entry);
    Map<Integer, ByteBuffer> upperBounds =
        map(file, MetricsMap.UPPER_BOUNDS, ColumnMetricsDecoder::toBytes, entry);
    Set<ColumnMetrics.Kind> recorded = EnumSet.noneOf(ColumnMetrics.Kind.class);
    for (MetricsMap map : MetricsMap.values()) {
      if (layout.get(file, map.field) != null) {
        recorded.add(map.kind);
      }
    }
    if (recorded.isEmpty()) {
      return ColumnMetrics.EMPTY;
    }
    return new ColumnMetrics(
        columnSizes,
        valueCounts,
        nullValueCounts,
        nanValueCounts,
        lowerBounds,
        upperBounds,
        recorded);
  }

  private static Long toLong(Object value) {
    // Avro already boxed it: keep its object rather than allocate another.
    return value instanceof Long boxed ? boxed : Long.valueOf(((Number) value).longValue());
  }

  private static ByteBuffer toBytes(Object value) {
    return AvroRecordLayout.copyOf((ByteBuffer) value);
  }

  /**
   * A metrics map; an entry with a null value records nothing and is left out. Built immutable at
   * once, so that {@link ColumnMetrics} keeps it without another copy.
   */
  private <V> Map<Integer, V> map(
      GenericRecord file, MetricsMap map, Function<Object, V> convert, long entry) {
    Object value = layout.get(file, map.field);
    if (value == null || ((List<?>) value).isEmpty()) {
      return Map.of();
    }
    AvroRecordLayout entryLayout = metricsLayouts[map.ordinal()];
    List<?> pairs = (List<?>) value;
    @SuppressWarnings({"unchecked", "rawtypes"})
    Map.Entry<Integer, V>[] entries = new Map.Entry[pairs.size()];
    int size = 0;
    for (Object pair : pairs) {
      if (pair == null) {
        throw context.corrupt(
            "field " + map.field.label() + " of data_file has a null entry in entry " + entry);
      }
      GenericRecord keyValue = (GenericRecord) pair;
      Object mapValue = entryLayout.get(keyValue, map.value);
      if (mapValue != null) {
        Integer columnId = (Integer) entryLayout.required(keyValue, map.key, entry);
        if (keptColumns.keeps(columnId)) {
          entries[size++] = Map.entry(columnId, convert.apply(mapValue));
        }
      }
    }
    if (size == 0) {
      return Map.of();
    }
    if (size == 1) {
      return Map.of(entries[0].getKey(), entries[0].getValue());
    }
    try {
      return Map.ofEntries(size == entries.length ? entries : Arrays.copyOf(entries, size));
    } catch (IllegalArgumentException duplicateKey) {
      throw context.corrupt(
          "field " + map.field.label() + " of data_file repeats a column id in entry " + entry,
          duplicateKey);
    }
  }

  /**
   * {@link MetricsColumns#keeps}, answered by an array lookup for the ids a table's columns have,
   * since it is asked for every metrics map entry of every file.
   */
  private static final class KeptColumns {
    private static final int LOOKUP_LIMIT = 4096;

    private final MetricsColumns metrics;
    private final boolean[] keptById;

    KeptColumns(MetricsColumns metrics) {
      this.metrics = metrics;
      int highest = -1;
      for (int fieldId : metrics.fieldIds()) {
        if (fieldId < LOOKUP_LIMIT) {
          highest = Math.max(highest, fieldId);
        }
      }
      this.keptById = new boolean[highest + 1];
      for (int fieldId : metrics.fieldIds()) {
        if (fieldId >= 0 && fieldId < LOOKUP_LIMIT) {
          keptById[fieldId] = true;
        }
      }
    }

    boolean keeps(int fieldId) {
      if (metrics.everyColumn()) {
        return true;
      }
      if (fieldId >= 0 && fieldId < LOOKUP_LIMIT) {
        return fieldId < keptById.length && keptById[fieldId];
      }
      return metrics.keeps(fieldId);
    }
  }
}
