package dev.floe.scan;

import dev.floe.FloeException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Reads manifests on a bounded pool and returns each manifest's result in manifest-list order, so a
 * plan does not depend on the thread count or on which read finished first. The first failure fails
 * the whole read: nothing is planned from part of a table.
 */
final class ParallelManifestReader {
  private static final AtomicInteger POOL_NUMBER = new AtomicInteger();

  private final int threads;

  ParallelManifestReader(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("Planning needs at least one thread, got " + threads);
    }
    this.threads = threads;
  }

  /** {@code read} applied to each manifest (or each manifest's outcome), results in input order. */
  <I, T> List<T> readAll(List<I> manifests, Function<I, T> read) {
    if (threads == 1 || manifests.size() <= 1) {
      List<T> results = new ArrayList<>(manifests.size());
      for (I manifest : manifests) {
        results.add(read.apply(manifest));
      }
      return results;
    }
    ExecutorService pool =
        Executors.newFixedThreadPool(Math.min(threads, manifests.size()), daemonThreads());
    try {
      List<Future<T>> futures = new ArrayList<>(manifests.size());
      for (I manifest : manifests) {
        futures.add(pool.submit(() -> read.apply(manifest)));
      }
      List<T> results = new ArrayList<>(manifests.size());
      for (Future<T> future : futures) {
        results.add(await(future));
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  private static <T> T await(Future<T> future) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FloeException("Interrupted while reading manifests", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new FloeException("Cannot read manifests: " + cause, cause);
    }
  }

  private static ThreadFactory daemonThreads() {
    int pool = POOL_NUMBER.incrementAndGet();
    AtomicInteger thread = new AtomicInteger();
    return runnable -> {
      Thread result =
          new Thread(runnable, "floe-planning-" + pool + "-" + thread.incrementAndGet());
      result.setDaemon(true);
      return result;
    };
  }
}
