package dev.floe.spark.source;

import dev.floe.scan.ScanTaskGroup;
import dev.floe.scan.codec.TaskCodec;
import dev.floe.scan.task.ScanContext;
import dev.floe.scan.task.TaskConstants;
import dev.floe.spark.exec.FileIOBroadcast;
import dev.floe.spark.exec.FloeInputPartition;
import dev.floe.spark.exec.FloePartitionReaderFactory;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/**
 * The planned task groups as Spark input partitions, each encoding its tasks when Spark ships it
 * ({@link FloeInputPartition}). Two batches of the same tasks and read context are equal, so that
 * Spark sees two scans of the same table state as one (it reuses a broadcast of it, which dynamic
 * partition pruning waits for).
 */
final class FloeBatch implements Batch {
  private final List<ScanTaskGroup> groups;
  private final TaskConstants constants;
  private final ScanContext context;
  private final byte[] encodedContext;
  private final FileIOBroadcast io;

  FloeBatch(
      List<ScanTaskGroup> groups,
      TaskConstants constants,
      ScanContext context,
      FileIOBroadcast io) {
    this.groups = List.copyOf(groups);
    this.constants = constants;
    this.context = context;
    this.encodedContext = TaskCodec.encodeContext(context);
    this.io = io;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FloeBatch batch
        && groups.equals(batch.groups)
        && Arrays.equals(encodedContext, batch.encodedContext);
  }

  @Override
  public int hashCode() {
    return 31 * groups.hashCode() + Arrays.hashCode(encodedContext);
  }

  @Override
  public InputPartition[] planInputPartitions() {
    InputPartition[] partitions = new InputPartition[groups.size()];
    for (int index = 0; index < groups.size(); index++) {
      partitions[index] =
          new FloeInputPartition(groups.get(index), constants, context.readSchema());
    }
    return partitions;
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new FloePartitionReaderFactory(io, encodedContext);
  }
}
