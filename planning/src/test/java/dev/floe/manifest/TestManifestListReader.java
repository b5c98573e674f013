package dev.floe.manifest;

import static dev.floe.manifest.ManifestFixtures.bytes;
import static dev.floe.manifest.ManifestFixtures.manifestListMetadata;
import static dev.floe.manifest.ManifestFixtures.manifestListSchema;
import static dev.floe.manifest.ManifestFixtures.optional;
import static dev.floe.manifest.ManifestFixtures.renamed;
import static dev.floe.manifest.ManifestFixtures.rewrite;
import static dev.floe.manifest.ManifestFixtures.stringType;
import static dev.floe.manifest.ManifestFixtures.values;
import static dev.floe.manifest.ManifestFixtures.with;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.FileReadException;
import dev.floe.manifest.ManifestFile.ManifestCounts;
import dev.floe.table.Snapshot;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

class TestManifestListReader {
  private static final long SNAPSHOT_ID = 42L;
  private static final long SNAPSHOT_SEQUENCE_NUMBER = 7L;
  private static final String LIST_PATH = "mem://t/metadata/snap-42-1-list.avro";
  private static final String DATA_MANIFEST = "mem://t/metadata/m-data.avro";
  private static final String DELETE_MANIFEST = "mem://t/metadata/m-deletes.avro";

  private static final Map<Integer, Object> SUMMARY_A_TO_Z =
      values(509, false, 518, null, 510, bytes("a"), 511, bytes("z"));
  private static final Map<Integer, Object> SUMMARY_WITH_NULLS_AND_NAN =
      values(509, true, 518, true, 510, null, 511, null);

  /** A data manifest's list entry; v1 schemas leave out the v2 ids, v2 ones the v3 id. */
  private static final Map<Integer, Object> DATA_MANIFEST_ENTRY =
      values(
          500,
          DATA_MANIFEST,
          501,
          4096L,
          502,
          0,
          517,
          0,
          515,
          5L,
          516,
          3L,
          503,
          40L,
          504,
          2,
          505,
          1,
          506,
          0,
          512,
          200L,
          513,
          100L,
          514,
          0L,
          507,
          List.of(SUMMARY_A_TO_Z),
          519,
          bytes("key-1"),
          520,
          1000L);

  private static final Map<Integer, Object> DELETE_MANIFEST_ENTRY =
      values(
          500,
          DELETE_MANIFEST,
          501,
          2048L,
          502,
          1,
          517,
          1,
          515,
          6L,
          516,
          6L,
          503,
          41L,
          504,
          1,
          505,
          0,
          506,
          0,
          512,
          10L,
          513,
          0L,
          514,
          0L,
          507,
          List.of(SUMMARY_A_TO_Z, SUMMARY_WITH_NULLS_AND_NAN));

  private static final ManifestCounts DATA_COUNTS = new ManifestCounts(2, 1, 0, 200L, 100L, 0L);
  private static final PartitionFieldSummary A_TO_Z =
      new PartitionFieldSummary(false, null, bytes("a"), bytes("z"));
  private static final PartitionFieldSummary NULLS_AND_NAN =
      new PartitionFieldSummary(true, true, null, null);

  private final InMemoryFileIO io = new InMemoryFileIO();

  private static Snapshot snapshot(String manifestList, List<String> manifests) {
    return new Snapshot(
        SNAPSHOT_ID,
        41L,
        SNAPSHOT_SEQUENCE_NUMBER,
        1_700_000_000_000L,
        manifestList,
        manifests,
        Map.of("operation", "append"),
        0,
        null,
        null,
        null);
  }

  private static Snapshot listSnapshot() {
    return snapshot(LIST_PATH, List.of());
  }

  private void writeList(Schema schema, int formatVersion, List<Map<Integer, Object>> entries) {
    io.add(
        LIST_PATH,
        ManifestFixtures.write(schema, manifestListMetadata(SNAPSHOT_ID, formatVersion), entries));
  }

  @Test
  void readsV1ListByFieldIdWithV1Defaults() {
    writeList(manifestListSchema(1), 1, List.of(DATA_MANIFEST_ENTRY));

    List<ManifestFile> manifests = ManifestListReader.read(io, listSnapshot(), 1);

    assertThat(manifests)
        .as("v1: content DATA and sequence numbers 0; counts read from added_data_files_count ...")
        .containsExactly(
            new ManifestFile(
                DATA_MANIFEST,
                4096L,
                0,
                ManifestContent.DATA,
                0,
                0,
                40L,
                DATA_COUNTS,
                List.of(A_TO_Z),
                bytes("key-1"),
                null));
  }

