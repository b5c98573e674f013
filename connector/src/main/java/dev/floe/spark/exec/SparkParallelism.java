package dev.floe.spark.exec;

import dev.floe.InvalidRequestException;
import org.apache.spark.sql.SparkSession;

/**
 * How many tasks Spark runs at once for a scan, as Spark sizes its own file scans: {@code
 * spark.sql.leafNodeDefaultParallelism} when set, else the context's default parallelism (the cores
 * of the executors registered when the scan is planned, or {@code spark.default.parallelism}). A
 * small scan adapts its split target to give each of these a task group.
 */
public final class SparkParallelism {
  static final String LEAF_NODE_DEFAULT_PARALLELISM = "spark.sql.leafNodeDefaultParallelism";

  private SparkParallelism() {}

  public static int of(SparkSession spark) {
    String leafNode = spark.conf().get(LEAF_NODE_DEFAULT_PARALLELISM, null);
    if (leafNode == null) {
      return Math.max(1, spark.sparkContext().defaultParallelism());
    }
    try {
      int parallelism = Integer.parseInt(leafNode.trim());
      if (parallelism >= 1) {
        return parallelism;
      }
    } catch (NumberFormatException notANumber) {
      // reported below
    }
    throw new InvalidRequestException(
        "Session conf "
            + LEAF_NODE_DEFAULT_PARALLELISM
            + " must be a positive number of tasks, not '"
            + leafNode
            + "'");
  }
}
