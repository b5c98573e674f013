package dev.floe.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.junit.jupiter.api.Test;

class TestFileSystemCache {
  private static final long MINUTE = 60_000_000_000L;

  private final AtomicLong clock = new AtomicLong();
  private final FileSystemCache<String> cache = new FileSystemCache<>(10 * MINUTE, clock::get);

  /** A file system that only records whether it was closed. */
  private static final class Closable extends RawLocalFileSystem {
    volatile boolean closed;

    @Override
    public void close() throws IOException {
      closed = true;
      super.close();
    }
  }

  @Test
  void oneInstancePerKeyWhileItIsUsed() {
    Closable first = (Closable) cache.get("a", key -> new Closable());
    for (int minute = 1; minute <= 30; minute++) {
      clock.set(minute * MINUTE);
      assertThat(cache.get("a", key -> new Closable()))
          .as("the file system of a key in use, minute %s", minute)
          .isSameAs(first);
    }
    assertThat(first.closed).as("a file system asked for every minute").isFalse();
  }

  @Test
  void fileSystemsIdlePastTheLimitAreClosedAndForgotten() {
    Closable stale = (Closable) cache.get("vended-at-0", key -> new Closable());
    clock.set(5 * MINUTE);
    Closable fresh = (Closable) cache.get("vended-at-5", key -> new Closable());

    clock.set(11 * MINUTE);
    cache.get("vended-at-5", key -> new Closable());

    assertThat(stale.closed).as("unasked for 11 minutes").isTrue();
    assertThat(fresh.closed).as("asked for now").isFalse();
    assertThat(cache.size()).as("file systems kept").isEqualTo(1);
    Closable again = (Closable) cache.get("vended-at-0", key -> new Closable());
    assertThat(again).as("a closed file system is made anew").isNotSameAs(stale);
    assertThat(again.closed).isFalse();
  }

  @Test
  void closeAllClosesEveryFileSystem() {
    Closable first = (Closable) cache.get("a", key -> new Closable());
    Closable second = (Closable) cache.get("b", key -> new Closable());

    cache.closeAll();

    assertThat(first.closed && second.closed).as("both closed").isTrue();
    assertThat(cache.size()).isZero();
  }

  @Test
  void anIdleLimitIsPositive() {
    assertThatThrownBy(() -> new FileSystemCache<String>(0, clock::get))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("An idle limit is a positive time: 0");
  }
}
