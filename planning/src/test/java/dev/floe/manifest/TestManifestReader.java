package dev.floe.manifest;

import static dev.floe.manifest.ManifestFixtures.bytes;
import static dev.floe.manifest.ManifestFixtures.dataFile;
import static dev.floe.manifest.ManifestFixtures.entry;
import static dev.floe.manifest.ManifestFixtures.manifestEntrySchema;
import static dev.floe.manifest.ManifestFixtures.manifestMetadata;
import static dev.floe.manifest.ManifestFixtures.optional;
import static dev.floe.manifest.ManifestFixtures.partitionStruct;
import static dev.floe.manifest.ManifestFixtures.values;
import static dev.floe.manifest.ManifestFixtures.with;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.FileReadException;
import dev.floe.io.CloseableIterator;
import dev.floe.manifest.ManifestFile.ManifestCounts;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

class TestManifestReader {
  private static final String MANIFEST_PATH = "mem://t/metadata/m1.avro";
  private static final long MANIFEST_SNAPSHOT_ID = 40L;
  private static final long MANIFEST_SEQUENCE_NUMBER = 5L;

  private static final PartitionSpec UNPARTITIONED = PartitionSpec.unpartitioned(0);
  private static final PartitionSpec BY_CATEGORY =
      new PartitionSpec(1, List.of(new PartitionField(2, 1000, "category", "identity")));
  private static final Map<Integer, PartitionSpec> SPECS = Map.of(0, UNPARTITIONED, 1, BY_CATEGORY);

  private static final String FILE_A = "mem://t/data/a.parquet";
  private static final String FILE_B = "mem://t/data/b.parquet";
  private static final String FILE_C = "mem://t/data/c.parquet";
  private static final String FILE_D = "mem://t/data/d.parquet";

  /** FILE_A with every metric the spec defines, partitioned by category = 'books'. */
  private static final Map<Integer, Object> FILE_A_WITH_METRICS =
      with(
          dataFile(FILE_A, 100),
          102,
          values(1000, "books"),
          108,
          values(1, 1000L, 2, 2000L),
          109,
          values(1, 100L, 2, 100L),
          110,
          values(1, 0L, 2, 5L),
          137,
          values(2, 1L),
          125,
          values(1, bytes("a"), 2, bytes("0")),
          128,
          values(1, bytes("z"), 2, bytes("9")),
          131,
          bytes("key-a"),
          132,
          List.of(4L, 1000L),
          140,
          1);

  private static final ColumnMetrics FILE_A_METRICS =
      new ColumnMetrics(
          Map.of(1, 1000L, 2, 2000L),
          Map.of(1, 100L, 2, 100L),
          Map.of(1, 0L, 2, 5L),
          Map.of(2, 1L),
          Map.of(1, bytes("a"), 2, bytes("0")),
          Map.of(1, bytes("z"), 2, bytes("9")));

  private final InMemoryFileIO io = new InMemoryFileIO();

  private static ManifestFile manifest(int specId, ManifestContent content, long sequenceNumber) {
    return manifest(specId, content, sequenceNumber, null);
  }

  private static ManifestFile manifest(
      int specId, ManifestContent content, long sequenceNumber, Long firstRowId) {
    return new ManifestFile(
        MANIFEST_PATH,
        4096L,
        specId,
        content,
        sequenceNumber,
        sequenceNumber,
        MANIFEST_SNAPSHOT_ID,
        ManifestCounts.UNKNOWN,
        null,
        null,
        firstRowId);
  }

  private void writeManifest(
      Schema schema, int formatVersion, ManifestFile manifest, List<Map<Integer, Object>> entries) {
    io.add(
        manifest.path(),
        ManifestFixtures.write(
            schema,
            manifestMetadata(formatVersion, manifest.partitionSpecId(), manifest.content()),
            entries));
  }

  private List<ManifestEntry> readAll(ManifestFile manifest, int formatVersion) {
    return readAll(manifest, SPECS, formatVersion);
  }

  private List<ManifestEntry> readAll(
      ManifestFile manifest, Map<Integer, PartitionSpec> specs, int formatVersion) {
    List<ManifestEntry> entries = new ArrayList<>();
    try (CloseableIterator<ManifestEntry> iterator =
        ManifestReader.open(io, manifest, specs, formatVersion)) {
      iterator.forEachRemaining(entries::add);
    }
    return entries;
  }

