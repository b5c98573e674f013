package dev.floe.deletes;

import static dev.floe.deletes.DeletionVectorFixtures.FILE_A;
import static dev.floe.deletes.DeletionVectorFixtures.PUFFIN;
import static dev.floe.deletes.DeletionVectorFixtures.TWO_TO_32;
import static dev.floe.deletes.DeletionVectorFixtures.blob;
import static dev.floe.deletes.DeletionVectorFixtures.portableBitmap;
import static dev.floe.deletes.DeletionVectorFixtures.puffin;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.deletes.DeletionVectorFixtures.PuffinFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/**
 * Deletion vectors damaged in every bit, cut at every byte, or holding Roaring bitmaps that
 * RoaringBitmap itself would accept but that break the format: each is a CorruptTableException
 * naming the Puffin file and the blob, never positions. The hand-picked cases stay in {@link
 * TestDeletionVectorReader}; these are systematic.
 */
class TestDeletionVectorBadInput {
  private static final long[] POSITIONS = {0, 7, 4096, 70_000, 3 * TWO_TO_32 + 11};
  private static final byte[] BLOB = blob(portableBitmap(POSITIONS));
  private static final String MESSAGE = "Cannot read deletion vector " + PUFFIN + " at offset 4";

  @Test
  void everySingleBitFlipIsCorrupt() {
    for (int bit = 0; bit < BLOB.length * 8; bit++) {
      byte[] damaged = BLOB.clone();
      damaged[bit / 8] ^= (byte) (1 << (bit % 8));
      PuffinFile puffin = puffin(damaged);
      int flipped = bit;
      assertThatThrownBy(() -> read(puffin, POSITIONS.length))
          .as("bit %s of the %s-byte blob flipped", flipped, BLOB.length)
          .isInstanceOf(CorruptTableException.class)
          .hasMessageStartingWith(MESSAGE)
          .hasMessageContaining("for data file " + FILE_A);
    }
  }

  @Test
  void puffinFileCutInsideTheBlobIsCorrupt() {
    PuffinFile puffin = puffin(BLOB);
    for (int end = 0; end < 4 + BLOB.length; end++) {
      byte[] cut = Arrays.copyOf(puffin.bytes(), end);
      DeletionVectorReader reader = new DeletionVectorReader(new BytesFileIO().add(PUFFIN, cut));
      assertThatThrownBy(() -> reader.read(puffin.deletionVector(0, FILE_A, POSITIONS.length)))
          .as("Puffin file cut at byte %s", end)
          .isInstanceOf(CorruptTableException.class)
          .hasMessageStartingWith(MESSAGE)
          .hasMessageContaining("truncated: the blob ends at byte " + (4 + BLOB.length));
    }
  }

  @Test
  void blobRangeShorterThanTheBlobIsCorrupt() {
    PuffinFile puffin = puffin(BLOB);
    BytesFileIO io = new BytesFileIO().add(PUFFIN, puffin.bytes());
    for (long size = DeletionVectorBlob.MINIMUM_SIZE; size < BLOB.length; size++) {
      long claimed = size;
      assertThatThrownBy(
              () ->
                  new DeletionVectorReader(io)
                      .read(puffin.deletionVector(FILE_A, POSITIONS.length, 4L, claimed)))
          .as("content_size_in_bytes %s of a %s-byte blob", claimed, BLOB.length)
          .isInstanceOf(CorruptTableException.class)
          .hasMessageStartingWith(MESSAGE)
          .hasMessageContaining("length mismatch");
    }
  }

  @Test
  void damagedPuffinFooterDoesNotMatter() {
    PuffinFile puffin = puffin(BLOB);
    byte[] damagedFooter = puffin.bytes();
    Arrays.fill(damagedFooter, 4 + BLOB.length, damagedFooter.length, (byte) 0x5a);
    DeletionVectorReader reader =
        new DeletionVectorReader(new BytesFileIO().add(PUFFIN, damagedFooter));

    PositionIndex positions = reader.read(puffin.deletionVector(0, FILE_A, POSITIONS.length));

    assertThat(positions.cardinality())
        .as("the blob is read by its manifest range, never through the footer")
        .isEqualTo(POSITIONS.length);
    assertThat(Arrays.stream(POSITIONS).allMatch(positions::isDeleted)).isTrue();
  }

  @Test
  void emptyRunContainerIsCorrupt() {
    // one key, one run container holding no runs: RoaringBitmap reads it, then fails on lookups
    ByteBuffer bitmap = ByteBuffer.allocate(4 + 1 + 4 + 2).order(ByteOrder.LITTLE_ENDIAN);
    bitmap.putInt(12347).put((byte) 1).putShort((short) 0).putShort((short) 0).putShort((short) 0);
    assertMalformed(bitmap.array(), 1, "container 0 stores cardinality");
  }

  @Test
  void containerKeysOutOfOrderAreCorrupt() {
    byte[] bitmap = serialized(1, 65_536 + 1);
    // the keys of the two containers, at bytes 8 and 12: swap 0 and 1
    bitmap[8] = 1;
    bitmap[12] = 0;
    assertMalformed(bitmap, 2, "container keys 1 and 0 do not ascend");
  }

  @Test
  void arrayContainerValuesOutOfOrderAreCorrupt() {
    byte[] bitmap = serialized(1, 5, 9);
    ByteBuffer values = ByteBuffer.wrap(bitmap).order(ByteOrder.LITTLE_ENDIAN);
    int first = bitmap.length - 6;
    values.putShort(first, (short) 9).putShort(first + 4, (short) 1);
    assertMalformed(bitmap, 3, "its values do not ascend");
  }

  @Test
  void bitmapContainerWithAWrongCardinalityIsCorrupt() {
    int[] values = new int[5000];
    Arrays.setAll(values, index -> index * 2);
    byte[] bitmap = serialized(values);
    // the stored cardinality minus one, after the cookie, the count and the key
    ByteBuffer.wrap(bitmap).order(ByteOrder.LITTLE_ENDIAN).putShort(10, (short) 5000);
    assertMalformed(bitmap, 5000, "stores cardinality 5001 but holds 5000 values");
  }

  /** A DV whose only 32-bit bitmap, for key 0, is {@code bitmap}; its CRC is right. */
  private static void assertMalformed(byte[] bitmap, long recordCount, String problem) {
    ByteBuffer portable = ByteBuffer.allocate(8 + 4 + bitmap.length).order(ByteOrder.LITTLE_ENDIAN);
    portable.putLong(1).putInt(0).put(bitmap);
    PuffinFile puffin = puffin(blob(portable.array()));
    assertThatThrownBy(() -> read(puffin, recordCount))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageStartingWith(MESSAGE)
        .hasMessageContaining("malformed 32-bit bitmap for key 0 at blob byte 20")
        .hasMessageContaining(problem);
  }

  private static byte[] serialized(int... values) {
    RoaringBitmap bitmap = RoaringBitmap.bitmapOf(values);
    ByteBuffer buffer =
        ByteBuffer.allocate(bitmap.serializedSizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
    bitmap.serialize(buffer);
    return buffer.array();
  }

  private static PositionIndex read(PuffinFile puffin, long recordCount) {
    return new DeletionVectorReader(new BytesFileIO().add(PUFFIN, puffin.bytes()))
        .read(puffin.deletionVector(0, FILE_A, recordCount));
  }
}
