package dev.floe.bench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileMetadata;
import org.apache.iceberg.Files;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestWriter;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.PartitionData;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Writes synthetic format-v2 tables with Iceberg's own Java API: metadata only (no data file
 * exists), with the metrics a real Parquet writer records for five columns and row-group split
 * offsets, so that planners decode as much per entry as they would on a real table.
 *
 * <p>Data manifests are written directly and committed in one fast append, which keeps them as
 * written (format v2 lets the commit fill in their snapshot id and sequence numbers). Delete files
 * are committed afterwards, one row delta per partition, so every one applies to every data file of
 * its partition. Manifest merging is off, so later commits keep the manifests as they are.
 */
final class SyntheticTableWriter {
  static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.required(2, "part", Types.IntegerType.get()),
          Types.NestedField.optional(3, "event_time", Types.TimestampType.withZone()),
          Types.NestedField.optional(4, "name", Types.StringType.get()),
          Types.NestedField.optional(5, "amount", Types.DoubleType.get()),
          Types.NestedField.optional(6, "payload", Types.StringType.get()));

  static final PartitionSpec SPEC = PartitionSpec.builderFor(SCHEMA).identity("part").build();

  private static final Map<String, String> PROPERTIES =
      Map.of(
          TableProperties.FORMAT_VERSION, "2",
          TableProperties.MANIFEST_MERGE_ENABLED, "false");

  /** Each file's ids are {@code [index * IDS_PER_FILE, index * IDS_PER_FILE + records)}. */
  static final long IDS_PER_FILE = 100_000;

  private static final long FIRST_EVENT_MICROS = 1_767_225_600_000_000L; // 2026-01-01T00:00Z
  private static final long HOUR_MICROS = 3_600_000_000L;
  private static final long MEGABYTE = 1L << 20;

  private final HadoopTables tables;
  private final FileLayout layout;

  /** A writer of the planning benchmark's files: {@link FileLayout#PLANNING}. */
  SyntheticTableWriter(Configuration hadoop) {
    this(hadoop, FileLayout.PLANNING);
  }

  SyntheticTableWriter(Configuration hadoop, FileLayout layout) {
    this.tables = new HadoopTables(hadoop);
    this.layout = layout;
  }

  /**
   * The size each data file declares and how many row groups it has; the split offsets are the row
   * groups' starts, spread evenly over the file.
   *
   * @param sizeOf the declared size in bytes of the data file with this global index
   */
  record FileLayout(LongUnaryOperator sizeOf, int rowGroups) {
    /** 64 to 127 MB, four row groups each. */
    static final FileLayout PLANNING =
        new FileLayout(index -> 64 * MEGABYTE + (index % 64) * MEGABYTE, 4);

    FileLayout {
      if (rowGroups < 1) {
        throw new IllegalArgumentException(
            "A data file needs at least one row group: " + rowGroups);
      }
    }

    /** Every file of this size, with this many row groups. */
    static FileLayout fixed(long bytes, int rowGroups) {
      if (bytes < rowGroups * 1024L) {
        throw new IllegalArgumentException(
            "A data file of " + bytes + " bytes cannot hold " + rowGroups + " row groups");
      }
      return new FileLayout(index -> bytes, rowGroups);
    }

    List<Long> splitOffsets(long size) {
      return LongStream.range(0, rowGroups)
          .map(group -> group == 0 ? 4 : size / rowGroups * group)
          .boxed()
          .toList();
    }
  }

  /** Creates a table of this shape at this location, which must not hold a table yet. */
  Table write(TableShape shape, String location) {
    Table table = tables.create(SCHEMA, SPEC, PROPERTIES, location);
    // manifests are independent files: write them on every core, commit them in list order
    List<ManifestFile> manifests =
        IntStream.range(0, shape.dataManifests())
            .parallel()
            .mapToObj(manifest -> writeDataManifest(table, shape, manifest))
            .toList();
    AppendFiles append = table.newFastAppend();
    manifests.forEach(append::appendManifest);
    append.commit();
    for (int partition = 0; partition < shape.partitions(); partition++) {
      if (shape.deleteFilesPerPartition() > 0) {
        commitPositionDeletes(table, shape, partition);
      }
    }
    return table;
  }

  private ManifestFile writeDataManifest(Table table, TableShape shape, int manifest) {
    String path = table.location() + "/metadata/bench-data-" + manifest + ".avro";
    // straight to the local disk: Hadoop's local file system forks a process per new file
    ManifestWriter<DataFile> writer =
        ManifestFiles.write(2, SPEC, Files.localOutput(new File(path)), null);
    try (writer) {
      for (int file = 0; file < shape.filesPerManifest(); file++) {
        long index = (long) manifest * shape.filesPerManifest() + file;
        writer.add(dataFile(table, shape, index));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write manifest " + path, e);
    }
    return writer.toManifestFile();
  }

  private DataFile dataFile(Table table, TableShape shape, long index) {
    int partition = shape.partitionOf(index);
    long records = shape.recordCountOf(index);
    long size = layout.sizeOf().applyAsLong(index);
    long firstId = index * IDS_PER_FILE;
    long firstEvent = FIRST_EVENT_MICROS + index * HOUR_MICROS;
    String name = "name-" + (10_000_000 + index); // fixed width, so bounds sort as the index
    Metrics metrics =
        new Metrics(
            records,
            Map.of(1, records * 2, 2, 64L, 3, records * 3, 4, records * 6, 5, records * 4),
            Map.of(1, records, 2, records, 3, records, 4, records, 5, records),
            Map.of(1, 0L, 2, 0L, 3, index % 7, 4, index % 11, 5, 0L),
            Map.of(5, 0L),
            Map.of(
                1, bound(Types.LongType.get(), firstId),
                2, bound(Types.IntegerType.get(), partition),
                3, bound(Types.TimestampType.withZone(), firstEvent),
                4, bound(Types.StringType.get(), name),
                5, bound(Types.DoubleType.get(), 0.0)),
            Map.of(
                1, bound(Types.LongType.get(), firstId + records - 1),
                2, bound(Types.IntegerType.get(), partition),
                3, bound(Types.TimestampType.withZone(), firstEvent + HOUR_MICROS - 1),
                4, bound(Types.StringType.get(), name + "-zzzz"),
                5, bound(Types.DoubleType.get(), 1_000.0 + index % 100)));
    return DataFiles.builder(SPEC)
        .withPath(
            table.location()
                + "/data/part="
                + partition
                + "/00042-7-1b2c6f0e-7f1d-4a43-9d2e-5c6b1a2e3f40-"
                + (10_000_000 + index)
                + ".parquet")
        .withFormat(FileFormat.PARQUET)
        .withPartition(partitionData(partition))
        .withRecordCount(records)
        .withFileSizeInBytes(size)
        .withMetrics(metrics)
        .withSplitOffsets(layout.splitOffsets(size))
        .build();
  }

  private static void commitPositionDeletes(Table table, TableShape shape, int partition) {
    RowDelta delta = table.newRowDelta();
    for (int delete = 0; delete < shape.deleteFilesPerPartition(); delete++) {
      delta.addDeletes(
          FileMetadata.deleteFileBuilder(SPEC)
              .ofPositionDeletes()
              .withPath(
                  String.format(
                      "%s/data/part=%d/delete-%03d.parquet", table.location(), partition, delete))
              .withFormat(FileFormat.PARQUET)
              .withPartition(partitionData(partition))
              .withRecordCount(1_000 + delete)
              .withFileSizeInBytes(16_384 + delete)
              .build());
    }
    delta.commit();
  }

  private static PartitionData partitionData(int partition) {
    PartitionData data = new PartitionData(SPEC.partitionType());
    data.set(0, partition);
    return data;
  }

  private static ByteBuffer bound(Type type, Object value) {
    return Conversions.toByteBuffer(type, value);
  }
}
