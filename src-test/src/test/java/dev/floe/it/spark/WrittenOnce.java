package dev.floe.it.spark;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * Fixture tables written once per test JVM, by the first test that needs them. A failed write is
 * remembered rather than retried: a second attempt would only fail on the tables the first one left
 * behind, hiding the first error.
 */
final class WrittenOnce<T> {
  private final String what;
  private final Supplier<T> write;
  private T value;
  private RuntimeException failure;

  WrittenOnce(String what, Supplier<T> write) {
    this.what = Objects.requireNonNull(what, "what");
    this.write = Objects.requireNonNull(write, "write");
  }

  synchronized T get() {
    if (failure != null) {
      throw new IllegalStateException("Writing " + what + " failed earlier", failure);
    }
    if (value == null) {
      try {
        value = write.get();
      } catch (RuntimeException e) {
        failure = e;
        throw e;
      }
    }
    return value;
  }
}
