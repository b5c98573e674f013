package dev.floe.cli;

/**
 * The command line cannot be understood. It never leaves the CLI: {@link FloeCli} turns it into
 * exit code 2 and the usage text, which is why it is not a {@link dev.floe.FloeException}.
 */
final class UsageException extends Exception {
  private static final long serialVersionUID = 1L;

  UsageException(String message) {
    super(message);
  }

  UsageException(String message, Throwable cause) {
    super(message, cause);
  }
}
