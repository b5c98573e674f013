package dev.floe.spark.read.avro;

import dev.floe.io.InputFile;
import java.io.EOFException;
import org.apache.avro.file.SeekableInput;

/**
 * Avro's random-access input over a Floe {@link InputFile}, read by ranges of at most {@link
 * #CHUNK_SIZE} bytes: a split that starts deep in a file seeks there without reading what lies
 * before, on object stores as on local disks. Failures of the storage surface as the {@link
 * dev.floe.FileReadException} the input file throws.
 */
final class AvroSeekableInput implements SeekableInput {
  static final int CHUNK_SIZE = 1 << 20;

  private final InputFile file;
  private final long length;
  private final int chunkSize;
  private byte[] chunk = new byte[0];
  private long chunkStart;
  private long position;

  /**
   * @param length the file's length when the caller knows it (from the manifest), else -1 to ask
   *     the storage
   */
  AvroSeekableInput(InputFile file, long length) {
    this(file, length, CHUNK_SIZE);
  }

  AvroSeekableInput(InputFile file, long length, int chunkSize) {
    this.file = file;
    this.length = length > 0 ? length : file.length();
    this.chunkSize = chunkSize;
  }

  @Override
  public void seek(long target) throws EOFException {
    if (target < 0 || target > length) {
      throw new EOFException(
          "Cannot seek to byte " + target + " of " + file.location() + " (" + length + " bytes)");
    }
    position = target;
  }

  @Override
  public long tell() {
    return position;
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public int read(byte[] buffer, int offset, int count) {
    if (count == 0) {
      return 0;
    }
    if (position >= length) {
      return -1;
    }
    if (position < chunkStart || position >= chunkStart + chunk.length) {
      chunkStart = position;
      chunk = file.readRange(position, (int) Math.min(chunkSize, length - position));
    }
    int available = (int) (chunkStart + chunk.length - position);
    int read = Math.min(count, available);
    System.arraycopy(chunk, (int) (position - chunkStart), buffer, offset, read);
    position += read;
    return read;
  }

  @Override
  public void close() {
    chunk = new byte[0];
  }
}
