package dev.floe.io;

import java.io.InputStream;

/**
 * One file, read whole or by byte range. Every failure is a {@link dev.floe.FileReadException}
 * whose message names {@link #location()}.
 */
public interface InputFile {
  String location();

  /** The file's length in bytes. */
  long length();

  /** Whether the file exists. */
  boolean exists();

  /** Reads {@code length} bytes starting at {@code offset}; fails if the file is shorter. */
  byte[] readRange(long offset, int length);

  /** Reads the whole file. */
  default byte[] readAll() {
    long length = length();
    if (length > Integer.MAX_VALUE - 8) {
      throw new dev.floe.FileReadException(
          "Cannot read " + location() + " whole: " + length + " bytes is more than 2 GiB");
    }
    return readRange(0, (int) length);
  }

  /** A stream over the whole file, for sequential decoders. */
  InputStream newStream();
}
