package dev.floe.spark.read;

import dev.floe.io.InputFile;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A Floe {@link InputFile} as parquet-java sees a file, so that footers and column chunks are read
 * through Floe's ranged reads on local and Hadoop storage alike.
 *
 * <p>The first read at the file's end (the footer's length and magic) fetches its last {@link
 * #TAIL} bytes at once: the footer itself is then read from memory, and so is everything else in
 * the tail; a file no longer than the tail takes one request in all. Other small reads (page
 * headers) go through a window; large reads (column chunks) go straight to storage.
 */
final class ParquetInputFile implements org.apache.parquet.io.InputFile {
  /**
   * Most footers fit, and a request of this size costs on an object store what a small one does.
   */
  static final int TAIL = 64 * 1024;

  private final InputFile file;
  private final long length;
  private byte[] tail;
  private long tailStart;

  ParquetInputFile(InputFile file, long knownLength) {
    this.file = file;
    this.length = knownLength > 0 ? knownLength : file.length();
  }

  /**
   * {@code count} bytes at {@code position} from storage, or from the tail when they lie in it; the
   * tail is fetched by the first read that reaches the file's last byte.
   */
  private byte[] readRange(long position, int count) {
    if (tail == null && position + count == length) {
      tailStart = Math.max(0, length - TAIL);
      tail = file.readRange(tailStart, (int) (length - tailStart));
    }
    if (tail != null && position >= tailStart && position + count <= tailStart + tail.length) {
      byte[] bytes = new byte[count];
      System.arraycopy(tail, (int) (position - tailStart), bytes, 0, count);
      return bytes;
    }
    return file.readRange(position, count);
  }

  @Override
  public long getLength() {
    return length;
  }

  @Override
  public SeekableInputStream newStream() {
    return new RangeStream(this, length);
  }

  @Override
  public String toString() {
    return file.location();
  }

  private static final class RangeStream extends SeekableInputStream {
    private static final int WINDOW = 64 * 1024;

    private final ParquetInputFile file;
    private final long length;
    private long position;
    private byte[] window = new byte[0];
    private long windowStart;

    RangeStream(ParquetInputFile file, long length) {
      this.file = file;
      this.length = length;
    }

    @Override
    public long getPos() {
      return position;
    }

    @Override
    public void seek(long newPosition) {
      position = newPosition;
    }

    @Override
    public int read() throws IOException {
      if (position >= length) {
        return -1;
      }
      fillWindow();
      int value = window[(int) (position - windowStart)] & 0xFF;
      position++;
      return value;
    }

    @Override
    public int read(byte[] bytes, int offset, int count) throws IOException {
      if (count == 0) {
        return 0;
      }
      if (position >= length) {
        return -1;
      }
      int available = (int) Math.min(count, length - position);
      readFully(bytes, offset, available);
      return available;
    }

    @Override
    public void readFully(byte[] bytes) throws IOException {
      readFully(bytes, 0, bytes.length);
    }

    @Override
    public void readFully(byte[] bytes, int offset, int count) throws IOException {
      if (position + count > length) {
        throw new EOFException(
            "Cannot read "
                + count
                + " bytes at "
                + position
                + " of "
                + file
                + ": the file has "
                + length);
      }
      if (count >= WINDOW) {
        byte[] read = file.readRange(position, count);
        System.arraycopy(read, 0, bytes, offset, count);
        position += count;
        return;
      }
      int copied = 0;
      while (copied < count) {
        fillWindow();
        int inWindow = (int) (position - windowStart);
        int chunk = Math.min(count - copied, window.length - inWindow);
        System.arraycopy(window, inWindow, bytes, offset + copied, chunk);
        copied += chunk;
        position += chunk;
      }
    }

    @Override
    public int read(ByteBuffer buffer) throws IOException {
      if (position >= length) {
        return -1;
      }
      int count = (int) Math.min(buffer.remaining(), length - position);
      byte[] bytes = new byte[count];
      readFully(bytes, 0, count);
      buffer.put(bytes);
      return count;
    }

    @Override
    public void readFully(ByteBuffer buffer) throws IOException {
      int count = buffer.remaining();
      if (buffer.hasArray()) {
        // column chunks land in heap buffers: read straight into them, without a second copy
        readFully(buffer.array(), buffer.arrayOffset() + buffer.position(), count);
        buffer.position(buffer.position() + count);
        return;
      }
      byte[] bytes = new byte[count];
      readFully(bytes, 0, count);
      buffer.put(bytes);
    }

    @Override
    public long skip(long count) {
      long skipped = Math.max(0, Math.min(count, length - position));
      position += skipped;
      return skipped;
    }

    private void fillWindow() {
      if (position >= windowStart && position < windowStart + window.length) {
        return;
      }
      int size = (int) Math.min(WINDOW, length - position);
      window = file.readRange(position, size);
      windowStart = position;
    }
  }
}
