package dev.floe.deletes;

import static dev.floe.deletes.DeletionVectorFixtures.FILE_A;
import static dev.floe.deletes.DeletionVectorFixtures.FILE_B;
import static dev.floe.deletes.DeletionVectorFixtures.PUFFIN;
import static dev.floe.deletes.DeletionVectorFixtures.TWO_TO_32;
import static dev.floe.deletes.DeletionVectorFixtures.blob;
import static dev.floe.deletes.DeletionVectorFixtures.portableBitmap;
import static dev.floe.deletes.DeletionVectorFixtures.puffin;
import static dev.floe.deletes.DeletionVectorFixtures.withFreshCrc;
import static dev.floe.deletes.TestPositionIndex.runs;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.FileReadException;
import dev.floe.deletes.DeletionVectorFixtures.PuffinFile;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.manifest.DeleteFile;
import dev.floe.manifest.FileContent;
import dev.floe.manifest.FileFormat;
import dev.floe.manifest.PartitionValues;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

class TestDeletionVectorReader {
  /** Positions 0-99 and 5000-5999 (run containers), a lone 70000, and three past 2^32. */
  private static final byte[] FILE_A_DV = blob(portableBitmap(fileABitmaps()));

  private static final long FILE_A_CARDINALITY = 100 + 1000 + 1 + 3;

  /** Positions 1 and 2 of file B. */
  private static final byte[] FILE_B_DV = blob(portableBitmap(1, 2));

  private static TreeMap<Integer, RoaringBitmap> fileABitmaps() {
    RoaringBitmap low = new RoaringBitmap();
    low.add(0L, 100L);
    low.add(5000L, 6000L);
    low.add(70000);
    RoaringBitmap high = RoaringBitmap.bitmapOf(0, 1, 12345);
    TreeMap<Integer, RoaringBitmap> bitmaps = new TreeMap<>();
    bitmaps.put(0, low);
    bitmaps.put(1, high);
    return bitmaps;
  }

  private static PositionIndex read(PuffinFile puffin, DeleteFile deletionVector) {
    return new DeletionVectorReader(new BytesFileIO().add(PUFFIN, puffin.bytes()))
        .read(deletionVector);
  }

  /** Reads file A's DV after {@code damage} changed a copy of its blob. */
  private static PositionIndex readDamaged(java.util.function.Consumer<byte[]> damage) {
    byte[] damaged = FILE_A_DV.clone();
    damage.accept(damaged);
    PuffinFile puffin = puffin(FILE_B_DV, damaged);
    return read(puffin, puffin.deletionVector(1, FILE_A, FILE_A_CARDINALITY));
  }

  @Test
  void positionsRoundTripFromABlobInsideAPuffinFile() {
    PuffinFile puffin = puffin(FILE_B_DV, FILE_A_DV);
    PositionIndex index = read(puffin, puffin.deletionVector(1, FILE_A, FILE_A_CARDINALITY));

    assertThat(index.cardinality()).as("cardinality of file A's DV").isEqualTo(FILE_A_CARDINALITY);
    assertThat(runs(index, 0, Long.MAX_VALUE))
        .as("runs of file A's DV, positions above 2^32 included")
        .containsExactly(
            List.of(0L, 100L),
            List.of(5000L, 6000L),
            List.of(70000L, 70001L),
            List.of(TWO_TO_32, TWO_TO_32 + 2),
            List.of(TWO_TO_32 + 12345, TWO_TO_32 + 12346));
    assertThat(runs(index, 90, 5010))
        .as("a batch window cuts the runs")
        .containsExactly(List.of(90L, 100L), List.of(5000L, 5010L));
    assertThat(index.isDeleted(TWO_TO_32 + 1)).as("position 2^32 + 1").isTrue();
    assertThat(index.isDeleted(100)).as("position 100 is live").isFalse();
  }

