package dev.floe.manifest;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.floe.CorruptTableException;
import dev.floe.FuzzContract;
import dev.floe.table.Snapshot;
import java.util.List;
import java.util.Map;

/**
 * Fuzzes the manifest list decoder: any bytes, read as the list of a v1, v2 and v3 snapshot, decode
 * or fail with a CorruptTableException naming the list. Seeds and past findings: {@code
 * TestManifestListReaderFuzzInputs}.
 */
class TestManifestListReaderFuzz {
  private static final String LIST_PATH = "mem://t/metadata/snap-42-1-list.avro";
  private static final Snapshot SNAPSHOT =
      new Snapshot(
          42L,
          41L,
          7L,
          1_700_000_000_000L,
          LIST_PATH,
          List.of(),
          Map.of("operation", "append"),
          0,
          null,
          null,
          null);
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
