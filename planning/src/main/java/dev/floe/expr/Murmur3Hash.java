package dev.floe.expr;

import java.nio.ByteBuffer;

/**
 * The 32-bit Murmur3 hash, x86 variant, seeded with 0: the hash the Iceberg spec fixes for the
 * {@code bucket} transform (Appendix B). Written here because planning ships no hashing library.
 */
final class Murmur3Hash {
  private static final int C1 = 0xcc9e2d51;
  private static final int C2 = 0x1b873593;

  private Murmur3Hash() {}

  /** The hash of a long's eight little-endian bytes; ints are hashed as longs too. */
  static int hashLong(long value) {
    int hash = mixIntoHash(0, mixBlock((int) value));
    hash = mixIntoHash(hash, mixBlock((int) (value >>> 32)));
    return finish(hash, Long.BYTES);
  }

  /** The hash of the remaining bytes of {@code bytes}, whose position is left as it was. */
  static int hashBytes(ByteBuffer bytes) {
    ByteBuffer view = bytes.duplicate();
    byte[] copy = new byte[view.remaining()];
    view.get(copy);
    return hashBytes(copy);
  }

  static int hashBytes(byte[] bytes) {
    int hash = 0;
    int blocks = bytes.length / Integer.BYTES;
    for (int block = 0; block < blocks; block++) {
      int offset = block * Integer.BYTES;
      int word =
          (bytes[offset] & 0xff)
              | (bytes[offset + 1] & 0xff) << 8
              | (bytes[offset + 2] & 0xff) << 16
              | (bytes[offset + 3] & 0xff) << 24;
      hash = mixIntoHash(hash, mixBlock(word));
    }
    int tailStart = blocks * Integer.BYTES;
    int tail = 0;
    // the tail bytes fill the low end of a little-endian word, as in the reference implementation
    for (int index = bytes.length - 1; index >= tailStart; index--) {
      tail = (tail << 8) | (bytes[index] & 0xff);
    }
    if (bytes.length > tailStart) {
      hash ^= mixBlock(tail);
    }
    return finish(hash, bytes.length);
  }

  private static int mixBlock(int block) {
    return Integer.rotateLeft(block * C1, 15) * C2;
  }

  private static int mixIntoHash(int hash, int mixedBlock) {
    return Integer.rotateLeft(hash ^ mixedBlock, 13) * 5 + 0xe6546b64;
  }

  private static int finish(int hash, int length) {
    int result = hash ^ length;
    result ^= result >>> 16;
    result *= 0x85ebca6b;
    result ^= result >>> 13;
    result *= 0xc2b2ae35;
    result ^= result >>> 16;
    return result;
  }
}
