package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.spark.Success$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;

/**
 * An executor JVM killed with SIGKILL while a Floe query runs: Spark retries its tasks on the other
 * executor and on the replacement the Worker starts, and the answer is still Iceberg's.
 */
abstract class ClusterExecutorLossChecks {
  /**
   * Milliseconds each row sleeps, so the query outlasts the kill: with a 1 KiB split size each of
   * the 16 files is a task of its own (a file weighs at least the 4 MiB open cost), 16 tasks of
   * about 0.4 s, several running or waiting when an executor dies.
   */
  private static final int SLEEP_PER_ROW = 10;

  private final LocalCluster cluster;
  private final SparkSession spark;
  private final ClusterFixtures fixtures;

  ClusterExecutorLossChecks(LocalCluster cluster) {
    this.cluster = cluster;
    this.spark = cluster.spark().session();
    this.fixtures = ClusterFixtures.writtenWith(cluster.spark());
  }

  @Test
  void queryOutlivesAKilledExecutor() throws Exception {
    String table = ClusterFixtures.MANY_FILES;
    List<Object> expected =
        IcebergAnswers.of(
            table + " digest", () -> digest(spark.table(ClusterFixtures.identifier(table)), false));
    Dataset<Row> floe =
        spark
            .read()
            .format("floe")
            .option("split-size", "1024")
            .load(fixtures.location(table).toString());
    assertThat(floe.rdd().getNumPartitions()).as("a task per file").isEqualTo(16);

    Failures failures = new Failures();
    spark.sparkContext().addSparkListener(failures);
    ExecutorService query = Executors.newSingleThreadExecutor();
    try {
      Future<List<Object>> answer = query.submit(() -> digest(floe, true));
      assertThat(failures.taskStarted.await(120, TimeUnit.SECONDS))
          .as("a task of the query started")
          .isTrue();
      // killed while its first task runs: the 16 tasks take seconds, the kill a few ms
      cluster.killExecutor(failures.victim.get());

      assertThat(answer.get(300, TimeUnit.SECONDS))
          .as("Floe's digest of %s with an executor lost midway", table)
          .isEqualTo(expected);
    } finally {
      query.shutdownNow();
      spark.sparkContext().removeSparkListener(failures);
    }
    assertThat(failures.victimRemoved.await(60, TimeUnit.SECONDS))
        .as("Spark saw the killed executor removed")
        .isTrue();
    assertThat(failures.removedExecutors)
        .as("the killed executor was removed")
        .contains(failures.victim.get());
    assertThat(failures.failedTasks.get())
        .as("tasks lost with the executor and retried")
        .isGreaterThan(0);
    LocalCluster.awaitExecutors(cluster.spark(), 2);
  }

  /**
   * The row count, the sum of ids and the exact sum of a hash of every column: equal digests mean
   * equal rows, but the query is an aggregate, which Floe cannot answer from metadata since each
   * row sleeps first (Spark's {@code reflect}: the test's own classes are not on the executors).
   */
  private static List<Object> digest(Dataset<Row> rows, boolean slowly) {
    Column hash =
        functions.xxhash64(
            functions.col("id"),
            functions.col("n"),
            functions.col("name"),
            functions.col("category"),
            functions.col("day"),
            functions.col("amount"));
    Dataset<Row> input = rows;
    if (slowly) {
      input =
          rows.withColumn(
              "slept",
              functions.expr(
                  "reflect('java.lang.Thread', 'sleep', CAST(" + SLEEP_PER_ROW + " AS BIGINT))"));
    }
    Dataset<Row> digest =
        input.agg(
            functions.count("*"),
            functions.sum("id"),
            // as decimals: a sum of 64-bit hashes overflows a long, an error under ANSI mode
            functions.sum(hash.cast("decimal(20, 0)")),
            slowly ? functions.max("slept") : functions.lit(null).cast("string"));
    Row row = digest.collectAsList().get(0);
    return List.of(row.getLong(0), row.getLong(1), row.getDecimal(2));
  }

  /** Picks the executor of the first task as the one to kill, and records what was lost. */
  private static final class Failures extends SparkListener {
    final CountDownLatch taskStarted = new CountDownLatch(1);
    final CountDownLatch victimRemoved = new CountDownLatch(1);
    final AtomicReference<String> victim = new AtomicReference<>();
    final Set<String> removedExecutors = ConcurrentHashMap.newKeySet();
    final AtomicInteger failedTasks = new AtomicInteger();

    @Override
    public void onTaskStart(SparkListenerTaskStart taskStart) {
      if (victim.compareAndSet(null, taskStart.taskInfo().executorId())) {
        taskStarted.countDown();
      }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
      if (taskEnd.reason() != Success$.MODULE$) {
        failedTasks.incrementAndGet();
      }
    }

    @Override
    public void onExecutorRemoved(SparkListenerExecutorRemoved removed) {
      removedExecutors.add(removed.executorId());
      if (removed.executorId().equals(victim.get())) {
        victimRemoved.countDown();
      }
    }
  }
}
