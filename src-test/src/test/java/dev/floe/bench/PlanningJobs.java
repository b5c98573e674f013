package dev.floe.bench;

import java.util.Locale;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

/**
 * Counts the Spark jobs a plan ran and the bytes of task results they sent to the driver: the
 * evidence of where each side really read its manifests. A scan's own word is not enough for
 * Iceberg, which says nothing of it in {@code EXPLAIN}; a plan that ran no job read every manifest
 * on the driver. Spark delivers listener events on a thread of its own, so {@link #since} waits
 * until they have all arrived.
 */
final class PlanningJobs extends SparkListener {
  private final AtomicInteger jobs = new AtomicInteger();
  private final AtomicLong resultBytes = new AtomicLong();
  private final SparkContext context;

  private PlanningJobs(SparkContext context) {
    this.context = context;
  }

  /** The jobs of one plan, and the serialized task results they returned to the driver. */
  record Count(int jobs, long resultBytes) {
    @Override
    public String toString() {
      if (jobs == 0) {
        return "no job";
      }
      return String.format(
          Locale.ROOT,
          "%d job%s, %.2f MB of results",
          jobs,
          jobs == 1 ? "" : "s",
          resultBytes / 1e6);
    }
  }

  static PlanningJobs listenTo(SparkContext context) {
    PlanningJobs listener = new PlanningJobs(context);
    context.addSparkListener(listener);
    return listener;
  }

  /** Starts counting afresh, once the events of earlier jobs have arrived. */
  void reset() {
    awaitEvents();
    jobs.set(0);
    resultBytes.set(0);
  }

  /** What ran since {@link #reset}, once its events have arrived. */
  Count since() {
    awaitEvents();
    return new Count(jobs.get(), resultBytes.get());
  }

  @Override
  public void onJobStart(SparkListenerJobStart jobStart) {
    jobs.incrementAndGet();
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd taskEnd) {
    if (taskEnd.taskMetrics() != null) {
      resultBytes.addAndGet(taskEnd.taskMetrics().resultSize());
    }
  }

  private void awaitEvents() {
    try {
      context.listenerBus().waitUntilEmpty();
    } catch (TimeoutException e) {
      throw new IllegalStateException("Spark's listener events did not arrive within 10 s", e);
    }
  }
}
