package dev.floe;

/** The root of every error Floe raises. Messages say what failed, where, and what to do. */
public class FloeException extends RuntimeException {
  public FloeException(String message) {
    super(message);
  }

  public FloeException(String message, Throwable cause) {
    super(message, cause);
  }
}
