package dev.floe.spark.deletes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class TestDeleteCache {
  private static final DeleteCache.Key A = key("a");
  private static final DeleteCache.Key B = key("b");
  private static final DeleteCache.Key C = key("c");

  private static DeleteCache.Key key(String name) {
    return new DeleteCache.Key("positions", "file:/t/deletes/" + name + ".parquet", "file:/t/a");
  }

  /** A loader that counts its calls and returns a fresh value each time. */
  private static final class CountingLoad implements Supplier<String> {
    private final String value;
    private final AtomicInteger calls = new AtomicInteger();

    CountingLoad(String value) {
      this.value = value;
    }

    @Override
    public String get() {
      return new String(value + "#" + calls.incrementAndGet());
    }
  }

  private static String get(DeleteCache cache, DeleteCache.Key key, long size) {
    return cache.get(key, new CountingLoad(key.location()), value -> size);
  }

  @Test
  void secondAskIsAHit() {
    DeleteCache cache = new DeleteCache(100);
    CountingLoad load = new CountingLoad("a");

    String first = cache.get(A, load, value -> 10);
    String second = cache.get(A, load, value -> 10);

    assertThat(second).as("the cached value").isSameAs(first);
    assertThat(cache.loads()).as("one load").isEqualTo(1);
    assertThat(load.calls).as("loader called once").hasValue(1);
    assertThat(cache.totalBytes()).as("bytes held").isEqualTo(10);
  }

  @Test
  void keysDifferingInDetailAreDistinct() {
    DeleteCache cache = new DeleteCache(100);
    DeleteCache.Key forA = new DeleteCache.Key("positions", "file:/t/d.parquet", "file:/t/a");
    DeleteCache.Key forB = new DeleteCache.Key("positions", "file:/t/d.parquet", "file:/t/b");

    get(cache, forA, 1);
    get(cache, forB, 1);
    get(cache, forA, 1);

    assertThat(cache.loads()).as("one load per data file").isEqualTo(2);
  }

  @Test
  void leastRecentlyUsedIsEvictedUnderTheBound() {
    DeleteCache cache = new DeleteCache(25);
    get(cache, A, 10);
    get(cache, B, 10);
    get(cache, A, 10); // A is now more recent than B

    get(cache, C, 10); // 30 bytes > 25: B goes

    assertThat(cache.totalBytes()).as("bytes after eviction").isEqualTo(20);
    assertThat(cache.loads()).as("A, B, C loaded").isEqualTo(3);
    get(cache, A, 10);
    assertThat(cache.loads()).as("A still cached").isEqualTo(3);
    get(cache, B, 10);
    assertThat(cache.loads()).as("B was evicted and loads again").isEqualTo(4);
  }

  @Test
  void valueOverTheBoundIsReturnedButNotCached() {
    DeleteCache cache = new DeleteCache(50);
    get(cache, A, 10);
    CountingLoad huge = new CountingLoad("huge");

    String value = cache.get(B, huge, ignored -> 51);

    assertThat(value).as("the task still gets its deletes").isEqualTo("huge#1");
    assertThat(cache.totalBytes()).as("nothing pushed out, nothing added").isEqualTo(10);
    cache.get(B, huge, ignored -> 51);
    assertThat(huge.calls).as("loaded again next time").hasValue(2);
    get(cache, A, 10);
    assertThat(cache.loads()).as("A was kept").isEqualTo(3);
  }

  @Test
  void boundZeroCachesNothing() {
    DeleteCache cache = new DeleteCache(0);

    get(cache, A, 1);
    get(cache, A, 1);

    assertThat(cache.loads()).as("every ask loads").isEqualTo(2);
    assertThat(cache.totalBytes()).as("nothing held").isZero();
  }

  /**
   * Regression: a value estimated at 0 bytes (an equality delete file without rows) passed {@code
   * bytes <= maxBytes} and was cached although bound 0 disables caching.
   */
  @Test
  void boundZeroCachesNothingEvenForEmptyValues() {
    DeleteCache cache = new DeleteCache(0);

    get(cache, A, 0);
    get(cache, A, 0);

    assertThat(cache.loads()).as("bound 0 disables caching, even of empty values").isEqualTo(2);
  }

  @Test
  void failedLoadIsRethrownAndNotCached() {
    DeleteCache cache = new DeleteCache(100);
    AtomicInteger calls = new AtomicInteger();
    Supplier<String> failing =
        () -> {
          calls.incrementAndGet();
          throw new IllegalStateException("Cannot read file:/t/deletes/a.parquet: truncated");
        };

    assertThatThrownBy(() -> cache.get(A, failing, value -> 1))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Cannot read file:/t/deletes/a.parquet: truncated");
    assertThatThrownBy(() -> cache.get(A, failing, value -> 1))
        .as("the next task tries again")
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Cannot read file:/t/deletes/a.parquet: truncated");
    assertThat(calls).as("two loads").hasValue(2);

    String value = cache.get(A, () -> "recovered", ignored -> 1);
    assertThat(value).as("a later good load is cached").isEqualTo("recovered");
    assertThat(cache.get(A, () -> "other", ignored -> 1)).isEqualTo("recovered");
  }

  /**
   * Regression: a failure of the size estimate (after the load) left the key marked as loading
   * forever, so every later ask for it waited on a load that would never complete.
   */
  @Test
  void failedSizeEstimateIsRethrownAndDoesNotBlockTheKey() throws Exception {
    DeleteCache cache = new DeleteCache(100);

    assertThatThrownBy(
            () ->
                cache.get(
                    A,
                    () -> "loaded",
                    value -> {
                      throw new IllegalStateException("Cannot size the deletes of " + value);
                    }))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Cannot size the deletes of loaded");

    ExecutorService thread = Executors.newSingleThreadExecutor();
    try {
      Future<String> next = thread.submit(() -> cache.get(A, () -> "again", value -> 1));
      assertThat(next.get(10, TimeUnit.SECONDS)).as("the next ask loads again").isEqualTo("again");
    } finally {
      thread.shutdownNow();
    }
  }

  @Test
  void twoThreadsAskingOneKeyLoadOnce() throws Exception {
    DeleteCache cache = new DeleteCache(100);
    CountDownLatch loadStarted = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger calls = new AtomicInteger();
    Supplier<String> slowLoad =
        () -> {
          calls.incrementAndGet();
          loadStarted.countDown();
          try {
            if (!release.await(10, TimeUnit.SECONDS)) {
              throw new IllegalStateException("never released");
            }
          } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(interrupted);
          }
          return "loaded";
        };
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      Future<String> first = threads.submit(() -> cache.get(A, slowLoad, value -> 1));
      assertThat(loadStarted.await(10, TimeUnit.SECONDS)).as("first load started").isTrue();
      Future<String> second = threads.submit(() -> cache.get(A, slowLoad, value -> 1));
      awaitWaiter(cache);
      release.countDown();

      assertThat(first.get(10, TimeUnit.SECONDS)).as("first thread's value").isEqualTo("loaded");
      assertThat(second.get(10, TimeUnit.SECONDS)).as("second thread's value").isEqualTo("loaded");
      assertThat(calls).as("loaded once for both threads").hasValue(1);
      assertThat(cache.loads()).as("one load counted").isEqualTo(1);
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void waitingThreadSeesTheLoadersFailure() throws Exception {
    DeleteCache cache = new DeleteCache(100);
    CountDownLatch loadStarted = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Supplier<String> failingLoad =
        () -> {
          loadStarted.countDown();
          try {
            release.await(10, TimeUnit.SECONDS);
          } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
          }
          throw new IllegalStateException("Cannot read file:/t/deletes/a.parquet");
        };
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      Future<String> first = threads.submit(() -> cache.get(A, failingLoad, value -> 1));
      assertThat(loadStarted.await(10, TimeUnit.SECONDS)).as("first load started").isTrue();
      Future<String> second = threads.submit(() -> cache.get(A, failingLoad, value -> 1));
      awaitWaiter(cache);
      release.countDown();

      for (Future<String> result : java.util.List.of(first, second)) {
        assertThatThrownBy(() -> result.get(10, TimeUnit.SECONDS))
            .hasCauseInstanceOf(IllegalStateException.class)
            .hasMessageContaining("Cannot read file:/t/deletes/a.parquet");
      }
      assertThat(cache.loads()).as("one load attempted").isEqualTo(1);
    } finally {
      threads.shutdownNow();
    }
  }

  /**
   * Returns once a second caller has found the pending load and is waiting on it: an event, not an
   * amount of time, so a loaded machine cannot let the first load finish before the second caller
   * arrives.
   */
  private static void awaitWaiter(DeleteCache cache) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (cache.waitsForOtherLoads() == 0) {
      assertThat(System.nanoTime())
          .as("second caller waits on the pending load")
          .isLessThan(deadline);
      Thread.yield();
    }
  }

  @Test
  void shrinkingTheBoundEvictsAtOnce() {
    DeleteCache cache = new DeleteCache(100);
    get(cache, A, 30);
    get(cache, B, 30);
    get(cache, C, 30);

    cache.bound(65);

    assertThat(cache.totalBytes()).as("the oldest entry is gone").isEqualTo(60);
    get(cache, A, 30);
    assertThat(cache.loads()).as("A, the oldest, loads again").isEqualTo(4);

    cache.bound(0);
    assertThat(cache.totalBytes()).as("bound 0 empties the cache").isZero();
  }

  @Test
  void negativeBoundIsRefused() {
    assertThatThrownBy(() -> new DeleteCache(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("A cache bound cannot be negative: -1");
    DeleteCache cache = new DeleteCache(10);
    assertThatThrownBy(() -> cache.bound(-5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("A cache bound cannot be negative: -5");
  }

  @Test
  void keyRequiresItsParts() {
    assertThatThrownBy(() -> new DeleteCache.Key("dv", null, "4"))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("location");
  }
}
