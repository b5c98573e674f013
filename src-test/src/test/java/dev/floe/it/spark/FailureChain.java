package dev.floe.it.spark;

import java.io.PrintWriter;
import java.io.StringWriter;

/** What a failed Spark action carried: the first cause of a type, and the whole trace as text. */
final class FailureChain {
  private FailureChain() {}

  /** The first throwable of {@code type} in the cause chain of {@code thrown}; fails if none. */
  static <T extends Throwable> T causeOfType(Throwable thrown, Class<T> type) {
    for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
      if (type.isInstance(cause)) {
        return type.cast(cause);
      }
    }
    throw new AssertionError("No " + type.getName() + " in the cause chain of " + thrown, thrown);
  }

  /** The stack trace with every cause and suppressed exception, as printed. */
  static String trace(Throwable thrown) {
    StringWriter text = new StringWriter();
    thrown.printStackTrace(new PrintWriter(text));
    return text.toString();
  }
}
