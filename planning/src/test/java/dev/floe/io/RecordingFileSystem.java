package dev.floe.io;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PositionedReadable;
import org.apache.hadoop.fs.Seekable;
import org.apache.hadoop.fs.impl.OpenFileParameters;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A read-only in-memory Hadoop file system for the scheme {@value #SCHEME}, registered through
 * {@code fs.floetest.impl}. Every instance is kept in {@link #INSTANCES} with the configuration it
 * was initialized with, and counts its {@code open} and {@code openFile} calls and the bytes its
 * streams served, so tests see which instance a read went to and how much it read.
 */
public final class RecordingFileSystem extends FileSystem {
  static final String SCHEME = "floetest";
  static final Map<String, String> REGISTRATION =
      Map.of("fs." + SCHEME + ".impl", RecordingFileSystem.class.getName());

  /** File contents by path (without scheme and authority), shared by every instance. */
  static final Map<String, byte[]> FILES = new ConcurrentHashMap<>();

  static final List<RecordingFileSystem> INSTANCES = new CopyOnWriteArrayList<>();

  final AtomicInteger opens = new AtomicInteger();
  final AtomicInteger openFiles = new AtomicInteger();
  final AtomicLong bytesServed = new AtomicLong();
  volatile OpenFileParameters lastOpenFile;
  private URI uri;

  @Override
  public void initialize(URI name, Configuration configuration) throws IOException {
    super.initialize(name, configuration);
    this.uri = URI.create(name.getScheme() + "://" + name.getAuthority());
    setConf(configuration);
    INSTANCES.add(this);
  }

  @Override
  public String getScheme() {
    return SCHEME;
  }

  @Override
  public URI getUri() {
    return uri;
  }

  @Override
  public FSDataInputStream open(Path path, int bufferSize) throws IOException {
    opens.incrementAndGet();
    return new FSDataInputStream(new Served(content(path)));
  }

  @Override
  protected CompletableFuture<FSDataInputStream> openFileWithOptions(
      Path path, OpenFileParameters parameters) throws IOException {
    openFiles.incrementAndGet();
    lastOpenFile = parameters;
    return super.openFileWithOptions(path, parameters);
  }

  @Override
  public FileStatus getFileStatus(Path path) throws IOException {
    return new FileStatus(content(path).length, false, 1, 1, 0, path);
  }

  @Override
  public FileStatus[] listStatus(Path path) {
    return new FileStatus[0];
  }

  @Override
  public FSDataOutputStream create(
      Path path,
      FsPermission permission,
      boolean overwrite,
      int bufferSize,
      short replication,
      long blockSize,
      Progressable progress) {
    throw new UnsupportedOperationException("read-only test file system");
  }

  @Override
  public FSDataOutputStream append(Path path, int bufferSize, Progressable progress) {
    throw new UnsupportedOperationException("read-only test file system");
  }

  @Override
  public boolean rename(Path source, Path target) {
    throw new UnsupportedOperationException("read-only test file system");
  }

  @Override
  public boolean delete(Path path, boolean recursive) {
    throw new UnsupportedOperationException("read-only test file system");
  }

  @Override
  public void setWorkingDirectory(Path directory) {}

  @Override
  public Path getWorkingDirectory() {
    return new Path(uri + "/");
  }

  @Override
  public boolean mkdirs(Path path, FsPermission permission) {
    throw new UnsupportedOperationException("read-only test file system");
  }

  private byte[] content(Path path) throws FileNotFoundException {
    byte[] content = FILES.get(path.toUri().getPath());
    if (content == null) {
      throw new FileNotFoundException(path + " does not exist");
    }
    return content;
  }

  /** A seekable stream over one file's bytes that counts what it hands out. */
  private final class Served extends InputStream implements Seekable, PositionedReadable {
    private final byte[] content;
    private long position;

    Served(byte[] content) {
      this.content = content;
    }

    @Override
    public int read() {
      if (position >= content.length) {
        return -1;
      }
      bytesServed.incrementAndGet();
      return content[(int) position++] & 0xFF;
    }

    @Override
    public int read(long at, byte[] buffer, int offset, int length) {
      if (at >= content.length) {
        return -1;
      }
      int count = (int) Math.min(length, content.length - at);
      System.arraycopy(content, (int) at, buffer, offset, count);
      bytesServed.addAndGet(count);
      return count;
    }

    @Override
    public void readFully(long at, byte[] buffer, int offset, int length) throws IOException {
      if (at + length > content.length) {
        throw new java.io.EOFException("Reached the end of the file at " + content.length);
      }
      System.arraycopy(content, (int) at, buffer, offset, length);
      bytesServed.addAndGet(length);
    }

    @Override
    public void readFully(long at, byte[] buffer) throws IOException {
      readFully(at, buffer, 0, buffer.length);
    }

    @Override
    public void seek(long target) {
      position = target;
    }

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public boolean seekToNewSource(long target) {
      return false;
    }
  }
}
