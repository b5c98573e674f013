package dev.floe.it;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileMetadata;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.PartitionData;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.PendingUpdate;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotUpdate;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.relocated.com.google.common.util.concurrent.MoreExecutors;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Types;

/**
 * One Iceberg table being written for a scenario, in the Hadoop layout Floe's path tables read,
 * with builders for metadata-only content files: planning never opens a data or delete file, so the
 * files these builders describe are never written.
 */
final class FixtureTable {
  /** The id Iceberg gives the {@code file_path} column of position delete files. */
  static final int DELETE_FILE_PATH_ID = Integer.MAX_VALUE - 101;

  static final HadoopTables TABLES = new HadoopTables(ChmodFreeLocalFileSystem.configuration());

  /**
   * Runs Iceberg's per-commit manifest work on the committing thread: its worker pool polls for
   * completion every 10 ms, which dominates the time to write these small tables.
   */
  static final ExecutorService SAME_THREAD = MoreExecutors.newDirectExecutorService();

  private static final long BYTES_PER_RECORD = 1000;

  private final Table table;

  private FixtureTable(Table table) {
    this.table = table;
  }

  /**
   * Creates a table at {@code location} (a plain path or a {@code file:} URI) with the given format
   * version. {@code properties} add to the table's defaults.
   */
  static FixtureTable create(
      String location,
      int formatVersion,
      Schema schema,
      PartitionSpec spec,
      Map<String, String> properties) {
    Map<String, String> all = new HashMap<>(properties);
    all.put(TableProperties.FORMAT_VERSION, Integer.toString(formatVersion));
    return new FixtureTable(TABLES.create(schema, spec, all, location));
  }

  static FixtureTable create(Path directory, int formatVersion, Schema schema, PartitionSpec spec) {
    return create(directory.toString(), formatVersion, schema, spec, Map.of());
  }

  Table table() {
    return table;
  }

  String location() {
    return table.location();
  }

  int formatVersion() {
    return ((HasTableOperations) table).operations().current().formatVersion();
  }

  /** Raises the table's format version (Iceberg only ever upgrades). */
  void upgradeTo(int formatVersion) {
    table
        .updateProperties()
        .set(TableProperties.FORMAT_VERSION, Integer.toString(formatVersion))
        .commit();
  }

  PartitionSpec spec() {
    return table.spec();
  }

  PartitionSpec spec(int specId) {
    return table.specs().get(specId);
  }

  /**
   * Commits an update (a snapshot or a metadata change) and waits until the clock has moved past
   * it, so every snapshot and snapshot-log entry has its own timestamp and time travel to one of
   * them is unambiguous.
   */
  void commit(PendingUpdate<?> update) {
    if (update instanceof SnapshotUpdate<?> snapshotUpdate) {
      snapshotUpdate.scanManifestsWith(SAME_THREAD);
    }
    update.commit();
    table.refresh();
    long committed = ((HasTableOperations) table).operations().current().lastUpdatedMillis();
    while (System.currentTimeMillis() <= committed) {
      Thread.onSpinWait();
    }
  }

  Snapshot currentSnapshot() {
    return table.currentSnapshot();
  }

  /** A data file of {@code recordCount} records, in the table's current spec. */
  DataFile data(String fileName, String partitionPath, long recordCount) {
    return dataBuilder(spec(), fileName, partitionPath, recordCount).build();
  }

  DataFile data(PartitionSpec spec, String fileName, String partitionPath, long recordCount) {
    return dataBuilder(spec, fileName, partitionPath, recordCount).build();
  }

  /**
   * A builder preset with a path under the table's {@code data/} directory, Parquet format, a size
   * proportional to the record count, and the partition parsed from a Hive-style path ({@code
   * a=1/b=x}; null for an unpartitioned spec).
   */
  DataFiles.Builder dataBuilder(
      PartitionSpec spec, String fileName, String partitionPath, long recordCount) {
    DataFiles.Builder builder =
        DataFiles.builder(spec)
            .withPath(filePath(partitionPath, fileName + ".parquet"))
            .withFormat(FileFormat.PARQUET)
            .withRecordCount(recordCount)
            .withFileSizeInBytes(recordCount * BYTES_PER_RECORD);
    if (partitionPath != null) {
      builder.withPartitionPath(partitionPath);
    }
    return builder;
  }

  /** A partition-scoped position delete file in the table's current spec. */
  DeleteFile positionDeletes(String fileName, String partitionPath, long recordCount) {
    return positionDeletesBuilder(spec(), fileName, partitionPath, recordCount).build();
  }

