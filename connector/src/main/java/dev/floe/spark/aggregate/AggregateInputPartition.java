package dev.floe.spark.aggregate;

import dev.floe.scan.codec.TaskCodec;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One share of an aggregate scan: the partial result already answered from metadata, or files whose
 * live rows an executor counts (in {@link TaskCodec}'s form).
 */
final class AggregateInputPartition implements InputPartition {
  private static final long serialVersionUID = 1L;

  /** How the partition's partial result is made. */
  enum Source {
    /** Answered on the driver from manifests. */
    METADATA,
    /** Counted from the files' position delete files. */
    DELETE_FILES,
    /** Counted by reading the files' rows. */
    ROWS
  }

  private final Source source;
  private final InternalRow answer;
  private final byte[] tasks;

  private AggregateInputPartition(Source source, InternalRow answer, byte[] tasks) {
    this.source = source;
    this.answer = answer;
    this.tasks = tasks;
  }

  static AggregateInputPartition answered(InternalRow answer) {
    return new AggregateInputPartition(Source.METADATA, answer.copy(), null);
  }

  static AggregateInputPartition countDeleteFiles(byte[] tasks) {
    return new AggregateInputPartition(Source.DELETE_FILES, null, tasks.clone());
  }

  static AggregateInputPartition countRows(byte[] tasks) {
    return new AggregateInputPartition(Source.ROWS, null, tasks.clone());
  }

  Source source() {
    return source;
  }

  InternalRow answer() {
    return answer.copy();
  }

  byte[] tasks() {
    return tasks.clone();
  }

  @Override
  public String[] preferredLocations() {
    return new String[0];
  }
}
