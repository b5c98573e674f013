package dev.floe;

/** Reading a file failed below the format: it is missing, unreadable, or the storage failed. */
public class FileReadException extends FloeException {
  public FileReadException(String message) {
    super(message);
  }

  public FileReadException(String message, Throwable cause) {
    super(message, cause);
  }
}
