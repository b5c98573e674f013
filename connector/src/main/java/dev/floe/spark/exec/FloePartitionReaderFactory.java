package dev.floe.spark.exec;

import dev.floe.scan.codec.TaskCodec;
import dev.floe.scan.task.ScanContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** Opens the columnar reader of an input partition on an executor; Floe reads only columnar. */
public final class FloePartitionReaderFactory implements PartitionReaderFactory {
  private static final long serialVersionUID = 1L;

  private final FileIOBroadcast io;
  private final byte[] context;

  public FloePartitionReaderFactory(FileIOBroadcast io, byte[] context) {
    this.io = io;
    this.context = context.clone();
  }

  @Override
  public boolean supportColumnarReads(InputPartition partition) {
    return true;
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    throw new UnsupportedOperationException(
        "Floe reads columnar batches only; Spark asked for rows of " + partition);
  }

  @Override
  public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
    FloeInputPartition floePartition = (FloeInputPartition) partition;
    ScanContext scanContext = TaskCodec.decodeContext(context);
    return new FloeColumnarReader(
        io.value(), scanContext, TaskCodec.decodeTasks(floePartition.tasks(), scanContext));
  }
}
