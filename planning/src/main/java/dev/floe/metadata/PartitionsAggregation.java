package dev.floe.metadata;

import dev.floe.manifest.ContentFile;
import dev.floe.manifest.ManifestEntry;
import dev.floe.table.PartitionSpec;
import dev.floe.table.Snapshot;
import dev.floe.table.StructType;
import dev.floe.table.TableMetadata;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code partitions} table, built up from live manifest entries: per partition tuple, the
 * record, file and size totals of data files, position deletes and equality deletes, and the latest
 * commit that touched the partition (with that file's spec id).
 *
 * <p>Aggregations of separate manifests combine with {@link #merge}, so manifests can be read in
 * parallel tasks and their partial results merged in manifest order: when two commits have the same
 * timestamp, the earlier manifest's wins, as when Iceberg reads them in order. Partial results
 * travel as plain rows ({@link #partialRows()}, {@link #fromPartialRows}).
 */
public final class PartitionsAggregation {
  private final Map<PartitionKey, Totals> byPartition = new LinkedHashMap<>();

  /** Adds one live entry of a manifest of {@code metadata}'s table. */
  public void add(ManifestEntry entry, TableMetadata metadata, StructType partitionType) {
    Map<Integer, PartitionSpec> specs = metadata.specsById();
    PartitionKey key = PartitionKey.of(entry.file(), specs, partitionType);
    byPartition
        .computeIfAbsent(key, ignored -> new Totals())
        .add(entry.file(), metadata.snapshot(entry.snapshotId()));
  }

  /** Adds the totals of {@code later}, whose manifests come after this one's. */
  public void merge(PartitionsAggregation later) {
    for (Map.Entry<PartitionKey, Totals> partition : later.byPartition.entrySet()) {
      byPartition
          .computeIfAbsent(partition.getKey(), ignored -> new Totals())
          .merge(partition.getValue());
    }
  }

  /**
   * The rows of the {@code partitions} table; without the {@code partition} and {@code spec_id}
   * columns when {@code partitioned} is false, as Iceberg's schema for an unpartitioned table.
   */
  public List<List<Object>> rows(boolean partitioned) {
    List<List<Object>> rows = new ArrayList<>(byPartition.size());
    for (Map.Entry<PartitionKey, Totals> partition : byPartition.entrySet()) {
      Totals totals = partition.getValue();
      List<Object> row = new ArrayList<>(11);
      if (partitioned) {
        row.add(partition.getKey().values());
        row.add(totals.specId);
      }
      row.add(totals.dataRecordCount);
      row.add(totals.dataFileCount);
      row.add(totals.dataFileSizeInBytes);
      row.add(totals.positionDeleteRecordCount);
      row.add(totals.positionDeleteFileCount);
      row.add(totals.equalityDeleteRecordCount);
      row.add(totals.equalityDeleteFileCount);
      row.add(totals.lastUpdatedAt);
      row.add(totals.lastUpdatedSnapshotId);
      rows.add(java.util.Collections.unmodifiableList(row));
    }
    return rows;
  }

  /** The state of this aggregation as rows of Floe values, to send between processes. */
  public List<List<Object>> partialRows() {
    List<List<Object>> rows = new ArrayList<>(byPartition.size());
    for (Map.Entry<PartitionKey, Totals> partition : byPartition.entrySet()) {
      Totals totals = partition.getValue();
      rows.add(
          TableRows.row(
              partition.getKey().specFieldCount(),
              partition.getKey().values(),
              totals.specId,
              totals.dataRecordCount,
              totals.dataFileCount,
              totals.dataFileSizeInBytes,
              totals.positionDeleteRecordCount,
              totals.positionDeleteFileCount,
              totals.equalityDeleteRecordCount,
              totals.equalityDeleteFileCount,
              totals.lastUpdatedAt,
              totals.lastUpdatedSnapshotId));
    }
    return rows;
  }

  /** The aggregation {@link #partialRows()} described. */
  @SuppressWarnings("unchecked")
  public static PartitionsAggregation fromPartialRows(List<List<Object>> rows) {
    PartitionsAggregation aggregation = new PartitionsAggregation();
    for (List<Object> row : rows) {
      Totals totals = new Totals();
      totals.specId = (Integer) row.get(2);
      totals.dataRecordCount = (Long) row.get(3);
      totals.dataFileCount = (Integer) row.get(4);
      totals.dataFileSizeInBytes = (Long) row.get(5);
      totals.positionDeleteRecordCount = (Long) row.get(6);
      totals.positionDeleteFileCount = (Integer) row.get(7);
      totals.equalityDeleteRecordCount = (Long) row.get(8);
      totals.equalityDeleteFileCount = (Integer) row.get(9);
      totals.lastUpdatedAt = (Long) row.get(10);
      totals.lastUpdatedSnapshotId = (Long) row.get(11);
      aggregation.byPartition.put(
          new PartitionKey((Integer) row.get(0), (List<Object>) row.get(1)), totals);
    }
    return aggregation;
  }

  /** The running totals of one partition; Iceberg's counters, with its int file counts. */
  private static final class Totals {
    private int specId;
    private long dataRecordCount;
    private int dataFileCount;
    private long dataFileSizeInBytes;
    private long positionDeleteRecordCount;
    private int positionDeleteFileCount;
    private long equalityDeleteRecordCount;
    private int equalityDeleteFileCount;
    private Long lastUpdatedAt;
    private Long lastUpdatedSnapshotId;

    void add(ContentFile file, Snapshot snapshot) {
      // an expired snapshot's commit time is unknown: it never counts as the latest update
      if (snapshot != null) {
        updated(snapshot.timestampMillis() * 1000, snapshot.snapshotId(), file.specId());
      }
      switch (file.content()) {
        case DATA:
          dataRecordCount += file.recordCount();
          dataFileCount += 1;
          dataFileSizeInBytes += file.fileSizeInBytes();
          break;
        case POSITION_DELETES:
          positionDeleteRecordCount += file.recordCount();
          positionDeleteFileCount += 1;
          break;
        case EQUALITY_DELETES:
          equalityDeleteRecordCount += file.recordCount();
          equalityDeleteFileCount += 1;
          break;
      }
    }

    void merge(Totals later) {
      if (later.lastUpdatedAt != null) {
        updated(later.lastUpdatedAt, later.lastUpdatedSnapshotId, later.specId);
      }
      dataRecordCount += later.dataRecordCount;
      dataFileCount += later.dataFileCount;
      dataFileSizeInBytes += later.dataFileSizeInBytes;
      positionDeleteRecordCount += later.positionDeleteRecordCount;
      positionDeleteFileCount += later.positionDeleteFileCount;
      equalityDeleteRecordCount += later.equalityDeleteRecordCount;
      equalityDeleteFileCount += later.equalityDeleteFileCount;
    }

    private void updated(long commitMicros, Long snapshotId, int fileSpecId) {
      if (lastUpdatedAt == null || commitMicros > lastUpdatedAt) {
        lastUpdatedAt = commitMicros;
        lastUpdatedSnapshotId = snapshotId;
        specId = fileSpecId;
      }
    }
  }
}
