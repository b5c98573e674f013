package dev.floe.manifest;

import static dev.floe.manifest.ManifestFixtures.dataFile;
import static dev.floe.manifest.ManifestFixtures.entry;
import static dev.floe.manifest.ManifestFixtures.manifestEntrySchema;
import static dev.floe.manifest.ManifestFixtures.optional;
import static dev.floe.manifest.ManifestFixtures.partitionStruct;
import static dev.floe.manifest.ManifestFixtures.with;
import static dev.floe.manifest.ManifestTestFiles.FILE_A;
import static dev.floe.manifest.ManifestTestFiles.FILE_B;
import static dev.floe.manifest.ManifestTestFiles.FILE_C;
import static dev.floe.manifest.ManifestTestFiles.MANIFEST_PATH;
import static dev.floe.manifest.ManifestTestFiles.MANIFEST_SEQUENCE_NUMBER;
import static dev.floe.manifest.ManifestTestFiles.SPECS;
import static dev.floe.manifest.ManifestTestFiles.manifest;
import static dev.floe.manifest.ManifestTestFiles.manyEntriesInSmallBlocks;
import static dev.floe.manifest.ManifestTestFiles.withLength;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.FileReadException;
import dev.floe.io.CloseableIterator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/** Manifests that break the spec or cannot be read: each failure names the manifest. */
class TestManifestReaderFailures {
  private final InMemoryFileIO io = new InMemoryFileIO();
  private final ManifestTestFiles files = new ManifestTestFiles(io);

  @Test
  void deletionVectorWithoutItsBlobIsCorrupt() {
    ManifestFile manifest = manifest(0, ManifestContent.DELETES, 9L);
    Map<Integer, Object> dvWithoutOffset =
        with(dataFile("mem://t/data/dv.puffin", 12), 134, 1, 101, "puffin", 143, FILE_B, 145, 40L);
    files.writeManifest(
        manifestEntrySchema(3, partitionStruct()),
        3,
        manifest,
        List.of(entry(EntryStatus.ADDED, null, null, null, dvWithoutOffset)));

    assertThatThrownBy(() -> files.readAll(manifest, 3))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read manifest " + MANIFEST_PATH + " (snapshot 40)")
        .hasMessageContaining("deletion vector mem://t/data/dv.puffin lacks");
  }

