package dev.floe.spark.exec;

import dev.floe.FileReadException;
import dev.floe.manifest.DeleteFile;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.ScanTaskGroup;
import dev.floe.scan.codec.TaskCodec;
import dev.floe.scan.task.ReadTask;
import dev.floe.scan.task.TaskConstants;
import dev.floe.table.Schema;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One reader's share of a scan: one planned task group, which reaches the executor in {@link
 * TaskCodec}'s form, so executors never read manifests. No preferred locations: object stores have
 * no locality.
 *
 * <p>On the driver the partition holds the planned group itself and encodes it only when Spark
 * serializes the partition to launch its task; the bytes are not kept. So the driver holds each
 * planned task once, as the object planning made, for as long as the scan lives, instead of also as
 * bytes: at a million files that is the difference between one copy of the plan and two.
 */
public final class FloeInputPartition implements InputPartition {
  private static final long serialVersionUID = 2L;

  /** On the driver: the group and what encoding it needs. Null once deserialized. */
  private transient ScanTaskGroup group;

  private transient TaskConstants constants;
  private transient Schema readSchema;

  /** On an executor: the encoded tasks as they arrived. Null on the driver. */
  private transient byte[] encodedTasks;

  private transient int taskCount;

  /** Values every task of this partition shares, beside each task's own constants. */
  private transient Map<Integer, Object> groupConstants;

  /** A split's prior delete files, for a changelog's task of removed rows; else null. */
  private transient Function<FileScanTask, List<DeleteFile>> priorDeletes;

  public FloeInputPartition(ScanTaskGroup group, TaskConstants constants, Schema readSchema) {
    this(group, constants, readSchema, Map.of(), split -> null);
  }

  /**
   * A partition whose tasks also produce {@code groupConstants} (field id to value), as the rows of
   * one changelog commit share their change columns; a task for which {@code priorDeletes} gives
   * delete files reads the rows its commit removed ({@link ReadTask#readsRemovedRows()}).
   */
  public FloeInputPartition(
      ScanTaskGroup group,
      TaskConstants constants,
      Schema readSchema,
      Map<Integer, Object> groupConstants,
      Function<FileScanTask, List<DeleteFile>> priorDeletes) {
    this.group = group;
    this.constants = constants;
    this.readSchema = readSchema;
    this.groupConstants = Map.copyOf(groupConstants);
    this.priorDeletes = priorDeletes;
    this.taskCount = group.tasks().size();
  }

  /** The tasks in {@link TaskCodec}'s form. */
  byte[] tasks() {
    return encodedTasks != null ? encodedTasks.clone() : encode();
  }

  int taskCount() {
    return taskCount;
  }

  private byte[] encode() {
    List<ReadTask> tasks = new ArrayList<>(group.tasks().size());
    for (FileScanTask task : group.tasks()) {
      Map<Integer, Object> values = constants.of(task, readSchema);
      if (!groupConstants.isEmpty()) {
        values = new HashMap<>(values);
        values.putAll(groupConstants);
      }
      tasks.add(new ReadTask(task, values, priorDeletes.apply(task)));
    }
    return TaskCodec.encodeTasks(tasks);
  }

  @Override
  public String[] preferredLocations() {
    return new String[0];
  }

  private void writeObject(ObjectOutputStream out) throws IOException {
    byte[] tasks = encodedTasks != null ? encodedTasks : encode();
    out.writeInt(taskCount);
    out.writeInt(tasks.length);
    out.write(tasks);
  }

  private void readObject(ObjectInputStream in) throws IOException {
    taskCount = in.readInt();
    int length = in.readInt();
    if (taskCount < 0 || length < 0) {
      throw new FileReadException(
          "Cannot read a Floe input partition: it claims "
              + taskCount
              + " tasks in "
              + length
              + " bytes");
    }
    encodedTasks = new byte[length];
    in.readFully(encodedTasks);
  }
}
