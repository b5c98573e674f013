package dev.floe.spark.source;

import dev.floe.scan.ChangeGroup;
import dev.floe.scan.ChangelogScan;
import dev.floe.scan.TableScan;
import dev.floe.scan.codec.TaskCodec;
import dev.floe.scan.task.ScanContext;
import dev.floe.scan.task.TaskConstants;
import dev.floe.spark.convert.SparkSchemas;
import dev.floe.spark.exec.FileIOBroadcast;
import dev.floe.spark.exec.FloeInputPartition;
import dev.floe.spark.exec.FloePartitionReaderFactory;
import dev.floe.spark.exec.SparkParallelism;
import dev.floe.table.LoadedTable;
import dev.floe.table.MetadataColumns;
import dev.floe.table.NestedField;
import dev.floe.table.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The scan of a {@link FloeChangelogTable}: plans the range's changes once ({@link ChangelogScan}),
 * packs each commit's inserted and deleted files into task groups of their own, and reads them with
 * the batch reader, whose tasks produce the change columns as constants. Spark evaluates every
 * filter after the scan; only the columns it asks for are read.
 */
final class FloeChangelogScan implements ScanBuilder, SupportsPushDownRequiredColumns, Scan, Batch {
  private final SparkSession spark;
  private final LoadedTable table;
  private final FloeReadOptions options;
  private final Long fromExclusive;
  private final Long toInclusive;
  private Schema projection;
  private List<ChangeGroup> groups;

  FloeChangelogScan(
      SparkSession spark,
      LoadedTable table,
      FloeReadOptions options,
      Long fromExclusive,
      Long toInclusive) {
    this.spark = spark;
    this.table = table;
    this.options = options;
    this.fromExclusive = fromExclusive;
    this.toInclusive = toInclusive;
    this.projection = FloeChangelogTable.schema(table.metadata().schema());
  }

  @Override
  public void pruneColumns(StructType required) {
    Schema all = FloeChangelogTable.schema(table.metadata().schema());
    List<NestedField> kept = new ArrayList<>();
    for (StructField field : required.fields()) {
      NestedField column = all.findField(field.name());
      if (column != null) {
        kept.add(column);
      }
    }
    projection = new Schema(all.schemaId(), kept, all.identifierFieldIds());
  }

  @Override
  public Scan build() {
    TableScan scan =
        options.newScan(table).caseSensitive(spark.sessionState().conf().caseSensitiveAnalysis());
    groups =
        ChangelogScan.of(scan, fromExclusive, toInclusive)
            .planGroups(scan.splitSettings(), SparkParallelism.of(spark));
    return this;
  }

  @Override
  public StructType readSchema() {
    return SparkSchemas.toSpark(projection);
  }

  @Override
  public String description() {
    return "Floe changes of "
        + table.name()
        + " after "
        + (fromExclusive == null ? "the first commit" : "snapshot " + fromExclusive)
        + " up to "
        + (toInclusive == null ? "the current snapshot" : "snapshot " + toInclusive)
        + " partitions="
        + groups.size();
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    TaskConstants constants = new TaskConstants(table.metadata(), projection);
    InputPartition[] partitions = new InputPartition[groups.size()];
    for (int index = 0; index < groups.size(); index++) {
      ChangeGroup change = groups.get(index);
      partitions[index] =
          new FloeInputPartition(
              change.group(),
              constants,
              table.metadata().schema(),
              Map.of(
                  MetadataColumns.CHANGE_TYPE_ID, change.type().name(),
                  MetadataColumns.CHANGE_ORDINAL_ID, change.ordinal(),
                  MetadataColumns.COMMIT_SNAPSHOT_ID_ID, change.commitSnapshotId()),
              change::priorDeletes);
    }
    return partitions;
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    ScanContext context = options.scanContext(table, table.metadata().schema(), projection);
    return new FloePartitionReaderFactory(
        FileIOBroadcast.of(spark, table.io()), TaskCodec.encodeContext(context));
  }
}
