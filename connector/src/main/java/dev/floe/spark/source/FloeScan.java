package dev.floe.spark.source;

import dev.floe.InvalidRequestException;
import dev.floe.expr.Expression;
import dev.floe.io.FileIO;
import dev.floe.scan.ScanReport;
import dev.floe.scan.ScanTaskGroup;
import dev.floe.scan.task.ScanContext;
import dev.floe.scan.task.TaskConstants;
import dev.floe.spark.convert.SparkSchemas;
import dev.floe.spark.exec.FileIOBroadcast;
import dev.floe.spark.metrics.FloeMetrics;
import dev.floe.table.LoadedTable;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.SupportsReportStatistics;
import org.apache.spark.sql.connector.read.SupportsRuntimeV2Filtering;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.types.StructType;

/**
 * A planned scan: its task groups, the report of how they were planned (shown by {@code EXPLAIN}
 * through {@link #description()} and in Spark's UI through the driver metrics), and row and byte
 * estimates from the files left to read.
 */
public final class FloeScan implements SupportsReportStatistics, SupportsRuntimeV2Filtering {
  private final SparkSession spark;
  private final LoadedTable table;
  private final ScanContext context;
  private Planned planned;
  private RuntimeFiltering runtimeFiltering;
  private final StreamSource stream;

  /**
   * What a stream of the scanned table needs beyond the scan: how to load the table again, the read
   * options and the streaming options.
   */
  record StreamSource(
      FloeTable table, FloeReadOptions readOptions, StreamingReadOptions streamingOptions) {}

  /**
   * What planning produced.
   *
   * @param targetSize the weight in bytes the groups were filled to (the split target size, or less
   *     for a small scan)
   * @param limit the row limit whose rows the groups were cut to hold, when there was one
   * @param appends the commits an incremental read covers ({@link IncrementalRange}), when it is
   *     one
   */
  record Planned(
      ScanReport report,
      List<ScanTaskGroup> groups,
      long targetSize,
      boolean prunesByColumnBounds,
      Expression filter,
      Optional<Integer> limit,
      Optional<IncrementalRange> appends) {
    Planned {
      Objects.requireNonNull(report, "report");
      groups = List.copyOf(groups);
      Objects.requireNonNull(filter, "filter");
      Objects.requireNonNull(limit, "limit");
      Objects.requireNonNull(appends, "appends");
    }

    int splits() {
      return groups.stream().mapToInt(group -> group.tasks().size()).sum();
    }
  }

  FloeScan(
      SparkSession spark,
      LoadedTable table,
      ScanContext context,
      Planned planned,
      StreamSource stream) {
    this.spark = spark;
    this.table = table;
    this.context = context;
    this.planned = planned;
    this.stream = stream;
  }

  @Override
  public StructType readSchema() {
    return SparkSchemas.toSpark(context.projection());
  }

  @Override
  public String description() {
    ScanReport report = planned.report();
    return report.describe(table.name())
        + planned.appends().map(range -> " appends=" + range).orElse("")
        + " resultFiles="
        + report.resultFiles()
        + " splits="
        + planned.splits()
        + " partitions="
        + planned.groups().size()
        + " targetSize="
        + planned.targetSize()
        + planned.limit().map(limit -> " limit=" + limit).orElse("")
        + (runtimeFiltering == null ? "" : " " + runtimeFiltering.describe());
  }

  /**
   * Every top-level column with ordered values: Spark may filter on partition source columns
   * (dynamic partition pruning) and, beyond them, on any column whose file bounds can rule out
   * files.
   */
  @Override
  public NamedReference[] filterAttributes() {
    return RuntimeFiltering.filterableColumns(
        context.readSchema(),
        context.projection(),
        table.metadata().specs(),
        planned.prunesByColumnBounds());
  }

  /**
   * Drops the planned splits whose files cannot hold a row matching {@code predicates}, judged by
   * their partition values and column bounds. Spark calls this once the build side of a join is
   * known, before asking for the input partitions.
   */
  @Override
  public void filter(Predicate[] predicates) {
    RuntimeFiltering filtering =
        RuntimeFiltering.of(
            context.readSchema(), table.metadata().specsById(), predicates, planned.splits());
    if (filtering == null) {
      return;
    }
    List<ScanTaskGroup> kept = filtering.keep(planned.groups());
    this.runtimeFiltering = filtering.after(kept);
    this.planned =
        new Planned(
            planned.report(),
            kept,
            planned.targetSize(),
            planned.prunesByColumnBounds(),
            planned.filter(),
            planned.limit(),
            planned.appends());
  }

  @Override
  public Batch toBatch() {
    FileIO io = table.io();
    FileIOBroadcast broadcastIO = FileIOBroadcast.of(spark, io);
    return new FloeBatch(
        planned.groups(),
        new TaskConstants(table.metadata(), context.projection()),
        context,
        broadcastIO);
  }

  /**
   * A stream of the table's appends from the snapshot the streaming options choose; the table must
   * be read at its current state (no snapshot selector), since a stream follows its history.
   *
   * @throws InvalidRequestException when the table was read at a chosen snapshot
   */
  @Override
  public MicroBatchStream toMicroBatchStream(String checkpointLocation) {
    List<String> selection = new java.util.ArrayList<>(stream.readOptions().selection());
    if (stream.readOptions().appends() != null) {
      selection.add("appends " + stream.readOptions().appends());
    }
    if (!selection.isEmpty()) {
      throw new InvalidRequestException(
          "Cannot stream table "
              + table.name()
              + " at "
              + String.join(", ", selection)
              + ": a stream follows the table's history from its oldest snapshot or from "
              + StreamingReadOptions.STREAM_FROM_TIMESTAMP
              + "; drop the snapshot selector (or start-snapshot-id, which chooses an incremental"
              + " batch read)");
    }
    return new FloeMicroBatchStream(
        new FloeMicroBatchStream.Source(
            spark,
            table,
            stream.table().refresher(),
            stream.readOptions(),
            stream.streamingOptions(),
            context),
        checkpointLocation);
  }

  @Override
  public Statistics estimateStatistics() {
    ScanReport report = planned.report();
    return new Estimate(report.resultBytes(), report.resultRecords());
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return FloeMetrics.supported();
  }

  @Override
  public CustomTaskMetric[] reportDriverMetrics() {
    return FloeMetrics.driverValues(
        planned.report(), planned.groups().size(), planned.targetSize());
  }

  ScanReport report() {
    return planned.report();
  }

  /** Bytes and rows of the files left to read; rows before deletes, so an upper bound. */
  private record Estimate(long bytes, long rows) implements Statistics {
    @Override
    public OptionalLong sizeInBytes() {
      return OptionalLong.of(bytes);
    }

    @Override
    public OptionalLong numRows() {
      return OptionalLong.of(rows);
    }
  }
}