  @Test
  void readsV1ListInAnUpgradedV2TableWithV1Defaults() {
    writeList(manifestListSchema(1), 1, List.of(DATA_MANIFEST_ENTRY));

    ManifestFile manifest = ManifestListReader.read(io, listSnapshot(), 2).get(0);

    assertThat(manifest.content())
        .as("v1 list: content defaults to DATA")
        .isEqualTo(ManifestContent.DATA);
    assertThat(manifest.sequenceNumber()).as("v1 list: sequence number defaults to 0").isZero();
    assertThat(manifest.minSequenceNumber()).as("v1 list: min sequence number 0").isZero();
  }

  @Test
  void readsV2ListWithDataAndDeleteManifests() {
    writeList(manifestListSchema(2), 2, List.of(DATA_MANIFEST_ENTRY, DELETE_MANIFEST_ENTRY));

    List<ManifestFile> manifests = ManifestListReader.read(io, listSnapshot(), 2);

    assertThat(manifests)
        .as("v2 list read in order, first_row_id (not in the v2 schema) absent")
        .containsExactly(
            new ManifestFile(
                DATA_MANIFEST,
                4096L,
                0,
                ManifestContent.DATA,
                5L,
                3L,
                40L,
                DATA_COUNTS,
                List.of(A_TO_Z),
                bytes("key-1"),
                null),
            new ManifestFile(
                DELETE_MANIFEST,
                2048L,
                1,
                ManifestContent.DELETES,
                6L,
                6L,
                41L,
                new ManifestCounts(1, 0, 0, 10L, 0L, 0L),
                List.of(A_TO_Z, NULLS_AND_NAN),
                null,
                null));
  }

  @Test
  void readsV3FirstRowId() {
    writeList(manifestListSchema(3), 3, List.of(DATA_MANIFEST_ENTRY));

    ManifestFile manifest = ManifestListReader.read(io, listSnapshot(), 3).get(0);

    assertThat(manifest.firstRowId()).as("v3 first_row_id (520)").isEqualTo(1000L);
    assertThat(manifest.sequenceNumber()).as("v3 sequence number").isEqualTo(5L);
  }

  @Test
  void manifestWithoutPartitionSummariesHasNone() {
    writeList(manifestListSchema(2), 2, List.of(with(DATA_MANIFEST_ENTRY, 507, null)));

    ManifestFile manifest = ManifestListReader.read(io, listSnapshot(), 2).get(0);

    assertThat(manifest.partitions()).as("partitions (507) null: no summaries").isNull();
  }

  @Test
  void unassignedSequenceNumbersOfThisSnapshotsManifestInheritTheSnapshots() {
    Map<Integer, Object> unassigned =
        with(DATA_MANIFEST_ENTRY, 515, -1L, 516, -1L, 503, SNAPSHOT_ID);
    writeList(manifestListSchema(2), 2, List.of(unassigned, DELETE_MANIFEST_ENTRY));

    List<ManifestFile> manifests = ManifestListReader.read(io, listSnapshot(), 2);

    assertThat(manifests.get(0).sequenceNumber())
        .as("-1 written before the commit: the snapshot's sequence number")
        .isEqualTo(SNAPSHOT_SEQUENCE_NUMBER);
    assertThat(manifests.get(0).minSequenceNumber())
        .as("min sequence number inherits likewise")
        .isEqualTo(SNAPSHOT_SEQUENCE_NUMBER);
    assertThat(manifests.get(1).sequenceNumber())
        .as("an assigned sequence number is kept")
        .isEqualTo(6L);
  }