  @Test
  void equalityDeletesWithoutEqualityIdsAreCorrupt() {
    ManifestFile manifest = manifest(0, ManifestContent.DELETES, 9L);
    files.writeManifest(
        manifestEntrySchema(2, partitionStruct()),
        2,
        manifest,
        List.of(entry(EntryStatus.ADDED, null, null, null, with(dataFile(FILE_C, 1), 134, 2))));

    assertThatThrownBy(() -> files.readAll(manifest, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("equality delete file " + FILE_C + " has no equality_ids (135)");
  }

  @Test
  void existingEntryWithoutDataSequenceNumberIsCorrupt() {
    ManifestFile manifest = manifest(0, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    files.writeManifest(
        manifestEntrySchema(2, partitionStruct()),
        2,
        manifest,
        List.of(
            entry(EntryStatus.ADDED, null, null, null, dataFile(FILE_A, 1)),
            entry(EntryStatus.EXISTING, 30L, null, 3L, dataFile(FILE_B, 1))));

    assertThatThrownBy(() -> files.readAll(manifest, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read manifest " + MANIFEST_PATH + " (snapshot 40)")
        .hasMessageContaining(
            "entry 1 (" + FILE_B + ") has status EXISTING but no data sequence number");
  }

  @Test
  void unknownPartitionSpecIsCorrupt() {
    ManifestFile manifest = manifest(9, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);

    assertThatThrownBy(() -> ManifestReader.open(io, manifest, SPECS, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read manifest " + MANIFEST_PATH + " (snapshot 40)")
        .hasMessageContaining("partition spec 9, which the table metadata does not define")
        .hasMessageContaining("[0, 1]");
  }

  @Test
  void partitionFieldMissingFromTheStructIsCorrupt() {
    ManifestFile manifest = manifest(1, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    files.writeManifest(
        manifestEntrySchema(
            2, partitionStruct(optional(1001, "other", ManifestFixtures.stringType()))),
        2,
        manifest,
        List.of(entry(EntryStatus.ADDED, null, null, null, dataFile(FILE_A, 1))));

    assertThatThrownBy(() -> ManifestReader.open(io, manifest, SPECS, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("partition field category (1000) of partition spec 1")
        .hasMessageContaining("[other (1001)]");
  }

  @Test
  void missingRequiredFieldIsCorrupt() {
    ManifestFile manifest = manifest(0, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    Schema withoutPath =
        ManifestFixtures.rewrite(
            ManifestFixtures.dataFileSchema(2, partitionStruct()),
            fields -> fields.stream().filter(f -> !f.name().equals("file_path")).toList());
    files.writeManifest(
        ManifestFixtures.entrySchemaAround(2, withoutPath),
        2,
        manifest,
        List.of(entry(EntryStatus.ADDED, null, null, null, dataFile(FILE_A, 1))));

    assertThatThrownBy(() -> ManifestReader.open(io, manifest, SPECS, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read manifest " + MANIFEST_PATH + " (snapshot 40)")
        .hasMessageContaining("required field file_path (100) of data_file is missing");
  }

  @Test
  void dataManifestListingADeleteFileIsCorrupt() {
    ManifestFile manifest = manifest(0, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    files.writeManifest(
        manifestEntrySchema(2, partitionStruct()),
        2,
        manifest,
        List.of(
            entry(
                EntryStatus.ADDED,
                null,
                null,
                null,
                with(dataFile(FILE_C, 1), 134, 1, 143, FILE_A))));

    assertThatThrownBy(() -> files.readAll(manifest, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(
            "it is a data manifest but lists " + FILE_C + " with content POSITION_DELETES");
  }

  @Test
  void metricsMapRepeatingAColumnIdIsCorrupt() {
    ManifestFile manifest = manifest(0, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    Map<Integer, Object> repeated = with(dataFile(FILE_A, 1), 109, new DuplicateKeys(3, 10L, 20L));
    files.writeManifest(
        manifestEntrySchema(2, partitionStruct()),
        2,
        manifest,
        List.of(entry(EntryStatus.ADDED, null, null, null, repeated)));

    assertThatThrownBy(() -> files.readAll(manifest, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("value_counts (109) of data_file repeats a column id in entry 0");
  }

  /** A map value written as two key/value records with the same key, which a Map cannot hold. */
  private static final class DuplicateKeys extends java.util.AbstractMap<Integer, Object> {
    private final Set<Map.Entry<Integer, Object>> entries;

    DuplicateKeys(int key, Object first, Object second) {
      this.entries =
          new java.util.LinkedHashSet<>(
              List.of(
                  new java.util.AbstractMap.SimpleImmutableEntry<>(key, first),
                  new java.util.AbstractMap.SimpleImmutableEntry<>(key, second)));
    }

    @Override
    public Set<Map.Entry<Integer, Object>> entrySet() {
      return entries;
    }
  }

  @Test
  void unknownFileFormatIsCorrupt() {
    ManifestFile manifest = manifest(0, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    files.writeManifest(
        manifestEntrySchema(2, partitionStruct()),
        2,
        manifest,
        List.of(entry(EntryStatus.ADDED, null, null, null, with(dataFile(FILE_A, 1), 101, "CSV"))));

    assertThatThrownBy(() -> files.readAll(manifest, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("file " + FILE_A + " has unknown file format 'CSV'");
  }

  @Test
  void truncatedManifestThrowsInsteadOfEndingEarly() {
    ManifestFile listed = manifest(1, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    byte[] whole = manyEntriesInSmallBlocks(listed);
    ManifestFile manifest = withLength(listed, whole.length);
    io.add(MANIFEST_PATH, Arrays.copyOf(whole, whole.length - 30));
    List<ManifestEntry> readBeforeFailure = new ArrayList<>();

    try (CloseableIterator<ManifestEntry> iterator = ManifestReader.open(io, manifest, SPECS, 2)) {
      assertThatThrownBy(() -> iterator.forEachRemaining(readBeforeFailure::add))
          .isInstanceOf(CorruptTableException.class)
          .hasMessageContaining("Cannot read manifest " + MANIFEST_PATH + " (snapshot 40)")
          .hasMessageContaining("truncated at byte " + (whole.length - 30));
      assertThatThrownBy(iterator::hasNext)
          .as("the failure is thrown again, never turned into an end")
          .isInstanceOf(CorruptTableException.class);
    }
    assertThat(readBeforeFailure)
        .as("the complete blocks were streamed before the failure")
        .isNotEmpty()
        .hasSizeLessThan(60);
  }

  @Test
  void damagedSyncMarkerIsCorrupt() {
    ManifestFile manifest = manifest(1, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    byte[] damaged = manyEntriesInSmallBlocks(manifest);
    damaged[damaged.length - 1] ^= 0x5a;
    io.add(MANIFEST_PATH, damaged);

    assertThatThrownBy(() -> files.readAll(manifest, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read manifest " + MANIFEST_PATH + " (snapshot 40)")
        .hasMessageContaining("Invalid sync");
  }

  @Test
  void missingManifestIsAReadFailure() {
    ManifestFile manifest = manifest(0, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);

    assertThatThrownBy(() -> ManifestReader.open(io, manifest, SPECS, 2))
        .isInstanceOf(FileReadException.class)
        .hasMessageContaining("Cannot read manifest " + MANIFEST_PATH + " (snapshot 40)")
        .hasMessageContaining("does not exist");
  }

  @Test
  void storageFailureMidFileIsAReadFailureFromTheIterator() {
    ManifestFile manifest = manifest(1, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    byte[] whole = manyEntriesInSmallBlocks(manifest);
    io.add(MANIFEST_PATH, whole).failReadsAfter(MANIFEST_PATH, whole.length - 100);

    assertThatThrownBy(() -> files.readAll(manifest, 2))
        .isInstanceOf(FileReadException.class)
        .hasMessageContaining("Cannot read manifest " + MANIFEST_PATH + " (snapshot 40)")
        .hasMessageContaining("connection reset by the storage");
  }
}
