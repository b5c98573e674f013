package dev.floe.spark.source;

import dev.floe.InvalidRequestException;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.ScanPlan;
import dev.floe.scan.TableScan;
import dev.floe.scan.TaskGroups;
import dev.floe.scan.task.ScanContext;
import dev.floe.scan.task.TaskConstants;
import dev.floe.spark.exec.FileIOBroadcast;
import dev.floe.spark.exec.SparkParallelism;
import dev.floe.table.LoadedTable;
import java.util.List;
import java.util.function.Supplier;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.streaming.CompositeReadLimit;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.connector.read.streaming.Offset;
import org.apache.spark.sql.connector.read.streaming.ReadLimit;
import org.apache.spark.sql.connector.read.streaming.ReadMaxFiles;
import org.apache.spark.sql.connector.read.streaming.ReadMaxRows;
import org.apache.spark.sql.connector.read.streaming.SupportsTriggerAvailableNow;

/**
 * A Structured Streaming read of a Floe table: each micro-batch reads the data files that {@code
 * append} commits added since the previous one ({@link MicroBatchPlanner} decides which), through
 * the same input partitions and readers as a batch read, so deletes, projection and metadata
 * columns read the same. The table is loaded again whenever Spark asks for the latest offset.
 */
final class FloeMicroBatchStream implements MicroBatchStream, SupportsTriggerAvailableNow {
  private final SparkSession spark;
  private final Supplier<LoadedTable> refresh;
  private final FloeReadOptions readOptions;
  private final StreamingReadOptions options;
  private final ScanContext context;
  private final FileIOBroadcast io;
  private final MicroBatchPlanner planner;
  private final StreamOffset initialOffset;
  private LoadedTable table;

  /** The newest snapshot a {@code Trigger.AvailableNow} query reads, once Spark said so. */
  private Long lastSnapshotForAvailableNow;

  private boolean availableNowFindsNothing;

  /** What a stream needs from the scan Spark built it from. */
  record Source(
      SparkSession spark,
      LoadedTable table,
      Supplier<LoadedTable> refresh,
      FloeReadOptions readOptions,
      StreamingReadOptions options,
      ScanContext context) {}

  FloeMicroBatchStream(Source source, String checkpointLocation) {
    this.spark = source.spark();
    this.refresh = source.refresh();
    this.readOptions = source.readOptions();
    this.options = source.options();
    this.context = source.context();
    this.table = source.table();
    this.io = FileIOBroadcast.of(spark, table.io());
    this.planner = new MicroBatchPlanner(options, this::newScan);
    this.initialOffset =
        new InitialOffsetStore(checkpointLocation, spark.sessionState().newHadoopConf())
            .initialOffset(() -> planner.initial(refreshed().metadata()));
  }

  private TableScan newScan(LoadedTable loaded) {
    return readOptions.newScan(loaded);
  }

  private LoadedTable refreshed() {
    table = refresh.get();
    return table;
  }

  @Override
  public Offset initialOffset() {
    return initialOffset;
  }

  @Override
  public Offset latestOffset() {
    return planner.latest(refreshed());
  }

  @Override
  public Offset latestOffset(Offset start, ReadLimit limit) {
    StreamOffset from = offset(start, "start");
    if (availableNowFindsNothing) {
      return null;
    }
    return planner.next(refreshed(), from, batchLimit(limit), lastSnapshotForAvailableNow);
  }

  /**
   * Fixes the newest snapshot this query reads: the table's current one now. A table without
   * snapshots gives no batch.
   */
  @Override
  public void prepareForTriggerAvailableNow() {
    Long current = refreshed().metadata().currentSnapshotId();
    lastSnapshotForAvailableNow = current;
    availableNowFindsNothing = current == null;
  }

  @Override
  public ReadLimit getDefaultReadLimit() {
    if (options.limitsFiles() && options.limitsRows()) {
      return ReadLimit.compositeLimit(
          new ReadLimit[] {
            ReadLimit.maxFiles(options.maxFilesPerBatch()),
            ReadLimit.maxRows(options.maxRowsPerBatch())
          });
    }
    if (options.limitsFiles()) {
      return ReadLimit.maxFiles(options.maxFilesPerBatch());
    }
    if (options.limitsRows()) {
      return ReadLimit.maxRows(options.maxRowsPerBatch());
    }
    return ReadLimit.allAvailable();
  }

  /** Spark's limit as files and rows; limits Floe does not offer (minimum rows) are ignored. */
  static BatchLimit batchLimit(ReadLimit limit) {
    ReadLimit[] parts =
        limit instanceof CompositeReadLimit composite
            ? composite.getReadLimits()
            : new ReadLimit[] {limit};
    int files = Integer.MAX_VALUE;
    long rows = Integer.MAX_VALUE;
    for (ReadLimit part : parts) {
      if (part instanceof ReadMaxFiles maxFiles) {
        files = maxFiles.maxFiles();
      } else if (part instanceof ReadMaxRows maxRows) {
        rows = maxRows.maxRows();
      }
    }
    return new BatchLimit(files, rows);
  }

  @Override
  public InputPartition[] planInputPartitions(Offset start, Offset end) {
    StreamOffset from = offset(start, "start");
    StreamOffset to = offset(end, "end");
    if (!to.isBeforeFirst() && table.metadata().snapshot(to.snapshotId()) == null) {
      refreshed(); // a restarted query plans its last batch before it asks for new offsets
    }
    List<FileScanTask> files = planner.files(table, from, to);
    if (files.isEmpty()) {
      return new InputPartition[0];
    }
    ScanPlan planned = planner.anyPlan(table, to.snapshotId());
    TableScan scan = newScan(table);
    TaskGroups groups =
        scan.planGroups(new ScanPlan(files, planned.report()), SparkParallelism.of(spark));
    return batch(groups).planInputPartitions();
  }

  private FloeBatch batch(TaskGroups groups) {
    return new FloeBatch(
        groups.groups(), new TaskConstants(table.metadata(), context.projection()), context, io);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new FloeBatch(
            List.of(), new TaskConstants(table.metadata(), context.projection()), context, io)
        .createReaderFactory();
  }

  @Override
  public Offset deserializeOffset(String json) {
    return StreamOffset.fromJson(json);
  }

  @Override
  public void commit(Offset end) {}

  @Override
  public void stop() {}

  private static StreamOffset offset(Offset offset, String role) {
    if (offset instanceof StreamOffset streamOffset) {
      return streamOffset;
    }
    if (offset == null) {
      throw new InvalidRequestException("No " + role + " offset given to a Floe stream");
    }
    return StreamOffset.fromJson(offset.json());
  }

  @Override
  public String toString() {
    return "FloeMicroBatchStream(" + table.name() + ")";
  }
}