  @Test
  void unassignedSequenceNumberOfAnotherSnapshotsManifestIsCorrupt() {
    writeList(manifestListSchema(2), 2, List.of(with(DATA_MANIFEST_ENTRY, 515, -1L, 503, 40L)));

    assertThatThrownBy(() -> ManifestListReader.read(io, listSnapshot(), 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read manifest list " + LIST_PATH + " of snapshot 42")
        .hasMessageContaining("unassigned sequence_number (515)")
        .hasMessageContaining("added by snapshot 40");
  }

  @Test
  void fieldsAreFoundByIdWhateverTheirNamesOrderOrExtraFields() {
    Schema scrambled =
        rewrite(
            manifestListSchema(2),
            fields -> {
              List<Schema.Field> result = new ArrayList<>();
              for (Schema.Field field : fields) {
                result.add(
                    field.name().equals("manifest_path") ? renamed(field, "location") : field);
              }
              Collections.reverse(result);
              result.add(2, optional(9000, "a_future_field", stringType()));
              return result;
            });
    writeList(scrambled, 2, List.of(with(DATA_MANIFEST_ENTRY, 9000, "ignored")));
    List<ManifestFile> scrambledRead = ManifestListReader.read(io, listSnapshot(), 2);
    writeList(manifestListSchema(2), 2, List.of(DATA_MANIFEST_ENTRY));
    List<ManifestFile> plainRead = ManifestListReader.read(io, listSnapshot(), 2);

    assertThat(scrambledRead)
        .as("renamed, reversed and extra fields: the same manifests, by field id")
        .isEqualTo(plainRead);
    assertThat(scrambledRead.get(0).path()).as("path read by id 500").isEqualTo(DATA_MANIFEST);
  }

  @Test
  void missingRequiredFieldIsCorrupt() {
    Schema withoutLength =
        rewrite(
            manifestListSchema(2),
            fields -> fields.stream().filter(f -> !f.name().equals("manifest_length")).toList());
    writeList(withoutLength, 2, List.of(DATA_MANIFEST_ENTRY));

    assertThatThrownBy(() -> ManifestListReader.read(io, listSnapshot(), 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read manifest list " + LIST_PATH + " of snapshot 42")
        .hasMessageContaining("required field manifest_length (501) of manifest_file is missing");
  }

  @Test
  void nullRequiredValueIsCorrupt() {
    Schema optionalSnapshotId =
        rewrite(
            manifestListSchema(2),
            fields ->
                fields.stream()
                    .map(
                        f ->
                            f.name().equals("added_snapshot_id")
                                ? optional(503, "added_snapshot_id", ManifestFixtures.longType())
                                : f)
                    .toList());
    writeList(
        optionalSnapshotId,
        2,
        List.of(DELETE_MANIFEST_ENTRY, with(DATA_MANIFEST_ENTRY, 503, null)));

    assertThatThrownBy(() -> ManifestListReader.read(io, listSnapshot(), 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(LIST_PATH)
        .hasMessageContaining("required field added_snapshot_id (503) of manifest_file is null")
        .hasMessageContaining("entry 1");
  }

  @Test
  void mistypedFieldIsCorrupt() {
    Schema textLength =
        rewrite(
            manifestListSchema(2),
            fields ->
                fields.stream()
                    .map(
                        f ->
                            f.name().equals("manifest_length")
                                ? ManifestFixtures.required(501, "manifest_length", stringType())
                                : f)
                    .toList());
    writeList(textLength, 2, List.of(with(DATA_MANIFEST_ENTRY, 501, "4096")));

    assertThatThrownBy(() -> ManifestListReader.read(io, listSnapshot(), 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("manifest_length (501) of manifest_file is stored as Avro string")
        .hasMessageContaining("the spec stores it as [long, int]");
  }

  @Test
  void truncatedListIsCorruptNotShorter() {
    List<Map<Integer, Object>> entries = new ArrayList<>();
    for (int index = 0; index < 50; index++) {
      entries.add(with(DATA_MANIFEST_ENTRY, 500, "mem://t/metadata/m" + index + ".avro"));
    }
    byte[] whole =
        ManifestFixtures.write(
            manifestListSchema(2), manifestListMetadata(SNAPSHOT_ID, 2), entries, 256);
    io.add(LIST_PATH, Arrays.copyOf(whole, whole.length - 40));

    assertThatThrownBy(() -> ManifestListReader.read(io, listSnapshot(), 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read manifest list " + LIST_PATH + " of snapshot 42")
        .hasMessageContaining("truncated at byte " + (whole.length - 40));
  }

  @Test
  void fileThatIsNotAvroIsCorrupt() {
    io.add(LIST_PATH, "{\"not\": \"avro\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8));

    assertThatThrownBy(() -> ManifestListReader.read(io, listSnapshot(), 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read manifest list " + LIST_PATH + " of snapshot 42")
        .hasMessageContaining("not an Avro file");
  }

  @Test
  void emptyFileIsCorrupt() {
    io.add(LIST_PATH, new byte[0]);

    assertThatThrownBy(() -> ManifestListReader.read(io, listSnapshot(), 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read manifest list " + LIST_PATH + " of snapshot 42");
  }

  @Test
  void missingListIsAReadFailureNamingPathAndSnapshot() {
    assertThatThrownBy(() -> ManifestListReader.read(io, listSnapshot(), 2))
        .isInstanceOf(FileReadException.class)
        .hasMessageContaining("Cannot read manifest list " + LIST_PATH + " of snapshot 42")
        .hasMessageContaining("does not exist");
  }

  @Test
  void storageFailureWhileReadingIsAReadFailure() {
    List<Map<Integer, Object>> entries = new ArrayList<>();
    for (int index = 0; index < 200; index++) {
      entries.add(with(DATA_MANIFEST_ENTRY, 500, "mem://t/metadata/m" + index + ".avro"));
    }
    writeList(manifestListSchema(2), 2, entries);
    io.failReadsAfter(LIST_PATH, io.contents(LIST_PATH).length / 2);

    assertThatThrownBy(() -> ManifestListReader.read(io, listSnapshot(), 2))
        .isInstanceOf(FileReadException.class)
        .hasMessageContaining("Cannot read manifest list " + LIST_PATH + " of snapshot 42")
        .hasMessageContaining("connection reset by the storage");
  }

  @Test
  void v1SnapshotWithInlineManifestsReadsOnlyTheirHeaders() {
    byte[] specThree = inlineManifest(Map.of("partition-spec-id", "3"));
    byte[] noSpecId = inlineManifest(Map.of());
    io.add(DATA_MANIFEST, specThree).add(DELETE_MANIFEST, noSpecId);
    Snapshot snapshot = snapshot(null, List.of(DATA_MANIFEST, DELETE_MANIFEST));

    List<ManifestFile> manifests = ManifestListReader.read(io, snapshot, 1);

    assertThat(manifests)
        .as("inline manifests: spec id from the header (default 0), added by the snapshot")
        .containsExactly(
            new ManifestFile(
                DATA_MANIFEST,
                specThree.length,
                3,
                ManifestContent.DATA,
                0,
                0,
                SNAPSHOT_ID,
                ManifestCounts.UNKNOWN,
                null,
                null,
                null),
            new ManifestFile(
                DELETE_MANIFEST,
                noSpecId.length,
                0,
                ManifestContent.DATA,
                0,
                0,
                SNAPSHOT_ID,
                ManifestCounts.UNKNOWN,
                null,
                null,
                null));
  }

  @Test
  void inlineManifestWithBadSpecIdIsCorrupt() {
    io.add(DATA_MANIFEST, inlineManifest(Map.of("partition-spec-id", "zero")));

    assertThatThrownBy(() -> ManifestListReader.read(io, snapshot(null, List.of(DATA_MANIFEST)), 1))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read manifest " + DATA_MANIFEST + " of snapshot 42")
        .hasMessageContaining("partition-spec-id is 'zero'");
  }

  @Test
  void missingInlineManifestIsAReadFailure() {
    assertThatThrownBy(() -> ManifestListReader.read(io, snapshot(null, List.of(DATA_MANIFEST)), 1))
        .isInstanceOf(FileReadException.class)
        .hasMessageContaining("Cannot read manifest " + DATA_MANIFEST + " of snapshot 42");
  }

  @Test
  void v2SnapshotWithoutManifestListIsCorrupt() {
    assertThatThrownBy(() -> ManifestListReader.read(io, snapshot(null, List.of(DATA_MANIFEST)), 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Snapshot 42 has no manifest list, which a v2 table requires");
  }

  @Test
  void unsupportedFormatVersionIsRejected() {
    assertThatThrownBy(() -> ManifestListReader.read(io, listSnapshot(), 4))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Unsupported table format version 4");
  }

  private static byte[] inlineManifest(Map<String, String> metadata) {
    Map<Integer, Object> entry =
        ManifestFixtures.entry(
            EntryStatus.ADDED,
            SNAPSHOT_ID,
            null,
            null,
            ManifestFixtures.dataFile("mem://t/data/a.parquet", 10));
    return ManifestFixtures.write(
        ManifestFixtures.manifestEntrySchema(1, ManifestFixtures.partitionStruct()),
        metadata,
        List.of(entry));
  }
}
