package dev.floe;

/**
 * A catalog service answered with an error, or did not answer at all. The message names the
 * catalog, the request (method and path, never the query or a secret), the HTTP status and the
 * server's error type and message.
 */
public class CatalogException extends FloeException {
  /** The status when no HTTP response arrived: a refused connection, a timeout. */
  public static final int NO_RESPONSE = 0;

  private final int status;

  public CatalogException(int status, String message) {
    super(message);
    this.status = status;
  }

  public CatalogException(int status, String message, Throwable cause) {
    super(message, cause);
    this.status = status;
  }

  /** The HTTP status of the failed response, or {@link #NO_RESPONSE} when none arrived. */
  public int status() {
    return status;
  }
}
