package dev.floe;

/**
 * A file of the table is not what the Iceberg spec says it must be: a missing required field, a
 * truncated manifest, an unsupported format version. The message names the file and the hop.
 */
public class CorruptTableException extends FloeException {
  public CorruptTableException(String message) {
    super(message);
  }

  public CorruptTableException(String message, Throwable cause) {
    super(message, cause);
  }
}
