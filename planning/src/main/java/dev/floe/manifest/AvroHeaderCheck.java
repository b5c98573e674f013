package dev.floe.manifest;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongSupplier;

/**
 * Checks the lengths an Avro container file's header claims before Avro reads it.
 *
 * <p>Avro allocates a string's or byte array's whole claimed length before it reads the bytes, so a
 * damaged length in the header's metadata makes it allocate up to 2 GiB for a file of a few hundred
 * bytes: slow at best, an {@link OutOfMemoryError} at worst. This check walks the header (magic,
 * then the metadata map's blocks of key and value) on a marked stream that is reset afterwards, and
 * refuses a length longer than the file. Anything else wrong with the header is left to Avro, which
 * reports it when it reads the same bytes.
 */
final class AvroHeaderCheck {
  /** How far the check may read ahead: headers hold a schema, a spec and a few properties. */
  static final int READ_AHEAD_LIMIT = 64 << 20;

  /** Lengths up to this are allocated without asking the storage for the file's length. */
  private static final long UNCHECKED_LENGTH = 1 << 20;

  private static final int MAGIC_LENGTH = 4;
  private static final String[] PARTS = {"key", "value"};

  private final InputStream in;
  private final LongSupplier fileLength;
  private long consumed;

  private AvroHeaderCheck(InputStream in, LongSupplier fileLength) {
    this.in = in;
    this.fileLength = fileLength;
  }

  /**
   * Walks the header at the start of {@code marked}, which must support {@code mark} with {@link
   * #READ_AHEAD_LIMIT}, and resets it to where it was.
   *
   * @return what is wrong when a length in the header is longer than the file, else null
   * @throws IOException when reading failed
   */
  static String oversizedLength(InputStream marked, LongSupplier fileLength) throws IOException {
    marked.mark(READ_AHEAD_LIMIT);
    try {
      return new AvroHeaderCheck(marked, fileLength).walk();
    } catch (EOFException endOfHeader) {
      return null; // a short header, or one longer than the read-ahead: Avro reads it itself
    } finally {
      marked.reset();
    }
  }

  private String walk() throws IOException {
    skip(MAGIC_LENGTH);
    for (long count = readLong(); count != 0; count = readLong()) {
      if (count < 0) {
        count = -count;
        readLong(); // the block's size in bytes
      }
      for (long entry = 0; entry < count; entry++) {
        for (String part : PARTS) {
          long length = readLong();
          if (length > UNCHECKED_LENGTH && length > fileLength.getAsLong()) {
            return "its header claims a metadata "
                + part
                + " of "
                + length
                + " bytes, more than the file's "
                + fileLength.getAsLong();
          }
          skip(Math.max(length, 0));
        }
      }
    }
    return null;
  }

  private void skip(long count) throws IOException {
    if (consumed + count > READ_AHEAD_LIMIT - 16) {
      throw new EOFException();
    }
    in.skipNBytes(count);
    consumed += count;
  }

  /** Avro's variable-length zig-zag long. */
  private long readLong() throws IOException {
    long unsigned = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      int next = in.read();
      if (next < 0) {
        throw new EOFException();
      }
      consumed++;
      unsigned |= (long) (next & 0x7f) << shift;
      if ((next & 0x80) == 0) {
        return (unsigned >>> 1) ^ -(unsigned & 1);
      }
    }
    throw new EOFException(); // longer than ten bytes: Avro reports it
  }
}
