package dev.floe;

/**
 * The caller asked for something the table cannot give: an unknown snapshot id, ref or option, a
 * timestamp before the first snapshot. Fix the request, not the table.
 */
public class InvalidRequestException extends FloeException {
  public InvalidRequestException(String message) {
    super(message);
  }

  public InvalidRequestException(String message, Throwable cause) {
    super(message, cause);
  }
}
