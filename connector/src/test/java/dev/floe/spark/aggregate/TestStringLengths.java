package dev.floe.spark.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/**
 * The length of a string is Spark's {@code numChars}, whatever its bytes: ASCII of every length
 * around the eight bytes read at once, multi-byte characters, and bytes that are not UTF-8, at any
 * offset in a shared buffer.
 */
class TestStringLengths {
  private static final byte[][] PIECES = {
    {'a'},
    {'Z'},
    {(byte) 0xC3, (byte) 0xA9},
    {(byte) 0xE6, (byte) 0x97, (byte) 0xA5},
    {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80},
    {(byte) 0x80},
    {(byte) 0xC3},
    {(byte) 0xFF},
    {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
  };

  @Test
  void lengthsAreSparksCharacterCounts() {
    Random random = new Random(26);
    byte[] buffer = new byte[4096];
    for (int string = 0; string < 20_000; string++) {
      int offset = random.nextInt(64);
      int length = 0;
      int pieces = random.nextInt(40);
      boolean ascii = random.nextBoolean();
      for (int piece = 0; piece < pieces; piece++) {
        byte[] bytes = PIECES[ascii ? random.nextInt(2) : random.nextInt(PIECES.length)];
        System.arraycopy(bytes, 0, buffer, offset + length, bytes.length);
        length += bytes.length;
      }
      UTF8String value = UTF8String.fromBytes(buffer, offset, length);
      assertThat(StringLengths.characters(value))
          .as("the length of %s", value)
          .isEqualTo(value.numChars());
    }
  }

  @Test
  void aByteAboveAsciiAnywhereCountsAsSparkDoes() {
    for (int length = 1; length <= 24; length++) {
      for (int position = 0; position < length; position++) {
        byte[] bytes = new byte[length];
        java.util.Arrays.fill(bytes, (byte) 'x');
        bytes[position] = (byte) 0x80;
        UTF8String value = UTF8String.fromBytes(bytes);
        assertThat(StringLengths.characters(value)).isEqualTo(value.numChars());
        bytes[position] = (byte) 0xE6;
        UTF8String lead = UTF8String.fromBytes(bytes);
        assertThat(StringLengths.characters(lead))
            .as("a three-byte lead at %d of %d", position, length)
            .isEqualTo(lead.numChars())
            // the lead takes up to two more bytes with it, as Spark counts
            .isEqualTo(length - Math.min(2, length - 1 - position));
      }
    }
  }

  /**
   * Lengths of dictionary ids are counted per batch: the next batch's dictionary, with the same
   * ids, gives other lengths.
   */
  @Test
  void eachBatchCountsTheEntriesOfItsOwnDictionary() {
    StringLengths lengths = new StringLengths();
    OnHeapColumnVector vector = new OnHeapColumnVector(4, DataTypes.StringType);
    var ids = vector.reserveDictionaryIds(4);
    for (int row = 0; row < 4; row++) {
      ids.putInt(row, row % 2);
    }
    long[] values = new long[4];
    vector.setDictionary(new TestRowAggregation.Utf8Entries(new String[] {"abc", "\u00e9"}));
    lengths.read(vector, 4, values);
    assertThat(values).containsExactly(3, 1, 3, 1);
    vector.setDictionary(new TestRowAggregation.Utf8Entries(new String[] {"x", "longer one"}));
    lengths.read(vector, 4, values);
    assertThat(values).containsExactly(1, 10, 1, 10);
    vector.putNull(2);
    values[2] = -1;
    lengths.read(vector, 3, values);
    assertThat(values).as("a null row's slot is left as it was").containsExactly(1, 10, -1, 10);
  }
}
