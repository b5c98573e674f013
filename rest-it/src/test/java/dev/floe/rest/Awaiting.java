package dev.floe.rest;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waiting for something another thread or process does, with a generous bound. */
final class Awaiting {
  /** Long enough for a loaded 2-core machine; reached only when the awaited event never comes. */
  static final Duration BOUND = Duration.ofSeconds(60);

  private Awaiting() {}

  /**
   * Returns once {@code condition} holds, checking every 50 ms.
   *
   * @throws AssertionError naming {@code what} when it does not hold within {@link #BOUND}
   */
  static void until(BooleanSupplier condition, String what) {
    long deadline = System.nanoTime() + BOUND.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("Waited " + BOUND + " for " + what);
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        throw new AssertionError("Interrupted while waiting for " + what, interrupted);
      }
    }
  }
}
