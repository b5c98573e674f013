package dev.floe.spark.aggregate;

import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The lengths of strings as Spark's {@code length} returns them: Spark's own count of a string's
 * characters ({@code UTF8String.numChars}), invalid UTF-8 included, taken as the number of bytes
 * where every byte is ASCII.
 */
final class StringLengths {
  /** The high bit of each of a long's eight bytes: set only in bytes that are not ASCII. */
  private static final long HIGH_BITS = 0x8080_8080_8080_8080L;

  private StringLengths() {}

  /** Reads the lengths of rows {@code 0 .. rows - 1}; a null row's slot is left as it was. */
  static void read(ColumnVector vector, int rows, long[] values) {
    boolean nulls = vector.hasNull();
    for (int row = 0; row < rows; row++) {
      if (!nulls || !vector.isNullAt(row)) {
        values[row] = characters(vector.getUTF8String(row));
      }
    }
  }

  /**
   * Spark's count of the string's characters: its bytes when every one is ASCII, found eight at a
   * time, which is what Spark counts too (each byte below 0x80 is a character of its own); else
   * Spark's own count.
   */
  static int characters(UTF8String string) {
    Object base = string.getBaseObject();
    long offset = string.getBaseOffset();
    int bytes = string.numBytes();
    int index = 0;
    for (; index + Long.BYTES <= bytes; index += Long.BYTES) {
      if ((Platform.getLong(base, offset + index) & HIGH_BITS) != 0) {
        return string.numChars();
      }
    }
    for (; index < bytes; index++) {
      if (Platform.getByte(base, offset + index) < 0) {
        return string.numChars();
      }
    }
    return bytes;
  }
}
