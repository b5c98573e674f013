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
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;

/**
 * Returns the partial-aggregate rows of one input partition: either the row answered on the driver,
 * or those of its files, made as Spark asks for them. Counting from delete files loads each file's
 * position deletes (deletion vectors never come here: metadata answers them) and subtracts their
 * cardinality from {@code record_count}; aggregating rows reads each split through the same four
 * stages as a scan ({@link TaskReader}), so deletes and the residual filter apply exactly as they
 * do to the rows Spark would otherwise aggregate, and folds its batches into a {@link
 * RowAggregation} one at a time. A partial sum the aggregation sets aside is handed to Spark before
 * the next batch is read, so the rows held at once stay within a batch's, however many the sums
 * need.
 */
final class AggregatePartitionReader implements PartitionReader<InternalRow> {
  private final Folding folding;
  private final CountingFileIO io;
  private final Deque<InternalRow> ready = new ArrayDeque<>();
  private InternalRow current;
  private boolean finished;

  AggregatePartitionReader(InternalRow answered) {
    this(null, null);
    ready.add(answered);
    finished = true;
  }

  /**
   * @param io the counted file access the folding reads through, or null when it reads none
   */
  private AggregatePartitionReader(Folding folding, CountingFileIO io) {
    this.folding = folding;
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
        new Folding(counted, context, tasks, readRows, functions), counted);
  }

  /** Folds a partition's files into one aggregation, a batch (or a counted file) at a time. */
  private static final class Folding implements AutoCloseable {
    private final CountingFileIO io;
    private final ScanContext context;
    private final Iterator<ReadTask> tasks;
    private final boolean readRows;
    private final AggregateFunctions functions;
    private TaskOpener opener;
    private RowAggregation aggregation;
    private ReadTask task;
    private TaskReader reader;

    Folding(
        CountingFileIO io,
        ScanContext context,
        List<ReadTask> tasks,
        boolean readRows,
        AggregateFunctions functions) {
      this.io = io;
      this.context = context;
      this.tasks = List.copyOf(tasks).iterator();
      this.readRows = readRows;
      this.functions = functions;
    }

    RowAggregation aggregation() {
      if (aggregation == null) {
        opener = TaskOpener.of(io, context);
        aggregation = functions.aggregation(context);
      }
      return aggregation;
    }

    /** Folds in one more batch or counted file; false once every file is folded in. */
    boolean foldMore() {
      RowAggregation into = aggregation();
      try {
        while (true) {
          if (reader != null) {
            if (reader.hasNext()) {
              into.add(reader.next());
              return true;
            }
            reader.close();
            reader = null;
          }
          if (!tasks.hasNext()) {
            return false;
          }
          task = tasks.next();
          if (!readRows) {
            countFromDeleteFiles(opener.deletes(), task, into);
            return true;
          }
          reader = opener.openWholeResidual(task);
        }
      } catch (FloeException failure) {
        throw opener.located(failure, task);
      }
    }

    @Override
    public void close() {
      if (reader != null) {
        reader.close();
        reader = null;
      }
    }
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

  @Override
  public boolean next() {
    while (ready.isEmpty() && !finished) {
      boolean folded = folding.foldMore();
      ready.addAll(folding.aggregation().takeSetAside());
      if (!folded) {
        ready.add(folding.aggregation().result());
        finished = true;
      }
    }
    current = ready.poll();
    return current != null;
  }

  @Override
  public InternalRow get() {
    if (current == null) {
      throw new NoSuchElementException("No current row: call next() first");
    }
    return current;
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return new CustomTaskMetric[] {
      new FloeMetrics.Value(FloeMetrics.BYTES_READ, io == null ? 0 : io.bytesRead())
    };
  }

  @Override
  public void close() {
    if (folding != null) {
      folding.close();
    }
  }
}