  FileMetadata.Builder positionDeletesBuilder(
      PartitionSpec spec, String fileName, String partitionPath, long recordCount) {
    return deleteBuilder(spec, fileName, partitionPath, recordCount).ofPositionDeletes();
  }

  /** An equality delete file on the given field ids, with no column metrics. */
  FileMetadata.Builder equalityDeletesBuilder(
      PartitionSpec spec,
      String fileName,
      String partitionPath,
      long recordCount,
      int... equalityFieldIds) {
    return deleteBuilder(spec, fileName, partitionPath, recordCount)
        .ofEqualityDeletes(equalityFieldIds);
  }

  DeleteFile equalityDeletes(
      String fileName, String partitionPath, long recordCount, int... equalityFieldIds) {
    return equalityDeletesBuilder(spec(), fileName, partitionPath, recordCount, equalityFieldIds)
        .build();
  }

  /**
   * A deletion vector for {@code dataFile}: the blob at {@code contentOffset} of a Puffin file.
   * Several DVs may share one Puffin file at different offsets.
   */
  DeleteFile deletionVector(
      String puffinName, DataFile dataFile, long contentOffset, long cardinality) {
    long blobSize = 40 + cardinality;
    return FileMetadata.deleteFileBuilder(spec(dataFile.specId()))
        .ofPositionDeletes()
        .withPath(location() + "/data/" + puffinName + ".puffin")
        .withFormat(FileFormat.PUFFIN)
        .withPartition(dataFile.partition())
        .withRecordCount(cardinality)
        .withFileSizeInBytes(contentOffset + blobSize + 200)
        .withContentOffset(contentOffset)
        .withContentSizeInBytes(blobSize)
        .withReferencedDataFile(dataFile.location())
        .build();
  }

  private FileMetadata.Builder deleteBuilder(
      PartitionSpec spec, String fileName, String partitionPath, long recordCount) {
    FileMetadata.Builder builder =
        FileMetadata.deleteFileBuilder(spec)
            .withPath(filePath(partitionPath, fileName + ".parquet"))
            .withFormat(FileFormat.PARQUET)
            .withRecordCount(recordCount)
            .withFileSizeInBytes(100 + recordCount * 20);
    if (partitionPath != null) {
      builder.withPartitionPath(partitionPath);
    }
    return builder;
  }

  private String filePath(String partitionPath, String fileName) {
    return location() + "/data/" + (partitionPath == null ? "" : partitionPath + "/") + fileName;
  }

  /** A partition tuple with typed values (for types a Hive-style path cannot express). */
  static PartitionData partition(PartitionSpec spec, Object... values) {
    PartitionData partition = new PartitionData(spec.partitionType());
    for (int position = 0; position < values.length; position++) {
      partition.set(position, values[position]);
    }
    return partition;
  }

  /**
   * Column metrics with value and null counts and lower/upper bounds for the given columns. {@code
   * bounds} maps a field id to its {@code [lower, upper]} pair; {@code nullCounts} maps a field id
   * to its null count.
   */
  static Metrics metrics(
      Schema schema,
      long recordCount,
      Map<Integer, List<?>> bounds,
      Map<Integer, Long> nullCounts) {
    Map<Integer, Long> valueCounts = new HashMap<>();
    Map<Integer, ByteBuffer> lowers = new HashMap<>();
    Map<Integer, ByteBuffer> uppers = new HashMap<>();
    bounds.forEach(
        (fieldId, pair) -> {
          Types.NestedField field = schema.findField(fieldId);
          valueCounts.put(fieldId, recordCount);
          lowers.put(fieldId, Conversions.toByteBuffer(field.type(), pair.get(0)));
          uppers.put(fieldId, Conversions.toByteBuffer(field.type(), pair.get(1)));
        });
    nullCounts.keySet().forEach(fieldId -> valueCounts.put(fieldId, recordCount));
    return new Metrics(recordCount, Map.of(), valueCounts, nullCounts, Map.of(), lowers, uppers);
  }

  /** Metrics that only bound the {@code file_path} column of a position delete file. */
  static Metrics filePathBounds(long recordCount, String lower, String upper) {
    return new Metrics(
        recordCount,
        Map.of(),
        Map.of(DELETE_FILE_PATH_ID, recordCount),
        Map.of(DELETE_FILE_PATH_ID, 0L),
        Map.of(),
        Map.of(DELETE_FILE_PATH_ID, Conversions.toByteBuffer(Types.StringType.get(), lower)),
        Map.of(DELETE_FILE_PATH_ID, Conversions.toByteBuffer(Types.StringType.get(), upper)));
  }
}
