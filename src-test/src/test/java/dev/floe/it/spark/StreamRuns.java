package dev.floe.it.spark;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.DataStreamReader;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryListener;
import org.apache.spark.sql.streaming.StreamingQueryProgress;
import org.apache.spark.sql.streaming.Trigger;

/**
 * Streaming queries of one table by Floe or Iceberg, whose micro-batches a {@code foreachBatch}
 * sink records by batch id: a batch Spark delivers again after a restart replaces its first
 * delivery, and every delivery is counted, so a test can tell a replayed batch from a duplicated
 * row.
 */
final class StreamRuns {
  /** The source under test: Spark's format name, and how it names the table. */
  record Source(String format, String table, boolean byCatalog) {
    Dataset<Row> read(SparkSession spark, Map<String, String> options) {
      DataStreamReader reader = spark.readStream().format(format).options(options);
      return byCatalog ? reader.table(table) : reader.load(table);
    }

    @Override
    public String toString() {
      return format + (byCatalog ? " table " : " path ") + table;
    }
  }

  /** What one run (or several runs on one checkpoint) delivered. */
  static final class Delivered {
    final Map<Long, List<String>> batches = new TreeMap<>();
    final Map<Long, List<List<String>>> deliveries = new TreeMap<>();

    synchronized void add(long batchId, List<String> rows) {
      batches.put(batchId, rows);
      deliveries.computeIfAbsent(batchId, id -> new ArrayList<>()).add(rows);
      notifyAll();
    }

    /**
     * Waits until batches of {@code count} batch ids were delivered; fails after {@code timeout},
     * which only a stuck query reaches.
     */
    synchronized void awaitSize(int count, Duration timeout) throws InterruptedException {
      long deadline = System.nanoTime() + timeout.toNanos();
      while (batches.size() < count) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new AssertionError(
              "Only " + batches.size() + " of " + count + " batches within " + timeout);
        }
        wait(Math.max(1, left / 1_000_000));
      }
    }

    synchronized int size() {
      return batches.size();
    }

    /** The rows of every batch, each once per batch id, sorted. */
    synchronized List<String> union() {
      List<String> rows = new ArrayList<>();
      batches.values().forEach(rows::addAll);
      rows.sort(null);
      return rows;
    }

    /** The batches that delivered rows, in batch id order, each's rows sorted. */
    synchronized List<List<String>> nonEmptyBatches() {
      List<List<String>> nonEmpty = new ArrayList<>();
      for (List<String> rows : batches.values()) {
        if (!rows.isEmpty()) {
          List<String> sorted = new ArrayList<>(rows);
          sorted.sort(null);
          nonEmpty.add(sorted);
        }
      }
      return nonEmpty;
    }
  }

  private static final Map<String, Delivered> SINKS = new ConcurrentHashMap<>();

  private StreamRuns() {}

  /** A new, empty record of deliveries under {@code name}. */
  static Delivered sink(String name) {
    Delivered delivered = new Delivered();
    SINKS.put(name, delivered);
    return delivered;
  }

  /**
   * Starts a query whose batches go to the sink {@code name}, checkpointed at {@code checkpoint}.
   */
  /**
   * The progress of the first batch of {@code query} that read rows, once Spark reported it; fails
   * after {@code timeout}, which only a stuck query reaches.
   */
  static StreamingQueryProgress firstProgressWithRows(
      SparkSession spark, StreamingQuery query, Duration timeout) throws InterruptedException {
    CountDownLatch reported = new CountDownLatch(1);
    StreamingQueryListener listener =
        new StreamingQueryListener() {
          @Override
          public void onQueryStarted(QueryStartedEvent event) {}

          @Override
          public void onQueryProgress(QueryProgressEvent event) {
            if (event.progress().id().equals(query.id()) && event.progress().numInputRows() > 0) {
              reported.countDown();
            }
          }

          @Override
          public void onQueryTerminated(QueryTerminatedEvent event) {}
        };
    spark.streams().addListener(listener);
    try {
      for (StreamingQueryProgress progress : query.recentProgress()) {
        if (progress.numInputRows() > 0) {
          return progress; // reported before the listener was there
        }
      }
      if (!reported.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new AssertionError("No batch of " + query.id() + " read rows within " + timeout);
      }
      for (StreamingQueryProgress progress : query.recentProgress()) {
        if (progress.numInputRows() > 0) {
          return progress;
        }
      }
      throw new AssertionError("A batch with rows was reported but is not in recentProgress");
    } finally {
      spark.streams().removeListener(listener);
    }
  }

  static StreamingQuery start(
      SparkSession spark,
      Source source,
      Map<String, String> options,
      Trigger trigger,
      String name,
      Path checkpoint)
      throws TimeoutException {
    VoidFunction2<Dataset<Row>, Long> record =
        (batch, batchId) -> SINKS.get(name).add(batchId, rows(batch));
    return source
        .read(spark, options)
        .writeStream()
        .trigger(trigger)
        .option("checkpointLocation", checkpoint.toString())
        .foreachBatch(record)
        .start();
  }

  /** Runs a query with a trigger that ends by itself ({@code AvailableNow}, {@code Once}). */
  static Delivered runToEnd(
      SparkSession spark,
      Source source,
      Map<String, String> options,
      Trigger trigger,
      Path checkpoint)
      throws Exception {
    String name = source + "@" + checkpoint;
    Delivered delivered = SINKS.computeIfAbsent(name, key -> new Delivered());
    StreamingQuery query = start(spark, source, options, trigger, name, checkpoint);
    query.awaitTermination();
    return delivered;
  }

  /**
   * Runs a query with a processing-time trigger until it has read all the table has, then stops it:
   * the admission limits cut batches for every source this way (Iceberg's for Spark 3.5, 1.10,
   * ignores them under {@code Trigger.AvailableNow}).
   */
  static Delivered runUntilCaughtUp(
      SparkSession spark, Source source, Map<String, String> options, Path checkpoint)
      throws Exception {
    String name = source + "@" + checkpoint;
    Delivered delivered = SINKS.computeIfAbsent(name, key -> new Delivered());
    StreamingQuery query =
        start(spark, source, options, Trigger.ProcessingTime(10), name, checkpoint);
    try {
      query.processAllAvailable();
    } finally {
      query.stop();
    }
    return delivered;
  }

  /** A table row as the tests compare them. */
  static List<String> rows(Dataset<Row> rows) {
    List<String> values = new ArrayList<>();
    for (Row row : rows.collectAsList()) {
      values.add(row.get(0) + ":" + row.get(1));
    }
    return values;
  }
}
