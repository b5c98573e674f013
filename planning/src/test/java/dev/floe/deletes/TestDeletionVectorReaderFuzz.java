package dev.floe.deletes;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.floe.CorruptTableException;
import dev.floe.FuzzContract;
import java.util.ArrayList;
import java.util.List;

/**
 * Fuzzes the deletion-vector blob decoder. Each input is read twice from a Puffin file: as a whole
 * blob, and as the portable Roaring bitmap of a blob whose length, magic and CRC are right (so the
 * fuzzer reaches the bitmap decoder past the CRC). Each read returns the positions or fails with a
 * CorruptTableException naming the Puffin file. Seeds and past findings: {@code
 * TestDeletionVectorReaderFuzzInputs}.
 */
class TestDeletionVectorReaderFuzz {
  private static final FuzzContract CONTRACT =
      FuzzContract.of(
          "DeletionVectorReader", CorruptTableException.class, DeletionVectorFixtures.PUFFIN);

  @FuzzTest(maxDuration = "10s")
  void anyBlobDecodesOrIsCorrupt(byte[] input) {
    read(input, input);
    read(input, DeletionVectorFixtures.blob(input));
  }

  private static void read(byte[] input, byte[] blob) {
    DeletionVectorFixtures.PuffinFile puffin = DeletionVectorFixtures.puffin(blob);
    DeletionVectorReader reader =
        new DeletionVectorReader(
            new BytesFileIO().add(DeletionVectorFixtures.PUFFIN, puffin.bytes()));
    // the record count of the seeds: one deleted position
    CONTRACT.check(
        input,
        () -> {
          PositionIndex positions =
              reader.read(puffin.deletionVector(0, DeletionVectorFixtures.FILE_A, 1));
          List<Long> deleted = new ArrayList<>();
          positions.forEachRunIn(
              0,
              Long.MAX_VALUE,
              (start, endExclusive) -> {
                for (long position = start; position < endExclusive && deleted.size() < 2; ) {
                  deleted.add(position++);
                }
              });
          if (positions.cardinality() != 1
              || deleted.size() != 1
              || !positions.isDeleted(deleted.get(0))) {
            throw CONTRACT.finding(
                input, "returned positions " + deleted + " for record_count 1", null);
          }
        });
  }
}
