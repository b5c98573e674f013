package dev.floe.spark.aggregate;

import java.util.Arrays;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The lengths of strings as Spark's {@code length} returns them: Spark's own count of a string's
 * characters ({@code UTF8String.numChars}), invalid UTF-8 included, taken as the number of bytes
 * where every byte is ASCII. A vector of dictionary ids has each entry's length counted once per
 * batch, however many rows name it (a vector holds one dictionary at a time).
 */
final class StringLengths implements ArgumentReader {
  /** The high bit of each of a long's eight bytes: set only in bytes that are not ASCII. */
  private static final long HIGH_BITS = 0x8080_8080_8080_8080L;

  /** Per dictionary id, its entry's length, valid where {@link #batchOfId} holds the batch. */
  private int[] lengthOfId = new int[0];

  private int[] batchOfId = new int[0];
  private int batch;

  @Override
  public void read(ColumnVector vector, int rows, long[] values) {
    if (vector instanceof WritableColumnVector writable && writable.hasDictionary()) {
      readIds(writable, rows, values);
      return;
    }
    boolean nulls = vector.hasNull();
    for (int row = 0; row < rows; row++) {
      if (!nulls || !vector.isNullAt(row)) {
        values[row] = characters(vector.getUTF8String(row));
      }
    }
  }

  private void readIds(WritableColumnVector vector, int rows, long[] values) {
    if (batch == Integer.MAX_VALUE) {
      Arrays.fill(batchOfId, 0);
      batch = 0;
    }
    batch++;
    WritableColumnVector ids = vector.getDictionaryIds();
    boolean nulls = vector.hasNull();
    for (int row = 0; row < rows; row++) {
      if (nulls && vector.isNullAt(row)) {
        continue;
      }
      int id = ids.getDictId(row);
      if (id >= batchOfId.length) {
        int size = Math.max(id + 1, 2 * batchOfId.length);
        batchOfId = Arrays.copyOf(batchOfId, size);
        lengthOfId = Arrays.copyOf(lengthOfId, size);
      }
      if (batchOfId[id] != batch) {
        lengthOfId[id] = characters(vector.getUTF8String(row));
        batchOfId[id] = batch;
      }
      values[row] = lengthOfId[id];
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
