package dev.floe.catalog;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A clock that moves only when told to, or when the client sleeps; it records the sleeps. */
final class ManualClock implements RestClock {
  private volatile long millis = 1_000_000;
  private final List<Long> sleeps = new CopyOnWriteArrayList<>();

  @Override
  public long millis() {
    return millis;
  }

  @Override
  public void sleep(long sleepMillis) {
    sleeps.add(sleepMillis);
    millis += sleepMillis;
  }

  void advance(long advanceMillis) {
    millis += advanceMillis;
  }

  List<Long> sleeps() {
    return List.copyOf(sleeps);
  }
}
