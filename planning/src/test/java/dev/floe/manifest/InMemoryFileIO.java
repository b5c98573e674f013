package dev.floe.manifest;

import dev.floe.FileReadException;
import dev.floe.io.FileIO;
import dev.floe.io.InputFile;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link FileIO} over byte arrays held in memory. A file can be made to fail like broken storage:
 * its stream throws an {@link IOException} once a given number of bytes has been read.
 */
final class InMemoryFileIO implements FileIO {
  private final Map<String, byte[]> files = new HashMap<>();
  private final Map<String, Integer> failingAfter = new HashMap<>();
  private final List<String> opened = new ArrayList<>();

  InMemoryFileIO add(String location, byte[] contents) {
    files.put(location, contents.clone());
    return this;
  }

  /** Makes reads of {@code location} fail with an I/O error after {@code bytes} bytes. */
  InMemoryFileIO failReadsAfter(String location, int bytes) {
    failingAfter.put(location, bytes);
    return this;
  }

  byte[] contents(String location) {
    return files.get(location).clone();
  }

  /** The locations whose streams were opened, in order. */
  List<String> opened() {
    return List.copyOf(opened);
  }

  @Override
  public InputFile newInputFile(String location) {
    return new InMemoryInputFile(location);
  }

  @Override
  public List<String> listDirectory(String location) {
    String prefix = location.endsWith("/") ? location : location + "/";
    return files.keySet().stream()
        .filter(path -> path.startsWith(prefix) && path.indexOf('/', prefix.length()) < 0)
        .sorted()
        .toList();
  }

  private final class InMemoryInputFile implements InputFile {
    private final String location;

    InMemoryInputFile(String location) {
      this.location = location;
    }

    private byte[] contents() {
      byte[] contents = files.get(location);
      if (contents == null) {
        throw new FileReadException("Cannot open " + location + ": the file does not exist");
      }
      return contents;
    }

    @Override
    public String location() {
      return location;
    }

    @Override
    public long length() {
      return contents().length;
    }

    @Override
    public boolean exists() {
      return files.containsKey(location);
    }

    @Override
    public byte[] readRange(long offset, int length) {
      byte[] contents = contents();
      if (offset + length > contents.length) {
        throw new FileReadException(
            "Cannot read " + length + " bytes at " + offset + " of " + location);
      }
      return Arrays.copyOfRange(contents, (int) offset, (int) offset + length);
    }

    @Override
    public InputStream newStream() {
      byte[] contents = contents();
      opened.add(location);
      Integer limit = failingAfter.get(location);
      return limit == null
          ? new ByteArrayInputStream(contents)
          : new FailingStream(contents, limit);
    }
  }

  /** A stream whose storage breaks after {@code limit} bytes. */
  private static final class FailingStream extends InputStream {
    private final ByteArrayInputStream contents;
    private final int limit;
    private int position;

    FailingStream(byte[] contents, int limit) {
      this.contents = new ByteArrayInputStream(contents);
      this.limit = limit;
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      if (position >= limit) {
        throw new IOException("connection reset by the storage");
      }
      int read = contents.read(buffer, offset, Math.min(length, limit - position));
      if (read > 0) {
        position += read;
      }
      return read;
    }
  }
}