  @Test
  void eachBlobOfASharedPuffinFileIsReadByItsExactRange() {
    PuffinFile puffin = puffin(FILE_B_DV, FILE_A_DV);
    BytesFileIO io = new BytesFileIO().add(PUFFIN, puffin.bytes());
    DeletionVectorReader reader = new DeletionVectorReader(io);

    PositionIndex fileB = reader.read(puffin.deletionVector(0, FILE_B, 2));
    PositionIndex fileA = reader.read(puffin.deletionVector(1, FILE_A, FILE_A_CARDINALITY));

    assertThat(runs(fileB, 0, Long.MAX_VALUE))
        .as("file B's DV holds only its own positions")
        .containsExactly(List.of(1L, 3L));
    assertThat(fileA.cardinality()).isEqualTo(FILE_A_CARDINALITY);
    assertThat(io.reads())
        .as("one ranged read per DV, exactly its blob, no footer or length request")
        .containsExactly(
            PUFFIN + "@4+" + FILE_B_DV.length,
            PUFFIN + "@" + (4 + FILE_B_DV.length) + "+" + FILE_A_DV.length);
  }

  @Test
  void emptyDeletionVectorDeletesNothing() {
    PuffinFile puffin = puffin(blob(portableBitmap()));
    PositionIndex index = read(puffin, puffin.deletionVector(0, FILE_A, 0));

    assertThat(index.isEmpty()).as("a bitmap count of 0").isTrue();
    assertThat(runs(index, 0, 1000)).isEmpty();
  }

  @Test
  void agreesWithRoaringBitmapsOwnPortableSerialization() throws IOException {
    Roaring64NavigableMap positions = new Roaring64NavigableMap();
    positions.addRange(10, 20);
    positions.addLong(3 * TWO_TO_32 + 5);
    ByteArrayOutputStream portable = new ByteArrayOutputStream();
    positions.serializePortable(new DataOutputStream(portable));

    PuffinFile puffin = puffin(blob(portable.toByteArray()));
    PositionIndex index = read(puffin, puffin.deletionVector(0, FILE_A, 11));

    assertThat(runs(index, 0, Long.MAX_VALUE))
        .as("the library's portable layout decodes to the same positions")
        .containsExactly(List.of(10L, 20L), List.of(3 * TWO_TO_32 + 5, 3 * TWO_TO_32 + 6));
  }

  @Test
  void badMagicIsCorrupt() {
    assertThatThrownBy(() -> readDamaged(blob -> blob[5] ^= 0x01))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read deletion vector " + PUFFIN)
        .hasMessageContaining("at offset " + (4 + FILE_B_DV.length))
        .hasMessageContaining("for data file " + FILE_A)
        .hasMessageContaining("bad magic D1D23964, expected D1D33964");
  }

  @Test
  void crcMismatchIsCorrupt() {
    assertThatThrownBy(() -> readDamaged(blob -> blob[blob.length - 1] ^= 0x10))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("at offset " + (4 + FILE_B_DV.length))
        .hasMessageContaining("CRC mismatch");
    assertThatThrownBy(() -> readDamaged(blob -> blob[20] ^= 0x40))
        .as("a flipped bitmap byte fails the CRC before it is decoded")
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("CRC mismatch");
  }

  @Test
  void lengthMismatchIsCorrupt() {
    assertThatThrownBy(() -> readDamaged(blob -> blob[3] ^= 0x01))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("at offset " + (4 + FILE_B_DV.length))
        .hasMessageContaining("length mismatch")
        .hasMessageContaining("content_size_in_bytes " + FILE_A_DV.length);
  }

  @Test
  void puffinFileCutShortIsCorrupt() {
    PuffinFile puffin = puffin(FILE_B_DV, FILE_A_DV);
    int cut = (int) puffin.offsets()[1] + FILE_A_DV.length / 2;
    BytesFileIO io = new BytesFileIO().add(PUFFIN, Arrays.copyOf(puffin.bytes(), cut));
    DeleteFile deletionVector = puffin.deletionVector(1, FILE_A, FILE_A_CARDINALITY);

    assertThatThrownBy(() -> new DeletionVectorReader(io).read(deletionVector))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("at offset " + puffin.offsets()[1])
        .hasMessageContaining(
            "truncated: the blob ends at byte "
                + (puffin.offsets()[1] + FILE_A_DV.length)
                + " but the file has "
                + cut
                + " bytes")
        .hasCauseInstanceOf(FileReadException.class);
  }

