package dev.floe.manifest;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.floe.CorruptTableException;
import dev.floe.FuzzContract;
import dev.floe.table.Snapshot;

/**
 * Fuzzes the manifest list decoder: any bytes, read as the list of a v1, v2 and v3 snapshot, decode
 * or fail with a CorruptTableException naming the list. Seeds and past findings: {@code
 * TestManifestListReaderFuzzInputs}.
 */
class TestManifestListReaderFuzz {
  private static final String LIST_PATH = "mem://t/metadata/snap-42-1-list.avro";
  private static final Snapshot SNAPSHOT = ManifestFixtures.snapshot42(LIST_PATH);
  private static final FuzzContract CONTRACT =
      FuzzContract.of("ManifestListReader", CorruptTableException.class, LIST_PATH);

  @FuzzTest(maxDuration = "10s")
  void anyBytesDecodeOrAreCorrupt(byte[] input) {
    InMemoryFileIO io = new InMemoryFileIO().add(LIST_PATH, input);
    for (int formatVersion = 1; formatVersion <= 3; formatVersion++) {
      int version = formatVersion;
      CONTRACT.check(input, () -> ManifestListReader.read(io, SNAPSHOT, version));
    }
  }
}
