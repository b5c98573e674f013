package dev.floe.spark.aggregate;

import dev.floe.aggregate.AggregatePlan;
import dev.floe.io.FileIO;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.ScanPlan;
import dev.floe.scan.ScanReport;
import dev.floe.scan.ScanTaskGroup;
import dev.floe.scan.TableScan;
import dev.floe.scan.codec.TaskCodec;
import dev.floe.scan.task.ReadTask;
import dev.floe.scan.task.ScanContext;
import dev.floe.scan.task.TaskConstants;
import dev.floe.spark.convert.SparkRowValues;
import dev.floe.spark.convert.SparkSchemas;
import dev.floe.spark.exec.FileIOBroadcast;
import dev.floe.spark.exec.SparkParallelism;
import dev.floe.spark.metrics.FloeMetrics;
import dev.floe.table.LoadedTable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructType;

/**
 * A scan that returns partial aggregates instead of rows: one row with what the manifests answer
 * exactly, then the rows of each input partition of files aggregated on executors (counted from
 * their position delete files, or aggregated from their rows: for sums, and where equality deletes,
 * the residual filter or missing statistics need them). Spark combines the partial results. The
 * metadata row is always there, so a table without files counts 0.
 */
public final class FloeAggregateScan implements Scan, Batch {
  private final SparkSession spark;
  private final LoadedTable table;
  private final ScanContext context;
  private final TableScan scan;
  private final ScanReport report;
  private final AggregatePlan plan;

  public FloeAggregateScan(
      SparkSession spark,
      LoadedTable table,
      ScanContext context,
      TableScan scan,
      ScanReport report,
      AggregatePlan plan) {
    this.spark = spark;
    this.table = table;
    this.context = context;
    this.scan = scan;
    this.report = report;
    this.plan = plan;
  }

  @Override
  public StructType readSchema() {
    return SparkSchemas.toSpark(plan.aggregate().resultSchema());
  }

  @Override
  public String description() {
    return report.describe(table.name())
        + " aggregate="
        + plan.aggregate().describe()
        + " "
        + plan.describeFiles();
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    int parallelism = SparkParallelism.of(spark);
    TaskConstants constants = new TaskConstants(table.metadata(), context.projection());
    List<InputPartition> partitions = new ArrayList<>();
    partitions.add(
        AggregateInputPartition.answered(
            SparkRowValues.toRow(plan.aggregate().resultSchema(), plan.metadataPartial())));
    for (List<FileScanTask> files : roundRobin(plan.deleteFileTasks(), parallelism)) {
      partitions.add(
          AggregateInputPartition.countDeleteFiles(
              TaskCodec.encodeTasks(readTasks(files, constants))));
    }
    if (!plan.rowTasks().isEmpty()) {
      ScanPlan rows = new ScanPlan(plan.rowTasks(), report);
      for (ScanTaskGroup group : scan.planGroups(rows, parallelism).groups()) {
        partitions.add(
            AggregateInputPartition.countRows(
                TaskCodec.encodeTasks(readTasks(group.tasks(), constants))));
      }
    }
    return partitions.toArray(new InputPartition[0]);
  }

  private List<ReadTask> readTasks(List<FileScanTask> files, TaskConstants constants) {
    List<ReadTask> tasks = new ArrayList<>(files.size());
    for (FileScanTask task : files) {
      tasks.add(new ReadTask(task, constants.of(task, context.readSchema())));
    }
    return tasks;
  }

  /** Files spread over at most {@code groups} lists, their order kept within each. */
  private static List<List<FileScanTask>> roundRobin(List<FileScanTask> files, int groups) {
    List<List<FileScanTask>> spread = new ArrayList<>();
    for (int index = 0; index < files.size(); index++) {
      if (index < groups) {
        spread.add(new ArrayList<>());
      }
      spread.get(index % groups).add(files.get(index));
    }
    return spread;
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    if (plan.isComplete()) {
      return AggregateReaderFactory.answeredFromMetadata();
    }
    FileIO io = table.io();
    FileIOBroadcast broadcastIO = FileIOBroadcast.of(spark, io);
    return new AggregateReaderFactory(
        broadcastIO, TaskCodec.encodeContext(context), AggregateFunctions.of(plan, context));
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return FloeMetrics.supported();
  }

  @Override
  public CustomTaskMetric[] reportDriverMetrics() {
    return FloeMetrics.driverValues(report, plan);
  }
}
