package dev.floe;

/**
 * A data or delete file's bytes are damaged or are not valid in their format: a footer that does
 * not parse, a page whose CRC does not match, levels or values that contradict the file's own
 * metadata. The message names the file and, where it knows them, the column, row group and page. It
 * is a {@link FileReadException}: the same bytes read again may be intact (damage in transit).
 * Pages are checked as they are read, so nothing of a damaged page is ever returned as data; rows
 * of the file's intact pages before it may already have reached the query (a {@code LIMIT} may then
 * be answered before the damage is reached).
 */
public class CorruptFileException extends FileReadException {
  public CorruptFileException(String message) {
    super(message);
  }

  public CorruptFileException(String message, Throwable cause) {
    super(message, cause);
  }
}
