package dev.floe.spark;

import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One reader's share of a scan: its tasks in {@link TaskCodec}'s form, decoded on the executor, so
 * executors never read manifests. No preferred locations: object stores have no locality.
 */
final class FloeInputPartition implements InputPartition {
  private static final long serialVersionUID = 1L;

  private final byte[] tasks;
  private final int taskCount;

  FloeInputPartition(byte[] tasks, int taskCount) {
    this.tasks = tasks.clone();
    this.taskCount = taskCount;
  }

  byte[] tasks() {
    return tasks.clone();
  }

  int taskCount() {
    return taskCount;
  }

  @Override
  public String[] preferredLocations() {
    return new String[0];
  }
}