  @Test
  void bitmapCutShortUnderAValidCrcIsCorrupt() {
    // Drops the last 32-bit bitmap's tail but keeps length and CRC consistent: only decoding sees
    // it.
    byte[] whole = FILE_A_DV;
    int keep = whole.length - 4 - 6;
    ByteBuffer cut = ByteBuffer.allocate(keep + 4);
    cut.put(whole, 0, keep).putInt(0, keep - 4);
    PuffinFile puffin = puffin(withFreshCrc(cut.array()));

    assertThatThrownBy(() -> read(puffin, puffin.deletionVector(0, FILE_A, FILE_A_CARDINALITY)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("at offset 4")
        .hasMessageContaining("bitmap for key 1");
  }

  @Test
  void bitmapCountBeyondTheBlobIsCorrupt() {
    byte[] lying = FILE_B_DV.clone();
    ByteBuffer.wrap(lying).order(ByteOrder.LITTLE_ENDIAN).putLong(8, 1000);
    PuffinFile puffin = puffin(withFreshCrc(lying));

    assertThatThrownBy(() -> read(puffin, puffin.deletionVector(0, FILE_B, 2)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("bad bitmap count 1000");
  }

  @Test
  void keysOutOfOrderAreCorrupt() {
    byte[] first = portableBitmap(TWO_TO_32 + 1);
    byte[] second = portableBitmap(5);
    // Two bitmaps, key 1 before key 0: the spec orders keys ascending.
    ByteBuffer bitmap =
        ByteBuffer.allocate(8 + first.length - 8 + second.length - 8)
            .order(ByteOrder.LITTLE_ENDIAN)
            .putLong(2)
            .put(first, 8, first.length - 8)
            .put(second, 8, second.length - 8);
    PuffinFile puffin = puffin(blob(bitmap.array()));

    assertThatThrownBy(() -> read(puffin, puffin.deletionVector(0, FILE_A, 2)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("bad key 0")
        .hasMessageContaining("keys must be ascending");
  }

  @Test
  void cardinalityDisagreeingWithTheManifestIsCorrupt() {
    PuffinFile puffin = puffin(FILE_B_DV);

    assertThatThrownBy(() -> read(puffin, puffin.deletionVector(0, FILE_B, 3)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("the bitmap holds 2 positions but the manifest's record_count is 3");
  }

  @Test
  void manifestEntryWithoutBlobRangeIsCorrupt() {
    PuffinFile puffin = puffin(FILE_B_DV);

    assertThatThrownBy(() -> read(puffin, puffin.deletionVector(FILE_B, 2, null, 24L)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read deletion vector " + PUFFIN + " for data file " + FILE_B)
        .hasMessageContaining("no content_offset or content_size_in_bytes");
    assertThatThrownBy(() -> read(puffin, puffin.deletionVector(FILE_B, 2, 4L, 3L)))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("content_size_in_bytes 3 is not a possible blob size");
  }

  @Test
  void missingPuffinFileIsAReadFailure() {
    DeleteFile deletionVector = puffin(FILE_B_DV).deletionVector(0, FILE_B, 2);

    assertThatThrownBy(() -> new DeletionVectorReader(new BytesFileIO()).read(deletionVector))
        .isInstanceOf(FileReadException.class)
        .hasMessageContaining("Cannot read " + PUFFIN + ": the file does not exist");
  }

  @Test
  void positionDeleteFileIsNotADeletionVector() {
    DeleteFile parquetDeletes =
        new DeleteFile(
            FileContent.POSITION_DELETES,
            "mem://t/data/a-pos.parquet",
            FileFormat.PARQUET,
            0,
            PartitionValues.EMPTY,
            3,
            1024,
            ColumnMetrics.EMPTY,
            List.of(),
            FILE_A,
            null,
            null,
            List.of(),
            null,
            null,
            1L,
            1L);

    assertThatThrownBy(() -> new DeletionVectorReader(new BytesFileIO()).read(parquetDeletes))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Cannot read mem://t/data/a-pos.parquet as a deletion vector");
  }
}
