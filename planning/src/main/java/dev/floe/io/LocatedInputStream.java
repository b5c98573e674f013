package dev.floe.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Names the file in every I/O failure of a stream that decoders read sequentially: a storage error
 * in the middle of a manifest says which file broke, whatever the storage put in its own message.
 */
final class LocatedInputStream extends FilterInputStream {
  private final String location;

  LocatedInputStream(String location, InputStream stream) {
    super(stream);
    this.location = location;
  }

  @Override
  public int read() throws IOException {
    try {
      return super.read();
    } catch (IOException failure) {
      throw located(failure);
    }
  }

  @Override
  public int read(byte[] bytes, int offset, int length) throws IOException {
    try {
      return super.read(bytes, offset, length);
    } catch (IOException failure) {
      throw located(failure);
    }
  }

  @Override
  public long skip(long count) throws IOException {
    try {
      return super.skip(count);
    } catch (IOException failure) {
      throw located(failure);
    }
  }

  private IOException located(IOException failure) {
    return new IOException("Cannot read " + location + ": " + failure.getMessage(), failure);
  }
}
