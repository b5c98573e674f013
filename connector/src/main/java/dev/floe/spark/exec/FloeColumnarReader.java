package dev.floe.spark.exec;

import dev.floe.FloeException;
import dev.floe.io.FileIO;
import dev.floe.scan.task.ReadTask;
import dev.floe.scan.task.ScanContext;
import dev.floe.spark.metrics.FloeMetrics;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads an input partition's tasks one after the other, handing each batch to Spark; see {@link
 * TaskReader} for the stages of one task.
 */
final class FloeColumnarReader implements PartitionReader<ColumnarBatch> {
  private final CountingFileIO io;
  private final TaskOpener opener;
  private final List<ReadTask> tasks;
  private int nextTask;
  private TaskReader current;
  private ReadTask currentTask;
  private ColumnarBatch batch;
  private long splitsRead;
  private long batchesRead;
  private long deletedRowsOfClosedTasks;

  FloeColumnarReader(FileIO io, ScanContext context, List<ReadTask> tasks) {
    this.io = new CountingFileIO(io);
    this.opener = TaskOpener.of(this.io, context);
    this.tasks = List.copyOf(tasks);
  }

  /** The next batch; a failure names the table and the task's data file. */
  @Override
  public boolean next() {
    try {
      return advance();
    } catch (FloeException failure) {
      batch = null;
      throw opener.located(failure, currentTask);
    }
  }

  private boolean advance() {
    while (current == null || !current.hasNext()) {
      closeCurrent();
      if (nextTask >= tasks.size()) {
        batch = null;
        return false;
      }
      currentTask = tasks.get(nextTask++);
      current = opener.open(currentTask);
      splitsRead++;
    }
    batch = current.next();
    batchesRead++;
    return true;
  }

  @Override
  public ColumnarBatch get() {
    if (batch == null) {
      throw new NoSuchElementException("No current batch: call next() first");
    }
    return batch;
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return new CustomTaskMetric[] {
      new FloeMetrics.Value(FloeMetrics.SPLITS_READ, splitsRead),
      new FloeMetrics.Value(FloeMetrics.BATCHES_READ, batchesRead),
      new FloeMetrics.Value(
          FloeMetrics.DELETED_ROWS,
          deletedRowsOfClosedTasks + (current == null ? 0 : current.deletedRows())),
      new FloeMetrics.Value(FloeMetrics.BYTES_READ, io.bytesRead())
    };
  }

  @Override
  public void close() {
    closeCurrent();
  }

  private void closeCurrent() {
    if (current != null) {
      TaskReader closing = current;
      current = null;
      deletedRowsOfClosedTasks += closing.deletedRows();
      closing.close();
    }
  }
}
