package dev.floe.spark.exec;

import dev.floe.io.FileIO;
import dev.floe.io.InputFile;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The file access of one partition reader, counting the bytes its reads get back from storage (data
 * files, delete files, deletion vectors) for the {@code bytesRead} task metric. Delete files
 * another task already loaded into the executor's cache are not read, so they do not count.
 */
public final class CountingFileIO implements FileIO {
  private static final long serialVersionUID = 1L;

  private final FileIO io;
  private final LongAdder bytesRead = new LongAdder();

  public CountingFileIO(FileIO io) {
    this.io = io;
  }

  /** The bytes read through this file access so far. */
  public long bytesRead() {
    return bytesRead.sum();
  }

  @Override
  public InputFile newInputFile(String location) {
    return new CountingInputFile(io.newInputFile(location), bytesRead);
  }

  @Override
  public InputFile newInputFile(String location, long length) {
    return new CountingInputFile(io.newInputFile(location, length), bytesRead);
  }

  @Override
  public List<String> listDirectory(String location) {
    return io.listDirectory(location);
  }

  private record CountingInputFile(InputFile file, LongAdder bytesRead) implements InputFile {
    @Override
    public String location() {
      return file.location();
    }

    @Override
    public long length() {
      return file.length();
    }

    @Override
    public boolean exists() {
      return file.exists();
    }

    @Override
    public byte[] readRange(long offset, int length) {
      byte[] bytes = file.readRange(offset, length);
      bytesRead.add(bytes.length);
      return bytes;
    }

    @Override
    public byte[] readAll() {
      byte[] bytes = file.readAll();
      bytesRead.add(bytes.length);
      return bytes;
    }

    @Override
    public InputStream newStream() {
      return new CountingStream(file.newStream(), bytesRead);
    }
  }

  private static final class CountingStream extends FilterInputStream {
    private final LongAdder bytesRead;

    CountingStream(InputStream stream, LongAdder bytesRead) {
      super(stream);
      this.bytesRead = bytesRead;
    }

    @Override
    public int read() throws IOException {
      int value = super.read();
      if (value >= 0) {
        bytesRead.increment();
      }
      return value;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
      int read = super.read(bytes, offset, length);
      if (read > 0) {
        bytesRead.add(read);
      }
      return read;
    }
  }
}
