package dev.floe.bench;

import java.lang.management.ManagementFactory;

/**
 * Heap bytes allocated by the whole process, all threads together, including threads that ended in
 * between: Floe starts a planning pool per plan and stops it at the end, so summing over the
 * threads alive before and after a plan would miss the pool's work.
 *
 * <p>{@code com.sun.management.ThreadMXBean#getTotalThreadAllocatedBytes} counts exited threads; it
 * is in JDK 21 and in the JDK 17 updates that carry its backport (17.0.15 here). Without it the
 * meter falls back to summing over live threads and says so: {@link #countsExitedThreads()} is
 * false, and the report marks its allocation figures as lower bounds.
 */
final class AllocationMeter {
  private static final int PROBE_BYTES = 16 * 1024 * 1024;

  private final com.sun.management.ThreadMXBean threads;
  private final boolean processTotal;
  private final boolean countsExitedThreads;

  private AllocationMeter(com.sun.management.ThreadMXBean threads, boolean processTotal) {
    this.threads = threads;
    this.processTotal = processTotal;
    this.countsExitedThreads = probeExitedThread();
  }

  static AllocationMeter create() {
    if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
        || !threads.isThreadAllocatedMemorySupported()) {
      throw new IllegalStateException(
          "This JVM cannot measure allocated bytes per thread"
              + " (com.sun.management.ThreadMXBean); run the benchmark on HotSpot");
    }
    if (!threads.isThreadAllocatedMemoryEnabled()) {
      threads.setThreadAllocatedMemoryEnabled(true);
    }
    return new AllocationMeter(threads, supportsProcessTotal(threads));
  }

  /** Bytes allocated so far; only differences between two readings mean anything. */
  long allocatedBytes() {
    return processTotal ? threads.getTotalThreadAllocatedBytes() : sumOverLiveThreads();
  }

  /** Whether a reading includes what threads that have since ended allocated. */
  boolean countsExitedThreads() {
    return countsExitedThreads;
  }

  /** How the meter measures, for the report. */
  String method() {
    if (processTotal && countsExitedThreads) {
      return "ThreadMXBean.getTotalThreadAllocatedBytes (all threads, exited ones included)";
    }
    return "sum of ThreadMXBean.getThreadAllocatedBytes over live threads:"
        + " LOWER BOUNDS, threads that ended during a plan are missing";
  }

  private long sumOverLiveThreads() {
    long total = 0;
    for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
      if (bytes > 0) {
        total += bytes;
      }
    }
    return total;
  }

  private static boolean supportsProcessTotal(com.sun.management.ThreadMXBean threads) {
    try {
      return threads.getTotalThreadAllocatedBytes() >= 0;
    } catch (UnsupportedOperationException | NoSuchMethodError e) {
      return false;
    }
  }

  /** Checks on a real thread that ends whether its allocation is still counted afterwards. */
  private boolean probeExitedThread() {
    long before = allocatedBytes();
    Thread probe = new Thread(() -> Sink.keep(new byte[PROBE_BYTES]), "allocation-meter-probe");
    probe.start();
    try {
      probe.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while probing the allocation meter", e);
    }
    return allocatedBytes() - before >= PROBE_BYTES;
  }

  /** Keeps the probe's array reachable until it is written, so it is not optimized away. */
  private static final class Sink {
    private static volatile Object kept;

    static void keep(Object value) {
      kept = value;
      kept = null;
    }
  }
}
