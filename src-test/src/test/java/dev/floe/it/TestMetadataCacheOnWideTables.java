package dev.floe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.cache.MetadataCache;
import dev.floe.expr.Expression;
import dev.floe.scan.ScanPlan;
import dev.floe.scan.TableScan;
import dev.floe.table.LoadedTable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the metadata cache keeps of a manifest depends on the table's width: every metric of a
 * narrow table's columns, so a filter on another column still finds its bounds; only what was asked
 * for on a wide one, so a filter on another column decodes the manifest again. Either way every
 * plan equals the plan from storage, which Iceberg's plan checks in turn.
 */
class TestMetadataCacheOnWideTables {
  private static final int FILES = 20;

  @TempDir Path directory;

  @Test
  void aNarrowTableKeepsEveryColumnsMetrics() {
    LoadedTable table = table("narrow", 8);
    MetadataCache cache = MetadataCache.withMaxBytes(16L << 20);

    ScanPlan first = plan(table, cache, "c1");
    ScanPlan other = plan(table, cache, "c2");

    assertThat(first.report().metadataReads().dataManifests().fromStorage()).isEqualTo(2);
    assertThat(other.report().metadataReads().dataManifests().fromStorage())
        .as("another column's bounds were kept")
        .isZero();
  }

  @Test
  void aWideTableKeepsOnlyTheMetricsAskedFor() {
    LoadedTable table = table("wide", 40);
    MetadataCache cache = MetadataCache.withMaxBytes(16L << 20);

    plan(table, cache, "c1");
    ScanPlan other = plan(table, cache, "c2");
    ScanPlan again = plan(table, cache, "c1");

    assertThat(other.report().metadataReads().dataManifests().fromStorage())
        .as("another column's bounds: decoded again")
        .isEqualTo(2);
    assertThat(again.report().metadataReads().dataManifests().fromStorage())
        .as("both columns' bounds are kept now")
        .isZero();
  }

  /** Plans {@code column} between two files' bounds, checked against the plan from storage. */
  private static ScanPlan plan(LoadedTable table, MetadataCache cache, String column) {
    TableScan scan =
        TableScan.of(table)
            .filter(
                Expression.and(
                    Expression.greaterThanOrEqual(column, 5L * 100),
                    Expression.lessThan(column, 7L * 100)));
    ScanPlan fromStorage = scan.plan();
    ScanPlan cached = scan.metadataCache(cache).plan();
    assertThat(cached.files()).as("planned through the cache").isEqualTo(fromStorage.files());
    assertThat(fromStorage.files()).as("files 5 and 6 of each append").hasSize(4);
    return cached;
  }

  /**
   * A table of {@code columns} long columns and two appends of {@link #FILES} files each, whose
   * column {@code cN} spans {@code [file * 100, file * 100 + 99]}; no data file exists, as planning
   * opens none.
   */
  private LoadedTable table(String name, int columns) {
    List<Types.NestedField> fields = new ArrayList<>();
    for (int column = 1; column <= columns; column++) {
      fields.add(Types.NestedField.optional(column, "c" + column, Types.LongType.get()));
    }
    Schema schema = new Schema(fields);
    String location = directory.resolve(name).toString();
    Table table =
        new HadoopTables(new Configuration())
            .create(
                schema,
                PartitionSpec.unpartitioned(),
                Map.of(TableProperties.FORMAT_VERSION, "2"),
                location);
    for (int append = 0; append < 2; append++) {
      AppendFiles files = table.newFastAppend();
      for (int file = 0; file < FILES; file++) {
        files.appendFile(dataFile(location, columns, append, file));
      }
      files.commit();
    }
    return FloePlanner.load(location);
  }

  private static DataFile dataFile(String location, int columns, int append, int file) {
    Map<Integer, Long> counts = new HashMap<>();
    Map<Integer, Long> nulls = new HashMap<>();
    Map<Integer, ByteBuffer> lower = new HashMap<>();
    Map<Integer, ByteBuffer> upper = new HashMap<>();
    for (int column = 1; column <= columns; column++) {
      counts.put(column, 100L);
      nulls.put(column, 0L);
      lower.put(column, longBytes(file * 100L));
      upper.put(column, longBytes(file * 100L + 99));
    }
    return DataFiles.builder(PartitionSpec.unpartitioned())
        .withPath(location + "/data/a" + append + "-f" + file + ".parquet")
        .withFileSizeInBytes(1000)
        .withFormat("parquet")
        .withMetrics(new Metrics(100L, null, counts, nulls, null, lower, upper))
        .build();
  }

  private static ByteBuffer longBytes(long value) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, value);
  }
}