  private static Schema categoryPartition() {
    return partitionStruct(optional(1000, "category", ManifestFixtures.stringType()));
  }

  @Test
  void readsDataEntryWithEveryMetricAndInheritsFromTheManifest() {
    ManifestFile manifest = manifest(1, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    writeManifest(
        manifestEntrySchema(2, categoryPartition()),
        2,
        manifest,
        List.of(entry(EntryStatus.ADDED, null, null, null, FILE_A_WITH_METRICS)));

    List<ManifestEntry> entries = readAll(manifest, 2);

    DataFile expected =
        new DataFile(
            FILE_A,
            FileFormat.PARQUET,
            1,
            PartitionValues.of("books"),
            100,
            1024,
            FILE_A_METRICS,
            List.of(4L, 1000L),
            1,
            null,
            bytes("key-a"),
            MANIFEST_SEQUENCE_NUMBER,
            MANIFEST_SEQUENCE_NUMBER);
    assertThat(entries)
        .as("ADDED with null snapshot id and sequence numbers: the manifest's")
        .containsExactly(new ManifestEntry(EntryStatus.ADDED, MANIFEST_SNAPSHOT_ID, expected));
  }

  @Test
  void absentMetricsAreEmptyMaps() {
    ManifestFile manifest = manifest(0, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    writeManifest(
        manifestEntrySchema(2, partitionStruct()),
        2,
        manifest,
        List.of(entry(EntryStatus.ADDED, null, null, null, dataFile(FILE_A, 10))));

    ContentFile file = readAll(manifest, 2).get(0).file();

    assertThat(file.metrics()).as("no metrics recorded: empty maps").isEqualTo(ColumnMetrics.EMPTY);
    assertThat(file.splitOffsets()).as("no split offsets").isEmpty();
    assertThat(file.keyMetadata()).as("no key metadata").isNull();
    assertThat(file.partition()).as("unpartitioned").isEqualTo(PartitionValues.EMPTY);
  }

  @Test
  void boundsAreReadOnlyCopies() {
    ManifestFile manifest = manifest(1, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    Map<Integer, Object> fileB =
        with(FILE_A_WITH_METRICS, 100, FILE_B, 125, values(1, bytes("b"), 2, bytes("1")));
    writeManifest(
        manifestEntrySchema(2, categoryPartition()),
        2,
        manifest,
        List.of(
            entry(EntryStatus.ADDED, null, null, null, FILE_A_WITH_METRICS),
            entry(EntryStatus.ADDED, null, null, null, fileB)));

    List<ManifestEntry> entries = readAll(manifest, 2);

    ByteBuffer firstLower = entries.get(0).file().metrics().lowerBounds().get(1);
    assertThat(firstLower)
        .as("a bound survives the next record's decoding (Avro reuses its buffers)")
        .isEqualTo(bytes("a"));
    assertThat(firstLower.isReadOnly()).as("bounds are read-only").isTrue();
    assertThat(entries.get(1).file().metrics().lowerBounds().get(1))
        .as("second file's own bound")
        .isEqualTo(bytes("b"));
  }

  @Test
  void readsPartitionValuesOfEveryTypeInSpecOrderMatchedById() {
    PartitionSpec spec =
        new PartitionSpec(
            2,
            List.of(
                new PartitionField(1, 1000, "id_bucket", "bucket[16]"),
                new PartitionField(2, 1001, "ts_day", "day"),
                new PartitionField(2, 1002, "ts", "identity"),
                new PartitionField(3, 1003, "name", "identity"),
                new PartitionField(4, 1004, "price", "identity"),
                new PartitionField(5, 1005, "uuid", "identity"),
                new PartitionField(6, 1006, "flag", "identity"),
                new PartitionField(7, 1007, "score", "identity"),
                new PartitionField(8, 1008, "payload", "identity"),
                new PartitionField(9, 1009, "code", "identity"),
                new PartitionField(10, 1010, "amount", "identity"),
                new PartitionField(11, 1011, "uuid_text", "identity"),
                new PartitionField(12, 1012, "missing_value", "identity")));
    Schema uuidText = ManifestFixtures.stringType();
    uuidText.addProp("logicalType", "uuid");
    List<Schema.Field> avroFields =
        new ArrayList<>(
            List.of(
                optional(1000, "id_bucket", ManifestFixtures.intType()),
                optional(1001, "ts_day", ManifestFixtures.dateType()),
                optional(1002, "ts", ManifestFixtures.timestampType(true)),
                optional(1003, "name", ManifestFixtures.stringType()),
                optional(1004, "price", ManifestFixtures.decimalType(9, 2, 4)),
                optional(1005, "uuid", ManifestFixtures.uuidType()),
                optional(1006, "flag", ManifestFixtures.booleanType()),
                optional(1007, "score", ManifestFixtures.doubleType()),
                optional(1008, "payload", ManifestFixtures.bytesType()),
                optional(1009, "code", ManifestFixtures.fixedType(3)),
                optional(1010, "amount", decimalAsBytes()),
                optional(1011, "uuid_text", uuidText),
                optional(1012, "missing_value", ManifestFixtures.longType())));
    Collections.reverse(avroFields);
    UUID uuid = UUID.fromString("f79c3e09-677c-4bbd-a479-3f349cb785e7");
    UUID otherUuid = UUID.fromString("00000000-0000-0001-0000-000000000002");
    Map<Integer, Object> partition =
        values(
            1000,
            7,
            1001,
            19_723,
            1002,
            1_704_067_200_000_000L,
            1003,
            "pens",
            1004,
            new BigDecimal("-12.34"),
            1005,
            uuid,
            1006,
            true,
            1007,
            2.5,
            1008,
            new byte[] {1, 2},
            1009,
            new byte[] {9, 8, 7},
            1010,
            new BigDecimal("123456789012.3456"),
            1011,
            otherUuid,
            1012,
            null);
    ManifestFile manifest = manifest(2, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    writeManifest(
        manifestEntrySchema(2, partitionStruct(avroFields.toArray(Schema.Field[]::new))),
        2,
        manifest,
        List.of(
            entry(EntryStatus.ADDED, null, null, null, with(dataFile(FILE_A, 1), 102, partition))));

    PartitionValues values = readAll(manifest, Map.of(2, spec), 2).get(0).file().partition();

    assertThat(values.asList())
        .as("in the spec's order, whatever the Avro struct's order, as Floe's values")
        .containsExactly(
            7,
            19_723,
            1_704_067_200_000_000L,
            "pens",
            new BigDecimal("-12.34"),
            uuid,
            true,
            2.5,
            ByteBuffer.wrap(new byte[] {1, 2}),
            ByteBuffer.wrap(new byte[] {9, 8, 7}),
            new BigDecimal("123456789012.3456"),
            otherUuid,
            null);
    assertThat(((BigDecimal) values.get(4)).scale()).as("decimal keeps its scale").isEqualTo(2);
  }

  private static Schema decimalAsBytes() {
    return org.apache.avro.LogicalTypes.decimal(20, 4).addToSchema(ManifestFixtures.bytesType());
  }

  @Test
  void readsPositionEqualityAndDeletionVectorEntries() {
    ManifestFile manifest = manifest(1, ManifestContent.DELETES, 9L);
    Map<Integer, Object> positionDeletes =
        with(
            dataFile("mem://t/data/a-pos.parquet", 3),
            134,
            1,
            102,
            values(1000, "books"),
            143,
            FILE_A,
            140,
            4);
    Map<Integer, Object> equalityDeletes =
        with(
            dataFile("mem://t/data/eq.parquet", 2),
            134,
            2,
            102,
            values(1000, "books"),
            135,
            List.of(1, 3),
            140,
            4);
    Map<Integer, Object> deletionVector =
        with(
            dataFile("mem://t/data/dv.puffin", 12),
            134,
            1,
            101,
            "PUFFIN",
            102,
            values(1000, null),
            143,
            FILE_B,
            144,
            4L,
            145,
            40L);
    writeManifest(
        manifestEntrySchema(3, categoryPartition()),
        3,
        manifest,
        List.of(
            entry(EntryStatus.ADDED, null, null, null, positionDeletes),
            entry(EntryStatus.ADDED, null, null, null, equalityDeletes),
            entry(EntryStatus.ADDED, null, null, null, deletionVector)));

    List<ContentFile> files = readAll(manifest, 3).stream().map(ManifestEntry::file).toList();

    assertThat(files)
        .as("delete files, sequence numbers inherited; position deletes drop their sort order id")
        .containsExactly(
            new DeleteFile(
                FileContent.POSITION_DELETES,
                "mem://t/data/a-pos.parquet",
                FileFormat.PARQUET,
                1,
                PartitionValues.of("books"),
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
                9L,
                9L),
            new DeleteFile(
                FileContent.EQUALITY_DELETES,
                "mem://t/data/eq.parquet",
                FileFormat.PARQUET,
                1,
                PartitionValues.of("books"),
                2,
                1024,
                ColumnMetrics.EMPTY,
                List.of(1, 3),
                null,
                null,
                null,
                List.of(),
                4,
                null,
                9L,
                9L),
            new DeleteFile(
                FileContent.POSITION_DELETES,
                "mem://t/data/dv.puffin",
                FileFormat.PUFFIN,
                1,
                PartitionValues.of((Object) null),
                12,
                1024,
                ColumnMetrics.EMPTY,
                List.of(),
                FILE_B,
                4L,
                40L,
                List.of(),
                null,
                null,
                9L,
                9L));
    assertThat(((DeleteFile) files.get(2)).isDeletionVector()).as("Puffin blob: a DV").isTrue();
  }

  @Test
  void deletionVectorWithoutItsBlobIsCorrupt() {
    ManifestFile manifest = manifest(0, ManifestContent.DELETES, 9L);
    Map<Integer, Object> dvWithoutOffset =
        with(dataFile("mem://t/data/dv.puffin", 12), 134, 1, 101, "puffin", 143, FILE_B, 145, 40L);
    writeManifest(
        manifestEntrySchema(3, partitionStruct()),
        3,
        manifest,
        List.of(entry(EntryStatus.ADDED, null, null, null, dvWithoutOffset)));

    assertThatThrownBy(() -> readAll(manifest, 3))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read manifest " + MANIFEST_PATH + " (snapshot 40)")
        .hasMessageContaining("deletion vector mem://t/data/dv.puffin lacks");
  }

  @Test
  void equalityDeletesWithoutEqualityIdsAreCorrupt() {
    ManifestFile manifest = manifest(0, ManifestContent.DELETES, 9L);
    writeManifest(
        manifestEntrySchema(2, partitionStruct()),
        2,
        manifest,
        List.of(entry(EntryStatus.ADDED, null, null, null, with(dataFile(FILE_C, 1), 134, 2))));

    assertThatThrownBy(() -> readAll(manifest, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("equality delete file " + FILE_C + " has no equality_ids (135)");
  }

  @Test
  void fieldsAreFoundByIdWhateverTheirNamesOrderOrExtraFields() {
    ManifestFile manifest = manifest(1, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    Schema scrambledDataFile =
        ManifestFixtures.rewrite(
            ManifestFixtures.dataFileSchema(2, categoryPartition()),
            fields -> {
              List<Schema.Field> result = new ArrayList<>();
              for (Schema.Field field : fields) {
                result.add(ManifestFixtures.renamed(field, "renamed_" + field.name()));
              }
              Collections.reverse(result);
              result.add(3, optional(9000, "future_stats", ManifestFixtures.stringType()));
              result.add(
                  optional(
                      111,
                      "distinct_counts",
                      ManifestFixtures.map(123, 124, ManifestFixtures.longType())));
              return result;
            });
    Schema scrambledEntry =
        ManifestFixtures.rewrite(
            ManifestFixtures.entrySchemaAround(2, scrambledDataFile),
            fields -> {
              List<Schema.Field> result = new ArrayList<>(fields);
              Collections.reverse(result);
              return result;
            });
    Map<Integer, Object> fileWithExtras =
        with(FILE_A_WITH_METRICS, 9000, "ignored", 111, values(1, 99L));
    writeManifest(
        scrambledEntry,
        2,
        manifest,
        List.of(entry(EntryStatus.EXISTING, 38L, 3L, 4L, fileWithExtras)));

    ManifestEntry read = readAll(manifest, 2).get(0);

    assertThat(read.status()).as("status by id 0").isEqualTo(EntryStatus.EXISTING);
    assertThat(read.snapshotId()).as("snapshot_id by id 1").isEqualTo(38L);
    assertThat(read.file().location()).as("file_path by id 100").isEqualTo(FILE_A);
    assertThat(read.file().partition())
        .as("partition by id 102")
        .isEqualTo(PartitionValues.of("books"));
    assertThat(read.file().metrics()).as("metrics by id").isEqualTo(FILE_A_METRICS);
    assertThat(read.file().dataSequenceNumber()).as("sequence_number by id 3").isEqualTo(3L);
    assertThat(read.file().fileSequenceNumber()).as("file_sequence_number by id 4").isEqualTo(4L);
  }

  @Test
  void inheritsOnlyWhatEntriesLeaveNullAndReturnsDeletedEntries() {
    ManifestFile manifest = manifest(0, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    writeManifest(
        manifestEntrySchema(2, partitionStruct()),
        2,
        manifest,
        List.of(
            entry(EntryStatus.ADDED, null, null, null, dataFile(FILE_A, 1)),
            entry(EntryStatus.ADDED, null, 2L, null, dataFile(FILE_B, 1)),
            entry(EntryStatus.EXISTING, 30L, 1L, 3L, dataFile(FILE_C, 1)),
            entry(EntryStatus.DELETED, 40L, 2L, 2L, dataFile(FILE_D, 1))));

    List<ManifestEntry> entries = readAll(manifest, 2);

    assertThat(entries)
        .extracting(
            ManifestEntry::status,
            ManifestEntry::snapshotId,
            entry -> entry.file().dataSequenceNumber(),
            entry -> entry.file().fileSequenceNumber())
        .as("status, snapshot id, data and file sequence numbers after inheritance")
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(EntryStatus.ADDED, 40L, 5L, 5L),
            org.assertj.core.groups.Tuple.tuple(EntryStatus.ADDED, 40L, 2L, 5L),
            org.assertj.core.groups.Tuple.tuple(EntryStatus.EXISTING, 30L, 1L, 3L),
            org.assertj.core.groups.Tuple.tuple(EntryStatus.DELETED, 40L, 2L, 2L));
    assertThat(entries.get(3).isLive()).as("DELETED entries are returned, not live").isFalse();
  }

  @Test
  void existingEntryWithoutDataSequenceNumberIsCorrupt() {
    ManifestFile manifest = manifest(0, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    writeManifest(
        manifestEntrySchema(2, partitionStruct()),
        2,
        manifest,
        List.of(
            entry(EntryStatus.ADDED, null, null, null, dataFile(FILE_A, 1)),
            entry(EntryStatus.EXISTING, 30L, null, 3L, dataFile(FILE_B, 1))));

    assertThatThrownBy(() -> readAll(manifest, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read manifest " + MANIFEST_PATH + " (snapshot 40)")
        .hasMessageContaining(
            "entry 1 (" + FILE_B + ") has status EXISTING but no data sequence number");
  }

  @Test
  void entriesOfAManifestFromBeforeV2DefaultToSequenceNumberZero() {
    ManifestFile upgraded = manifest(0, ManifestContent.DATA, 0L);
    writeManifest(
        manifestEntrySchema(1, partitionStruct()),
        1,
        upgraded,
        List.of(entry(EntryStatus.EXISTING, 30L, null, null, dataFile(FILE_A, 1))));

    ContentFile file = readAll(upgraded, 2).get(0).file();

    assertThat(file.dataSequenceNumber()).as("v1 manifest in a v2 table: 0").isZero();
    assertThat(file.fileSequenceNumber()).as("v1 manifest in a v2 table: 0").isZero();
  }

  @Test
  void readsV1ManifestWithV1Defaults() {
    ManifestFile manifest = manifest(1, ManifestContent.DATA, 0L);
    writeManifest(
        manifestEntrySchema(1, categoryPartition()),
        1,
        manifest,
        List.of(
            entry(EntryStatus.ADDED, 38L, null, null, FILE_A_WITH_METRICS),
            entry(EntryStatus.DELETED, 39L, null, null, dataFile(FILE_B, 5))));

    List<ManifestEntry> entries = readAll(manifest, 1);

    assertThat(entries.get(0))
        .as("v1: content DATA, sequence numbers 0, snapshot id as recorded")
        .isEqualTo(
            new ManifestEntry(
                EntryStatus.ADDED,
                38L,
                new DataFile(
                    FILE_A,
                    FileFormat.PARQUET,
                    1,
                    PartitionValues.of("books"),
                    100,
                    1024,
                    FILE_A_METRICS,
                    List.of(4L, 1000L),
                    1,
                    null,
                    bytes("key-a"),
                    0,
                    0L)));
    assertThat(entries.get(1).status()).as("v1 DELETED entry").isEqualTo(EntryStatus.DELETED);
  }

  @Test
  void liveDataFilesWithoutFirstRowIdInheritTheManifestsRunningRowId() {
    ManifestFile manifest = manifest(0, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER, 1000L);
    writeManifest(
        manifestEntrySchema(3, partitionStruct()),
        3,
        manifest,
        List.of(
            entry(EntryStatus.ADDED, null, null, null, dataFile(FILE_A, 100)),
            entry(EntryStatus.EXISTING, 30L, 1L, 1L, with(dataFile(FILE_B, 7), 142, 5000L)),
            entry(EntryStatus.DELETED, 30L, 1L, 1L, dataFile(FILE_C, 9)),
            entry(EntryStatus.ADDED, null, null, null, dataFile(FILE_D, 50))));

    List<Long> firstRowIds =
        readAll(manifest, 3).stream().map(entry -> ((DataFile) entry.file()).firstRowId()).toList();

    assertThat(firstRowIds)
        .as("assigned from 1000 by record count; recorded ids kept; DELETED entries get none")
        .containsExactly(1000L, 5000L, null, 1100L);
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
    writeManifest(
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
    writeManifest(
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
    writeManifest(
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

    assertThatThrownBy(() -> readAll(manifest, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(
            "it is a data manifest but lists " + FILE_C + " with content POSITION_DELETES");
  }

  @Test
  void unknownFileFormatIsCorrupt() {
    ManifestFile manifest = manifest(0, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    writeManifest(
        manifestEntrySchema(2, partitionStruct()),
        2,
        manifest,
        List.of(entry(EntryStatus.ADDED, null, null, null, with(dataFile(FILE_A, 1), 101, "CSV"))));

    assertThatThrownBy(() -> readAll(manifest, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("file " + FILE_A + " has unknown file format 'CSV'");
  }

  @Test
  void truncatedManifestThrowsInsteadOfEndingEarly() {
    ManifestFile manifest = manifest(1, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    byte[] whole = manyEntriesInSmallBlocks(manifest);
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

    assertThatThrownBy(() -> readAll(manifest, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining("Cannot read manifest " + MANIFEST_PATH + " (snapshot 40)")
        .hasMessageContaining("Invalid sync");
  }

  private byte[] manyEntriesInSmallBlocks(ManifestFile manifest) {
    List<Map<Integer, Object>> entries = new ArrayList<>();
    for (int index = 0; index < 60; index++) {
      entries.add(
          entry(
              EntryStatus.ADDED,
              null,
              null,
              null,
              with(FILE_A_WITH_METRICS, 100, "mem://t/data/f" + index + ".parquet")));
    }
    return ManifestFixtures.write(
        manifestEntrySchema(2, categoryPartition()),
        manifestMetadata(2, manifest.partitionSpecId(), manifest.content()),
        entries,
        512);
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

    assertThatThrownBy(() -> readAll(manifest, 2))
        .isInstanceOf(FileReadException.class)
        .hasMessageContaining("Cannot read manifest " + MANIFEST_PATH + " (snapshot 40)")
        .hasMessageContaining("connection reset by the storage");
  }

  @Test
  void closingEarlyStopsTheIterator() {
    ManifestFile manifest = manifest(1, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    io.add(MANIFEST_PATH, manyEntriesInSmallBlocks(manifest));

    CloseableIterator<ManifestEntry> iterator = ManifestReader.open(io, manifest, SPECS, 2);
    ManifestEntry first = iterator.next();
    iterator.close();
    iterator.close();

    assertThat(first.file().location()).as("first entry").isEqualTo("mem://t/data/f0.parquet");
    assertThat(iterator.hasNext()).as("closed: no more entries").isFalse();
  }
}
