package dev.floe.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.util.ThreadPools;

/**
 * iceberg-core: {@code tables.load(location).newScan().planFiles()}, iterated to the end, either on
 * Iceberg's shared worker pool (its default) or on an executor of its own given with {@code
 * planWith}.
 */
final class IcebergTablePlanner implements TablePlanner, AutoCloseable {
  private final HadoopTables tables;
  private final ExecutorService executor;
  private final String description;
  private final PlanFilter filter;
  private final boolean ownsExecutor;

  private IcebergTablePlanner(
      HadoopTables tables,
      ExecutorService executor,
      String description,
      PlanFilter filter,
      boolean ownsExecutor) {
    this.tables = tables;
    this.executor = executor;
    this.description = description;
    this.filter = filter;
    this.ownsExecutor = ownsExecutor;
  }

  private IcebergTablePlanner(Configuration hadoop, ExecutorService executor, String description) {
    this(new HadoopTables(hadoop), executor, description, PlanFilter.none(), true);
  }

  /**
   * This planner with {@code newScan().filter(e)}, on the same executor, which stays owned by this
   * planner: closing the filtered one stops nothing.
   */
  IcebergTablePlanner withFilter(PlanFilter newFilter) {
    return new IcebergTablePlanner(tables, executor, description, newFilter, false);
  }

  /** Plans as Iceberg does by default: on its shared worker pool. */
  static IcebergTablePlanner onWorkerPool(Configuration hadoop) {
    return new IcebergTablePlanner(
        hadoop,
        null,
        "Iceberg, shared worker pool (" + ThreadPools.WORKER_THREAD_POOL_SIZE + " threads)");
  }

  /** Plans with {@code planWith} on a pool of this many threads, kept for every plan. */
  static IcebergTablePlanner withExecutor(Configuration hadoop, int threads) {
    AtomicInteger count = new AtomicInteger();
    ExecutorService executor =
        Executors.newFixedThreadPool(
            threads,
            runnable -> {
              Thread thread =
                  new Thread(
                      runnable, "iceberg-bench-plan-" + threads + "-" + count.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            });
    return new IcebergTablePlanner(
        hadoop, executor, "Iceberg, planWith " + threads + (threads == 1 ? " thread" : " threads"));
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public PlanOutcome plan(String location) {
    PlanOutcome.Counter counter = new PlanOutcome.Counter();
    try (CloseableIterable<FileScanTask> tasks = planFiles(location)) {
      for (FileScanTask task : tasks) {
        counter.add(task.file().recordCount(), task.deletes().size());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot close Iceberg's plan of " + location, e);
    }
    return counter.outcome();
  }

  @Override
  public PlanFingerprint fingerprint(String location) {
    PlanFingerprint fingerprint = new PlanFingerprint();
    try (CloseableIterable<FileScanTask> tasks = planFiles(location)) {
      for (FileScanTask task : tasks) {
        List<String> deletes = new ArrayList<>(task.deletes().size());
        for (DeleteFile delete : task.deletes()) {
          deletes.add(delete.location());
        }
        fingerprint.add(task.file().location(), deletes);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot close Iceberg's plan of " + location, e);
    }
    return fingerprint;
  }

  private CloseableIterable<FileScanTask> planFiles(String location) {
    return newScan(location).planFiles();
  }

  private TableScan newScan(String location) {
    TableScan scan = tables.load(location).newScan();
    if (executor != null) {
      scan = scan.planWith(executor);
    }
    return filter.isNone() ? scan : scan.filter(filter.iceberg());
  }

  @Override
  public void close() {
    if (executor == null || !ownsExecutor) {
      return;
    }
    executor.shutdownNow();
    try {
      if (!executor.awaitTermination(1, TimeUnit.MINUTES)) {
        throw new IllegalStateException(description + ": the pool did not stop within a minute");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(description + ": interrupted while stopping the pool", e);
    }
  }
}
