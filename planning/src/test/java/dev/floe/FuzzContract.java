package dev.floe;

import java.util.HexFormat;

/**
 * The contract every parser's fuzz target checks: any input either parses or fails with the
 * expected {@link FloeException} subclass whose message names the file; any other exception is a
 * finding, reported with the input that caused it.
 */
public final class FuzzContract {
  private static final int SHOWN_BYTES = 256;

  private final String parser;
  private final Class<? extends FloeException> expected;
  private final String named;

  private FuzzContract(String parser, Class<? extends FloeException> expected, String named) {
    this.parser = parser;
    this.expected = expected;
    this.named = named;
  }

  /**
   * A contract for {@code parser}: its failures must be {@code expected} (or a subclass) with
   * {@code named} (the file's path, for a table file) in the message.
   */
  public static FuzzContract of(
      String parser, Class<? extends FloeException> expected, String named) {
    return new FuzzContract(parser, expected, named);
  }

  /** Runs {@code parse} on {@code input}, failing the test unless it keeps the contract. */
  public void check(byte[] input, Runnable parse) {
    try {
      parse.run();
    } catch (FloeException failure) {
      if (!expected.isInstance(failure)) {
        throw finding(
            input,
            "threw "
                + failure.getClass().getSimpleName()
                + ", expected "
                + expected.getSimpleName(),
            failure);
      }
      if (failure.getMessage() == null || !failure.getMessage().contains(named)) {
        throw finding(input, "threw a message that does not name " + named, failure);
      }
    } catch (RuntimeException | StackOverflowError failure) {
      throw finding(
          input,
          "threw " + failure.getClass().getName() + " instead of " + expected.getSimpleName(),
          failure);
    }
  }

  /** A test failure for a result that parsed but is wrong. */
  public AssertionError finding(byte[] input, String problem, Throwable cause) {
    return new AssertionError(parser + " " + problem + " for the input " + describe(input), cause);
  }

  private static String describe(byte[] input) {
    String hex = HexFormat.of().formatHex(input, 0, Math.min(input.length, SHOWN_BYTES));
    return input.length + " bytes: " + hex + (input.length > SHOWN_BYTES ? "..." : "");
  }
}
