package dev.floe.it;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileMetadata;
import org.apache.iceberg.Files;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestWriter;
import org.apache.iceberg.PartitionData;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.types.Types;

/**
 * Format-v2 tables written with Iceberg's Java API whose data files do not exist: manifests only,
 * for tests of planning and task sizing, which never open a data file. Columns {@code id} and
 * {@code part}, identity-partitioned by {@code part} into 10 partitions; each file has a row group
 * every 32 MiB (its {@code split_offsets}).
 */
public final class MetadataOnlyTable {
  private static final long MIB = 1024 * 1024;
  private static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.required(2, "part", Types.IntegerType.get()));
  private static final PartitionSpec SPEC =
      PartitionSpec.builderFor(SCHEMA).identity("part").build();

  private MetadataOnlyTable() {}

  /** A size in bytes for the file of this index. */
  public interface FileSizes {
    long of(long index);
  }

  /**
   * Writes the table {@code name} under {@code warehouse}: {@code manifests x filesPerManifest}
   * data files of {@code sizes}, in one append, then {@code deletesPerPartition} position delete
   * files in every partition, of 3, 6, 9, ... MiB.
   */
  public static Table write(
      Path warehouse,
      String name,
      int manifests,
      int filesPerManifest,
      FileSizes sizes,
      int deletesPerPartition) {
    String location = warehouse.resolve(name).toString();
    Table table =
        new HadoopTables(ChmodFreeLocalFileSystem.configuration())
            .create(
                SCHEMA,
                SPEC,
                Map.of(
                    TableProperties.FORMAT_VERSION, "2",
                    TableProperties.MANIFEST_MERGE_ENABLED, "false"),
                location);
    List<ManifestFile> written =
        IntStream.range(0, manifests)
            .parallel()
            .mapToObj(manifest -> writeManifest(table, manifest, filesPerManifest, sizes))
            .toList();
    AppendFiles append = table.newFastAppend();
    written.forEach(append::appendManifest);
    append.commit();
    if (deletesPerPartition > 0) {
      RowDelta delta = table.newRowDelta();
      for (int partition = 0; partition < 10; partition++) {
        for (int delete = 0; delete < deletesPerPartition; delete++) {
          delta.addDeletes(
              FileMetadata.deleteFileBuilder(SPEC)
                  .ofPositionDeletes()
                  .withPath(location + "/data/part=" + partition + "/delete-" + delete + ".parquet")
                  .withFormat(FileFormat.PARQUET)
                  .withPartition(partition(partition))
                  .withRecordCount(10)
                  .withFileSizeInBytes((1 + delete) * 3 * MIB)
                  .build());
        }
      }
      delta.commit();
    }
    return table;
  }

  private static ManifestFile writeManifest(
      Table table, int manifest, int filesPerManifest, FileSizes sizes) {
    String path = table.location() + "/metadata/groups-" + manifest + ".avro";
    // straight to the local disk: Hadoop's local file system forks a process per new file
    ManifestWriter<DataFile> writer =
        ManifestFiles.write(2, SPEC, Files.localOutput(new File(path)), null);
    try (writer) {
      for (int file = 0; file < filesPerManifest; file++) {
        long index = (long) manifest * filesPerManifest + file;
        long size = sizes.of(index);
        List<Long> offsets = new ArrayList<>();
        for (long offset = 4; offset < size; offset += 32 * MIB) {
          offsets.add(offset);
        }
        writer.add(
            DataFiles.builder(SPEC)
                .withPath(
                    table.location() + "/data/part=" + index % 10 + "/f-" + index + ".parquet")
                .withFormat(FileFormat.PARQUET)
                .withPartition(partition((int) (index % 10)))
                .withRecordCount(1000)
                .withFileSizeInBytes(size)
                .withSplitOffsets(offsets)
                .build());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write manifest " + path, e);
    }
    return writer.toManifestFile();
  }

  private static PartitionData partition(int value) {
    PartitionData data = new PartitionData(SPEC.partitionType());
    data.set(0, value);
    return data;
  }
}
