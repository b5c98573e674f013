package dev.floe.metadata;

import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.ContentFile;
import dev.floe.manifest.DataFile;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.ManifestEntry;
import dev.floe.table.PartitionSpec;
import dev.floe.table.StructType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Rows of the files tables ({@code files}, {@code data_files}, {@code delete_files}) and of the
 * {@code entries} table, whose {@code data_file} column is a files-table row.
 *
 * <p>A file's partition tuple is laid out in the table's partition type (every field of every spec,
 * by field id): a field its own spec lacks is null. Metric maps and lists the manifest did not
 * record are null.
 */
final class ContentFileRows {
  /** The position of {@code column_sizes} in a files-table row without a partition column. */
  private static final int FIRST_METRICS_MAP = 6;

  private static final int METRICS_MAPS = 6;

  private final StructType partitionType;
  private final Map<Integer, PartitionSpec> specsById;
  private final ReadableMetrics readableMetrics;

  ContentFileRows(
      StructType partitionType,
      Map<Integer, PartitionSpec> specsById,
      ReadableMetrics readableMetrics) {
    this.partitionType = partitionType;
    this.specsById = Map.copyOf(specsById);
    this.readableMetrics = readableMetrics;
  }

  /** A row of the entries table: the entry, its file, the file's readable metrics. */
  List<Object> entryRow(ManifestEntry entry) {
    ContentFile file = entry.file();
    List<Object> fileColumns = fileColumns(file);
    return TableRows.row(
        entry.status().id(),
        entry.snapshotId(),
        file.dataSequenceNumber(),
        file.fileSequenceNumber(),
        fileColumns,
        readableMetrics(fileColumns));
  }

  /** A row of the files tables: the file, then its readable metrics. */
  List<Object> fileRow(ContentFile file) {
    List<Object> row = new ArrayList<>(fileColumns(file));
    row.add(readableMetrics(row));
    return java.util.Collections.unmodifiableList(row);
  }

  @SuppressWarnings("unchecked") // the metrics maps fileColumns put there
  private List<Object> readableMetrics(List<Object> fileColumns) {
    int first = FIRST_METRICS_MAP + (partitionType.fields().isEmpty() ? 0 : 1);
    List<Map<Integer, ?>> maps = new ArrayList<>(METRICS_MAPS);
    for (int position = first; position < first + METRICS_MAPS; position++) {
      maps.add((Map<Integer, ?>) fileColumns.get(position));
    }
    return readableMetrics.value(maps);
  }

  /** The columns of Iceberg's {@code data_file} struct. */
  List<Object> fileColumns(ContentFile file) {
    List<Object> row = new ArrayList<>(22);
    row.add(file.content().id());
    row.add(file.location());
    row.add(file.format().name());
    row.add(file.specId());
    if (!partitionType.fields().isEmpty()) {
      row.add(PartitionKey.of(file, specsById, partitionType).values());
    }
    row.add(file.recordCount());
    row.add(file.fileSizeInBytes());
    ColumnMetrics metrics = file.metrics();
    row.add(metricsMap(file, metrics.columnSizes(), ColumnMetrics.Kind.COLUMN_SIZES));
    row.add(metricsMap(file, metrics.valueCounts(), ColumnMetrics.Kind.VALUE_COUNTS));
    row.add(metricsMap(file, metrics.nullValueCounts(), ColumnMetrics.Kind.NULL_VALUE_COUNTS));
    row.add(metricsMap(file, metrics.nanValueCounts(), ColumnMetrics.Kind.NAN_VALUE_COUNTS));
    row.add(metricsMap(file, metrics.lowerBounds(), ColumnMetrics.Kind.LOWER_BOUNDS));
    row.add(metricsMap(file, metrics.upperBounds(), ColumnMetrics.Kind.UPPER_BOUNDS));
    row.add(file.keyMetadata());
    row.add(file.splitOffsets().isEmpty() ? null : file.splitOffsets());
    if (file instanceof DeleteFile delete) {
      row.add(delete.equalityIds().isEmpty() ? null : delete.equalityIds());
      row.add(delete.sortOrderId());
      row.add(null);
      row.add(delete.referencedDataFile());
      row.add(delete.contentOffset());
      row.add(delete.contentSizeInBytes());
    } else {
      DataFile data = (DataFile) file;
      row.add(null);
      row.add(data.sortOrderId());
      row.add(data.firstRowId());
      row.add(null);
      row.add(null);
      row.add(null);
    }
    return java.util.Collections.unmodifiableList(row);
  }

  /** A metrics map as Iceberg shows it: null when the manifest left it out, else as recorded. */
  private static <V> Map<Integer, V> metricsMap(
      ContentFile file, Map<Integer, V> map, ColumnMetrics.Kind kind) {
    return file.metrics().isRecorded(kind) ? map : null;
  }
}
