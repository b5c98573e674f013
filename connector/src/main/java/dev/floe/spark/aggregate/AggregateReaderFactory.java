package dev.floe.spark.aggregate;

import dev.floe.io.FileIO;
import dev.floe.scan.codec.TaskCodec;
import dev.floe.scan.task.ScanContext;
import dev.floe.spark.exec.FileIOBroadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/** Opens the reader of an aggregate scan's input partition (its partial rows) on an executor. */
final class AggregateReaderFactory implements PartitionReaderFactory {
  private static final long serialVersionUID = 1L;

  private final FileIOBroadcast io;
  private final byte[] context;
  private final AggregateFunctions functions;

  AggregateReaderFactory(FileIOBroadcast io, byte[] context, AggregateFunctions functions) {
    this.io = io;
    this.context = context.clone();
    this.functions = functions;
  }

  /**
   * The factory of a plan whose manifests answer every file: its one partition needs no file
   * access, so no {@link FileIO} is broadcast for it.
   */
  static PartitionReaderFactory answeredFromMetadata() {
    return new AnsweredFromMetadata();
  }

  private static final class AnsweredFromMetadata implements PartitionReaderFactory {
    private static final long serialVersionUID = 1L;

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
      AggregateInputPartition aggregate = (AggregateInputPartition) partition;
      if (aggregate.source() != AggregateInputPartition.Source.METADATA) {
        throw new IllegalStateException(
            "An aggregate answered from metadata got a partition to count from "
                + aggregate.source());
      }
      return new AggregatePartitionReader(aggregate.answer());
    }
  }

  @Override
  public PartitionReader<InternalRow> createReader(InputPartition partition) {
    AggregateInputPartition aggregate = (AggregateInputPartition) partition;
    switch (aggregate.source()) {
      case METADATA:
        return new AggregatePartitionReader(aggregate.answer());
      case DELETE_FILES:
      case ROWS:
        ScanContext scanContext = TaskCodec.decodeContext(context);
        return AggregatePartitionReader.aggregating(
            io.value(),
            scanContext,
            TaskCodec.decodeTasks(aggregate.tasks(), scanContext),
            aggregate.source() == AggregateInputPartition.Source.ROWS,
            functions);
    }
    throw new IllegalStateException("Unknown aggregate partition " + aggregate.source());
  }
}
