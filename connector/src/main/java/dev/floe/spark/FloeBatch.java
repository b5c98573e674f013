package dev.floe.spark;

import dev.floe.io.FileIO;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.ScanTaskGroup;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;

/** The planned task groups as Spark input partitions, each with its tasks serialized. */
final class FloeBatch implements Batch {
  private final List<ScanTaskGroup> groups;
  private final TaskConstants constants;
  private final ScanContext context;
  private final Broadcast<FileIO> io;

  FloeBatch(
      List<ScanTaskGroup> groups,
      TaskConstants constants,
      ScanContext context,
      Broadcast<FileIO> io) {
    this.groups = List.copyOf(groups);
    this.constants = constants;
    this.context = context;
    this.io = io;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    InputPartition[] partitions = new InputPartition[groups.size()];
    for (int index = 0; index < groups.size(); index++) {
      List<ReadTask> tasks = new ArrayList<>();
      for (FileScanTask task : groups.get(index).tasks()) {
        tasks.add(new ReadTask(task, constants.of(task, context.readSchema())));
      }
      partitions[index] = new FloeInputPartition(TaskCodec.encodeTasks(tasks), tasks.size());
    }
    return partitions;
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new FloePartitionReaderFactory(io, TaskCodec.encodeContext(context));
  }
}
