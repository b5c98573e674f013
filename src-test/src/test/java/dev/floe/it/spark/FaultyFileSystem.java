package dev.floe.it.spark;

import java.io.EOFException;
import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The local file system under the scheme {@code faulty:}, whose input streams fail on a chosen byte
 * of a chosen file: a read that reaches byte {@code N} returns the bytes before it, then the next
 * read throws an {@link IOException}, as a storage connection dropped mid-file would. Faults are
 * registered per path in this JVM (Spark's local executors share it), so Iceberg writes a table
 * through the scheme unharmed and Floe's later read meets the fault.
 */
public final class FaultyFileSystem extends RawLocalFileSystem {
  static final String SCHEME = "faulty";
  private static final URI ROOT = URI.create(SCHEME + ":///");
  private static final Map<String, Long> FAULTS = new ConcurrentHashMap<>();
  private static final AtomicInteger FAILED_READS = new AtomicInteger();

  /** Reads of {@code location} (a {@code faulty:} URI or its path) fail at byte {@code offset}. */
  static void failAt(String location, long offset) {
    FAULTS.put(URI.create(location).getPath(), offset);
  }

  /** Removes every fault and resets the count of failed reads. */
  static void clear() {
    FAULTS.clear();
    FAILED_READS.set(0);
  }

  /** How many reads failed since {@link #clear()}: proof that a fault was really met. */
  static int failedReads() {
    return FAILED_READS.get();
  }

  @Override
  public URI getUri() {
    return ROOT;
  }

  @Override
  public String getScheme() {
    return SCHEME;
  }

  @Override
  public void setPermission(Path path, FsPermission permission) {
    // Local permissions cost a forked chmod per file without Hadoop's native library.
  }

  @Override
  public FSDataInputStream open(Path path, int bufferSize) throws IOException {
    FSDataInputStream local = super.open(path, bufferSize);
    Long offset = FAULTS.get(path.toUri().getPath());
    if (offset == null) {
      return local;
    }
    return new FSDataInputStream(new FailingStream(local, offset, path.toString()));
  }

  /** Delegates to the local stream until a read reaches the poisoned byte. */
  private static final class FailingStream extends FSInputStream {
    private final FSDataInputStream local;
    private final long poisoned;
    private final String location;

    FailingStream(FSDataInputStream local, long poisoned, String location) {
      this.local = local;
      this.poisoned = poisoned;
      this.location = location;
    }

    @Override
    public void seek(long position) throws IOException {
      local.seek(position);
    }

    @Override
    public long getPos() throws IOException {
      return local.getPos();
    }

    @Override
    public boolean seekToNewSource(long target) {
      return false;
    }

    @Override
    public int read() throws IOException {
      failIfAtFault();
      return local.read();
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
      if (length == 0) {
        return 0;
      }
      failIfAtFault();
      long position = local.getPos();
      int allowed = length;
      if (position < poisoned && poisoned < position + length) {
        allowed = (int) (poisoned - position);
      }
      return local.read(bytes, offset, allowed);
    }

    @Override
    public void readFully(long position, byte[] bytes, int offset, int length) throws IOException {
      int done = 0;
      while (done < length) {
        int read = read(position + done, bytes, offset + done, length - done);
        if (read < 0) {
          throw new EOFException("End of " + location + " at " + (position + done));
        }
        done += read;
      }
    }

    @Override
    public int available() throws IOException {
      return local.available();
    }

    @Override
    public void close() throws IOException {
      local.close();
    }

    private void failIfAtFault() throws IOException {
      if (local.getPos() == poisoned) {
        FAILED_READS.incrementAndGet();
        throw new IOException("Injected fault: connection reset at byte " + poisoned);
      }
    }
  }
}
