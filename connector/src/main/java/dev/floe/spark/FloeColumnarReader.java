package dev.floe.spark;

import dev.floe.io.CloseableIterator;
import dev.floe.io.FileIO;
import dev.floe.spark.read.DataFileReaders;
import dev.floe.table.NameMapping;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** Reads an input partition's tasks one after the other, handing each batch to Spark. */
final class FloeColumnarReader implements PartitionReader<ColumnarBatch> {
  private final FileIO io;
  private final ScanContext context;
  private final NameMapping nameMapping;
  private final List<ReadTask> tasks;
  private int nextTask;
  private CloseableIterator<ColumnarBatch> current;
  private ColumnarBatch batch;
  private long splitsRead;
  private long batchesRead;

  FloeColumnarReader(FileIO io, ScanContext context, List<ReadTask> tasks) {
    this.io = io;
    this.context = context;
    this.nameMapping = context.nameMapping();
    this.tasks = List.copyOf(tasks);
  }

  @Override
  public boolean next() {
    while (current == null || !current.hasNext()) {
      closeCurrent();
      if (nextTask >= tasks.size()) {
        batch = null;
        return false;
      }
      ReadTask task = tasks.get(nextTask++);
      current = DataFileReaders.open(io, task.request(context, nameMapping));
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
      new FloeMetrics.Value(FloeMetrics.BATCHES_READ, batchesRead)
    };
  }

  @Override
  public void close() {
    closeCurrent();
  }

  private void closeCurrent() {
    if (current != null) {
      CloseableIterator<ColumnarBatch> closing = current;
      current = null;
      closing.close();
    }
  }
}
