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
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Returns one partial-aggregate row: either the row answered on the driver, or the counts of its
 * files' live rows, made on first use. Counting from delete files loads each file's position
 * deletes (deletion vectors never come here: metadata answers them) and subtracts their cardinality
 * from {@code record_count}; counting rows reads each split through the same four stages as a scan
 * ({@link TaskReader}), so deletes and the residual filter apply exactly as they do to the rows
 * Spark would otherwise count.
 */
final class AggregatePartitionReader implements PartitionReader<InternalRow> {
  private final Counter counter;
  private final CountingFileIO io;
  private InternalRow row;
  private boolean returned;

  /** Computes the row when first asked. */
  private interface Counter {
    InternalRow count();
  }

  AggregatePartitionReader(InternalRow answered) {
    this(() -> answered, null);
  }

  /**
   * @param io the counted file access the counter reads through, or null when it reads none
   */
  private AggregatePartitionReader(Counter counter, CountingFileIO io) {
    this.counter = counter;
    this.io = io;
  }

  /**
   * @param readRows whether to count by reading rows (else from position delete files)
   * @param countColumns per function, the projected column it counts, or -1 for {@code COUNT(*)}
   */
  static AggregatePartitionReader counting(
      FileIO io, ScanContext context, List<ReadTask> tasks, boolean readRows, int[] countColumns) {
    CountingFileIO counted = new CountingFileIO(io);
    return new AggregatePartitionReader(
        () -> {
          TaskOpener opener = TaskOpener.of(counted, context);
          long[] counts = new long[countColumns.length];
          for (ReadTask task : tasks) {
            try {
              if (readRows) {
                countRows(opener, task, countColumns, counts);
              } else {
                countFromDeleteFiles(opener.deletes(), task, countColumns, counts);
              }
            } catch (FloeException failure) {
              throw opener.located(failure, task);
            }
          }
          Object[] values = new Object[counts.length];
          for (int index = 0; index < counts.length; index++) {
            values[index] = counts[index];
          }
          return new GenericInternalRow(values);
        },
        counted);
  }

  private static void countFromDeleteFiles(
      DeleteLoader deletes, ReadTask task, int[] countColumns, long[] counts) {
    TaskDeletes loaded = deletes.load(task.task().file(), task.task().deletes());
    if (!loaded.equalityDeletes().isEmpty()) {
      throw new IllegalStateException(
          "Equality deletes apply to "
              + task.task().file().location()
              + ": its rows must be read to count them");
    }
    long live = task.task().file().recordCount() - loaded.positions().cardinality();
    for (int index = 0; index < countColumns.length; index++) {
      if (countColumns[index] >= 0) {
        throw new IllegalStateException(
            "A column's values cannot be counted from delete files: "
                + task.task().file().location());
      }
      counts[index] += live;
    }
  }

  private static void countRows(
      TaskOpener opener, ReadTask task, int[] countColumns, long[] counts) {
    try (TaskReader reader = opener.openWholeResidual(task)) {
      while (reader.hasNext()) {
        ColumnarBatch batch = reader.next();
        int rows = batch.numRows();
        for (int index = 0; index < countColumns.length; index++) {
          counts[index] +=
              countColumns[index] < 0 ? rows : nonNull(batch.column(countColumns[index]), rows);
        }
      }
    }
  }

  private static long nonNull(ColumnVector vector, int rows) {
    if (!vector.hasNull()) {
      return rows;
    }
    long nonNull = 0;
    for (int row = 0; row < rows; row++) {
      if (!vector.isNullAt(row)) {
        nonNull++;
      }
    }
    return nonNull;
  }

  @Override
  public boolean next() {
    if (returned) {
      return false;
    }
    row = counter.count();
    returned = true;
    return true;
  }

  @Override
  public InternalRow get() {
    if (row == null) {
      throw new NoSuchElementException("No current row: call next() first");
    }
    return row;
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
