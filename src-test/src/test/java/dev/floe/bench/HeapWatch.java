package dev.floe.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * Heap in use over one measured step, from the JVM's garbage-collection notifications: the heap is
 * fullest right before a collection, so the largest total of the heap pools before any collection
 * (or in use at the end, if larger) is the step's peak, and the largest total after one is the most
 * it kept live. {@link #reset} starts a step with a full collection; collections that began before
 * it are ignored.
 */
final class HeapWatch {
  private final Set<String> heapPools;
  private final AtomicLong peakBefore = new AtomicLong();
  private final AtomicLong peakAfter = new AtomicLong();
  private volatile long sinceUptimeMillis;

  /** Collections counted by the collectors when the watch was installed. */
  private long collectionsBefore;

  /** Notifications received since then, guarded by this watch's monitor. */
  private long notified;

  private HeapWatch() {
    this.heapPools =
        ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(pool -> pool.getType() == MemoryType.HEAP)
            .map(MemoryPoolMXBean::getName)
            .collect(Collectors.toUnmodifiableSet());
  }

  static HeapWatch install() {
    HeapWatch watch = new HeapWatch();
    watch.collectionsBefore = collections();
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      ((NotificationEmitter) collector)
          .addNotificationListener(
              (notification, handback) -> watch.onGc(notification), null, null);
    }
    return watch;
  }

  /** Collects fully, then starts watching a new step. */
  void reset() {
    System.gc();
    sinceUptimeMillis = ManagementFactory.getRuntimeMXBean().getUptime();
    peakBefore.set(0);
    peakAfter.set(0);
  }

  /** The most heap in use since {@link #reset}, before any collection or now. */
  long peakBytes() {
    awaitNotifications();
    return Math.max(peakBefore.get(), heapUsed());
  }

  /** The most heap left after any collection since {@link #reset}. */
  long peakLiveBytes() {
    awaitNotifications();
    return peakAfter.get();
  }

  /** Heap in use after a full collection now: what whatever the caller still holds keeps alive. */
  long retainedBytes() {
    System.gc();
    System.gc();
    return heapUsed();
  }

  private static long heapUsed() {
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /**
   * Notifications arrive on a thread of their own, a little after the collection: waits until one
   * has arrived for every collection the collectors have counted (at most 5 s, should a collector
   * count one it does not notify).
   */
  private synchronized void awaitNotifications() {
    long expected = collections() - collectionsBefore;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    try {
      while (notified < expected) {
        long remaining = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (remaining <= 0) {
          return;
        }
        wait(remaining);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static long collections() {
    long count = 0;
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      count += Math.max(0, collector.getCollectionCount());
    }
    return count;
  }

  private synchronized void countNotification() {
    notified++;
    notifyAll();
  }

  private void onGc(Notification notification) {
    if (!notification
        .getType()
        .equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
      return;
    }
    GarbageCollectionNotificationInfo info =
        GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
    if (info.getGcInfo().getStartTime() >= sinceUptimeMillis) {
      peakBefore.accumulateAndGet(total(info.getGcInfo().getMemoryUsageBeforeGc()), Math::max);
      peakAfter.accumulateAndGet(total(info.getGcInfo().getMemoryUsageAfterGc()), Math::max);
    }
    countNotification();
  }

  private long total(Map<String, MemoryUsage> usage) {
    return usage.entrySet().stream()
        .filter(entry -> heapPools.contains(entry.getKey()))
        .mapToLong(entry -> entry.getValue().getUsed())
        .sum();
  }
}
