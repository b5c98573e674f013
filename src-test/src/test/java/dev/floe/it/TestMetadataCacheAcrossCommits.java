package dev.floe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.cache.MetadataCache;
import dev.floe.catalog.PathTables;
import dev.floe.io.LocalFileIO;
import dev.floe.scan.ScanPlan;
import dev.floe.scan.TableScan;
import dev.floe.table.LoadedTable;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cache keeps only immutable files: a table's current metadata file is found again on every
 * load, so a commit between two loads is seen by the second, whose plan reads only the new manifest
 * list and the manifest the commit wrote; the metadata file itself is parsed once.
 */
class TestMetadataCacheAcrossCommits {
  @TempDir Path directory;

  @Test
  void aCommitIsSeenAndOnlyItsFilesAreRead() {
    String location = directory.resolve("t").toString();
    Table iceberg =
        new HadoopTables(new Configuration())
            .create(
                new Schema(Types.NestedField.optional(1, "id", Types.LongType.get())),
                PartitionSpec.unpartitioned(),
                Map.of(TableProperties.FORMAT_VERSION, "2"),
                location);
    append(iceberg, location, "a");
    append(iceberg, location, "b");
    MetadataCache cache = MetadataCache.withMaxBytes(16L << 20);

    LoadedTable first = PathTables.load(location, new LocalFileIO(), cache);
    LoadedTable same = PathTables.load(location, new LocalFileIO(), cache);
    assertThat(same.metadata()).as("the metadata file is parsed once").isSameAs(first.metadata());
    ScanPlan before = TableScan.of(first).metadataCache(cache).plan();
    assertThat(before.files()).hasSize(2);

    append(iceberg, location, "c");
    LoadedTable afterCommit = PathTables.load(location, new LocalFileIO(), cache);
    assertThat(afterCommit.metadata().currentSnapshotId())
        .as("the commit is seen")
        .isEqualTo(iceberg.currentSnapshot().snapshotId());
    ScanPlan after = TableScan.of(afterCommit).metadataCache(cache).plan();

    assertThat(after.files()).as("the committed file is planned").hasSize(3);
    assertThat(after.report().metadataReads().manifestList().fromStorage()).isEqualTo(1);
    assertThat(after.report().metadataReads().dataManifests().fromStorage())
        .as("the commit's new manifest only")
        .isEqualTo(1);
    assertThat(after.report().metadataReads().dataManifests().fromCache())
        .as("the manifests the commit kept")
        .isEqualTo(2);
  }

  private static void append(Table table, String location, String name) {
    table
        .newFastAppend()
        .appendFile(
            DataFiles.builder(PartitionSpec.unpartitioned())
                .withPath(location + "/data/" + name + ".parquet")
                .withFileSizeInBytes(100)
                .withRecordCount(1)
                .withFormat("parquet")
                .build())
        .commit();
  }
}
