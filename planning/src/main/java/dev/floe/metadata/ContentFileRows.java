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
  private final StructType partitionType;
  private final Map<Integer, PartitionSpec> specsById;

  ContentFileRows(StructType partitionType, Map<Integer, PartitionSpec> specsById) {
    this.partitionType = partitionType;
    this.specsById = Map.copyOf(specsById);
  }

  List<Object> entryRow(ManifestEntry entry) {
    ContentFile file = entry.file();
    return TableRows.row(
        entry.status().id(),
        entry.snapshotId(),
        file.dataSequenceNumber(),
        file.fileSequenceNumber(),
        fileRow(file));
  }

  List<Object> fileRow(ContentFile file) {
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
    row.add(orNull(metrics.columnSizes()));
    row.add(orNull(metrics.valueCounts()));
    row.add(orNull(metrics.nullValueCounts()));
    row.add(orNull(metrics.nanValueCounts()));
    row.add(orNull(metrics.lowerBounds()));
    row.add(orNull(metrics.upperBounds()));
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

  private static <V> Map<Integer, V> orNull(Map<Integer, V> map) {
    return map.isEmpty() ? null : map;
  }
}
