package dev.floe.spark.read.parquet.format;

import java.io.IOException;
import java.io.InputStream;
import java.util.Set;
import org.brotli.dec.BrotliInputStream;

/**
 * Decompresses Brotli-compressed Parquet pages. Spark ships no Brotli codec (parquet-java's BROTLI
 * codec looks for jbrotli's native Hadoop codec, which is not there), so Floe bundles Google's
 * pure-Java decoder {@code org.brotli:dec}, relocated into the connector jar.
 *
 * <p>A page is one whole Brotli stream whose decompressed size the page header states. {@link
 * #decompress} writes it straight into the caller's array and refuses anything else: a stream the
 * decoder cannot read, one that ends before its last meta-block, bytes after its end, and a stream
 * that decompresses to more or fewer bytes than the header says. Brotli has no checksum of its own:
 * a flipped bit can also decode to other bytes of the right size, which only the page's CRC, where
 * the writer stored one, reveals.
 *
 * <p>Each call builds the decoder's state, since the decoder has no public way to reset one: fixed
 * tables of about 35 KiB, the Huffman tables each meta-block declares (a few MiB at most), and a
 * ring buffer no larger than the stream's window (16 MiB at most; for a small page, 16 KiB or the
 * page's size). Besides two small stream objects nothing else is allocated, and nothing is kept
 * between calls: safe from any thread.
 */
final class BrotliPages {
  /**
   * The decoder's own buffer for single-byte reads: the one read of a byte, after the page, that
   * finds out whether the stream holds more.
   */
  private static final int PROBE_BUFFER_SIZE = 1;

  /** What the decoder says when its input runs out before the stream's last meta-block. */
  private static final Set<String> END_OF_INPUT =
      Set.of("No more input", "Unexpected end of input", "Read after end");

  /** What the decoder says when input it has read is left over after the stream's end. */
  private static final String TRAILING_BYTES = "Unused bytes after end";

  private BrotliPages() {}

  /**
   * Decompresses the Brotli stream {@code source[offset .. offset + length)} into {@code
   * target[targetOffset .. targetOffset + uncompressedSize)}.
   *
   * @throws IOException when the stream is corrupt, ends early, is followed by other bytes, or
   *     decompresses to more or fewer than {@code uncompressedSize} bytes; the message says which,
   *     and the caller adds the file and column. After a failure the target range holds whatever
   *     the decoder wrote before it stopped.
   * @throws IllegalArgumentException when a range lies outside its array
   */
  static void decompress(
      byte[] source, int offset, int length, byte[] target, int targetOffset, int uncompressedSize)
      throws IOException {
    checkRange("compressed", source.length, offset, length);
    if (uncompressedSize < 0) {
      throw new IOException(
          "Corrupt Brotli page of "
              + length
              + " bytes: its header gives a negative uncompressed size, "
              + uncompressedSize);
    }
    checkRange("target", target.length, targetOffset, uncompressedSize);
    if (length == 0) {
      throw new IOException(
          "Corrupt Brotli page of 0 bytes: a Brotli stream has at least one byte");
    }

    PageSource compressed = new PageSource(source, offset, length);
    int written = 0;
    boolean longer;
    try (BrotliInputStream page = new BrotliInputStream(compressed, PROBE_BUFFER_SIZE)) {
      while (written < uncompressedSize) {
        int read = page.read(target, targetOffset + written, uncompressedSize - written);
        if (read < 0) {
          break;
        }
        written += read;
      }
      longer = written == uncompressedSize && page.read() >= 0;
    } catch (IOException | RuntimeException failure) {
      // The decoder reports corrupt input as an IOException wrapping its BrotliRuntimeException;
      // any other runtime exception from it is taken for corrupt input too, as the bytes are a
      // file's.
      throw corrupt(length, uncompressedSize, written, failure);
    }
    if (longer) {
      throw new IOException(
          "Corrupt Brotli page of "
              + length
              + " bytes: it decompresses to more than the "
              + uncompressedSize
              + " bytes its header says");
    }
    if (written < uncompressedSize) {
      throw new IOException(
          "Corrupt Brotli page of "
              + length
              + " bytes: it decompresses to "
              + written
              + " bytes where its header says "
              + uncompressedSize);
    }
    if (compressed.remaining() > 0) {
      throw new IOException(
          "Corrupt Brotli page of "
              + length
              + " bytes: "
              + compressed.remaining()
              + " bytes follow the end of its stream");
    }
  }

  private static IOException corrupt(
      int length, int uncompressedSize, int written, Exception failure) {
    Throwable cause = failure;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    String reason = cause.getMessage() == null ? cause.toString() : cause.getMessage();
    // Past its input the decoder reads zeros, so a cut stream often fails as a corrupt one would.
    String what =
        END_OF_INPUT.contains(reason)
            ? "the stream ends early"
            : reason.equals(TRAILING_BYTES)
                ? "bytes follow the end of its stream"
                : "the stream is corrupt or truncated";
    return new IOException(
        "Corrupt Brotli page of "
            + length
            + " bytes: "
            + what
            + ", after "
            + written
            + " of the "
            + uncompressedSize
            + " bytes its header says (decoder: "
            + reason
            + ")",
        failure);
  }

  private static void checkRange(String what, int arrayLength, int offset, int length) {
    if (offset < 0 || length < 0 || offset > arrayLength - length) {
      throw new IllegalArgumentException(
          "The "
              + what
              + " range ["
              + offset
              + ", "
              + offset
              + " + "
              + length
              + ") lies outside its array of "
              + arrayLength
              + " bytes");
    }
  }

  /**
   * The compressed page as the decoder's input, without the locking of {@link
   * java.io.ByteArrayInputStream}; it tells how many bytes the decoder left unread.
   */
  private static final class PageSource extends InputStream {
    private final byte[] bytes;
    private final int end;
    private int position;

    PageSource(byte[] bytes, int offset, int length) {
      this.bytes = bytes;
      this.position = offset;
      this.end = offset + length;
    }

    int remaining() {
      return end - position;
    }

    @Override
    public int read() {
      return position < end ? bytes[position++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] buffer, int bufferOffset, int count) {
      if (count == 0) {
        return 0;
      }
      if (position >= end) {
        return -1;
      }
      int copied = Math.min(count, end - position);
      System.arraycopy(bytes, position, buffer, bufferOffset, copied);
      position += copied;
      return copied;
    }

    @Override
    public int available() {
      return end - position;
    }
  }
}
