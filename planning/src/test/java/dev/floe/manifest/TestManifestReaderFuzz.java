package dev.floe.manifest;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.floe.CorruptTableException;
import dev.floe.FuzzContract;
import dev.floe.io.CloseableIterator;

/**
 * Fuzzes the manifest decoder: any bytes, read whole as a v1, v2 and v3 data manifest (written with
 * the table's partition spec 1, by category), decode or fail with a CorruptTableException naming
 * the manifest. Seeds and past findings: {@code TestManifestReaderFuzzInputs}.
 */
class TestManifestReaderFuzz {
  private static final FuzzContract CONTRACT =
      FuzzContract.of(
          "ManifestReader", CorruptTableException.class, ManifestTestFiles.MANIFEST_PATH);

  @FuzzTest(maxDuration = "10s")
  void anyBytesDecodeOrAreCorrupt(byte[] input) {
    InMemoryFileIO io = new InMemoryFileIO().add(ManifestTestFiles.MANIFEST_PATH, input);
    for (ManifestContent content : ManifestContent.values()) {
      ManifestFile manifest =
          ManifestTestFiles.withLength(
              ManifestTestFiles.manifest(1, content, ManifestTestFiles.MANIFEST_SEQUENCE_NUMBER),
              input.length);
      for (int formatVersion = 1; formatVersion <= 3; formatVersion++) {
        int version = formatVersion;
        CONTRACT.check(input, () -> readAll(io, manifest, version));
      }
    }
  }

  private static void readAll(InMemoryFileIO io, ManifestFile manifest, int formatVersion) {
    try (CloseableIterator<ManifestEntry> entries =
        ManifestReader.open(io, manifest, ManifestTestFiles.SPECS, formatVersion)) {
      entries.forEachRemaining(entry -> {});
    }
  }
}
