package dev.floe.spark.aggregate;

import dev.floe.FloeException;
import dev.floe.io.FileIO;
import dev.floe.scan.task.ReadTask;
import dev.floe.scan.task.ScanContext;
import dev.floe.spark.deletes.DeleteLoader;
import dev.floe.spark.deletes.TaskDeletes;
import dev.floe.spark.exec.CountingFileIO;
import dev.floe.spark.exec.TaskOpener;
import dev.floe.spark.exec.TaskReader;
import dev.floe.spark.metrics.FloeMetrics;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;

/**
 * Returns the partial-aggregate rows of one input partition: either the row answered on the driver,
 * or those of its files, made on first use. Counting from delete files loads each file's position
 * deletes (deletion vectors never come here: metadata answers them) and subtracts their cardinality
 * from {@code record_count}; aggregating rows reads each split through the same four stages as a
 * scan ({@link TaskReader}), so deletes and the residual filter apply exactly as they do to the
 * rows Spark would otherwise aggregate, and folds its batches into a {@link RowAggregation}.
 */
final class AggregatePartitionReader implements PartitionReader<InternalRow> {
  private final Aggregator aggregator;
  private final CountingFileIO io;
  private List<InternalRow> rows;
  private int next;

  /** Computes the rows when first asked. */
  private interface Aggregator {
    List<InternalRow> rows();
  }

  AggregatePartitionReader(InternalRow answered) {
    this(() -> List.of(answered), null);
  }

  /**
   * @param io the counted file access the aggregator reads through, or null when it reads none
   */
  private AggregatePartitionReader(Aggregator aggregator, CountingFileIO io) {
    this.aggregator = aggregator;
    this.io = io;
  }

  /**
   * @param readRows whether to aggregate rows (else count from position delete files)
   * @param functions what each pushed function computes, and from which projected column
   */
  static AggregatePartitionReader aggregating(
      FileIO io,
      ScanContext context,
      List<ReadTask> tasks,
      boolean readRows,
      AggregateFunctions functions) {
    CountingFileIO counted = new CountingFileIO(io);
    return new AggregatePartitionReader(
        () -> {
          TaskOpener opener = TaskOpener.of(counted, context);
          RowAggregation aggregation = functions.aggregation(context);
          for (ReadTask task : tasks) {
            try {
              if (readRows) {
                aggregateRows(opener, task, aggregation);
              } else {
                countFromDeleteFiles(opener.deletes(), task, aggregation);
              }
            } catch (FloeException failure) {
              throw opener.located(failure, task);
            }
          }
          return aggregation.rows();
        },
        counted);
  }

  private static void countFromDeleteFiles(
      DeleteLoader deletes, ReadTask task, RowAggregation aggregation) {
    TaskDeletes loaded = deletes.load(task.task().file(), task.task().deletes());
    if (!loaded.equalityDeletes().isEmpty()) {
      throw new IllegalStateException(
          "Equality deletes apply to "
              + task.task().file().location()
              + ": its rows must be read to count them");
    }
    aggregation.addCountedRows(task.task().file().recordCount() - loaded.positions().cardinality());
  }

  private static void aggregateRows(TaskOpener opener, ReadTask task, RowAggregation aggregation) {
    try (TaskReader reader = opener.openWholeResidual(task)) {
      while (reader.hasNext()) {
        aggregation.add(reader.next());
      }
    }
  }

  @Override
  public boolean next() {
    if (rows == null) {
      rows = aggregator.rows();
    } else {
      next++;
    }
    return next < rows.size();
  }

  @Override
  public InternalRow get() {
    if (rows == null || next >= rows.size()) {
      throw new NoSuchElementException("No current row: call next() first");
    }
    return rows.get(next);
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return new CustomTaskMetric[] {
      new FloeMetrics.Value(FloeMetrics.BYTES_READ, io == null ? 0 : io.bytesRead())
    };
  }

  @Override
  public void close() {}
}
