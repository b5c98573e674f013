package dev.floe.manifest;

import static dev.floe.manifest.ManifestFixtures.longType;
import static dev.floe.manifest.ManifestFixtures.manifestListMetadata;
import static dev.floe.manifest.ManifestFixtures.manifestListSchema;
import static dev.floe.manifest.ManifestFixtures.values;
import static dev.floe.manifest.ManifestFixtures.with;
import static dev.floe.manifest.ManifestTestFiles.MANIFEST_PATH;
import static dev.floe.manifest.ManifestTestFiles.MANIFEST_SEQUENCE_NUMBER;
import static dev.floe.manifest.ManifestTestFiles.SPECS;
import static dev.floe.manifest.ManifestTestFiles.manifest;
import static dev.floe.manifest.ManifestTestFiles.manyEntriesInSmallBlocks;
import static dev.floe.manifest.ManifestTestFiles.withLength;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import dev.floe.io.CloseableIterator;
import dev.floe.table.Snapshot;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Manifests and manifest lists cut short, damaged, empty or of the wrong version: each read fails
 * with a CorruptTableException naming the file, or (for a damage Avro cannot see) returns every
 * entry; never a shorter result or another exception. The hand-picked cases stay in {@link
 * TestManifestReaderFailures} and {@link TestManifestListReader}; these are systematic.
 */
class TestManifestBadInput {
  private static final String LIST_PATH = "mem://t/metadata/snap-42-1-list.avro";
  private static final String MANIFEST_MESSAGE = "Cannot read manifest " + MANIFEST_PATH;
  private static final String LIST_MESSAGE =
      "Cannot read manifest list " + LIST_PATH + " of snapshot 42";
  private static final Snapshot SNAPSHOT = ManifestFixtures.snapshot42(LIST_PATH);

  private final InMemoryFileIO io = new InMemoryFileIO();

  @Test
  void manifestCutAnywhereIsCorrupt() {
    ManifestFile listed = manifest(1, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    byte[] whole = manyEntriesInSmallBlocks(listed);
    ManifestFile manifest = withLength(listed, whole.length);
    List<Integer> cuts = new ArrayList<>(List.of(0, 1, 3, 4, 10, 100, whole.length - 1));
    for (int twentieth = 1; twentieth < 20; twentieth++) {
      cuts.add(whole.length * twentieth / 20);
    }
    for (int cut : cuts) {
      io.add(MANIFEST_PATH, Arrays.copyOf(whole, cut));
      assertThatThrownBy(() -> readAll(manifest))
          .as("manifest of %s bytes cut at byte %s", whole.length, cut)
          .isInstanceOf(CorruptTableException.class)
          .hasMessageContaining(MANIFEST_MESSAGE + " (snapshot 40)");
    }
  }

  @Test
  void emptyManifestIsCorrupt() {
    ManifestFile manifest = manifest(1, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    io.add(MANIFEST_PATH, new byte[0]);
    assertThatThrownBy(() -> readAll(manifest))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(MANIFEST_MESSAGE)
        .hasMessageContaining("the file is empty");
  }

  @Test
  void bitFlipsInAManifestReadWhollyOrAreCorrupt() {
    ManifestFile listed = manifest(1, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    byte[] whole = manyEntriesInSmallBlocks(listed);
    ManifestFile manifest = withLength(listed, whole.length);
    Random random = new Random(10);
    int corrupt = 0;
    for (int attempt = 0; attempt < 300; attempt++) {
      byte[] damaged = whole.clone();
      int position = random.nextInt(damaged.length);
      damaged[position] ^= (byte) (1 << random.nextInt(8));
      io.add(MANIFEST_PATH, damaged);
      try {
        assertThat(readAll(manifest))
            .as("a flip at byte %s that Avro cannot see still reads every entry", position)
            .hasSize(60);
      } catch (CorruptTableException expected) {
        assertThat(expected).hasMessageContaining(MANIFEST_MESSAGE);
        corrupt++;
      }
    }
    assertThat(corrupt)
        .as("deflate's checksum and Avro's sync markers catch most")
        .isGreaterThan(200);
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3})
  void manifestOfAnotherSpecThanItsListEntrySaysIsCorrupt(int formatVersion) {
    ManifestFile listed = manifest(7, ManifestContent.DATA, MANIFEST_SEQUENCE_NUMBER);
    io.add(MANIFEST_PATH, manyEntriesInSmallBlocks(manifest(1, ManifestContent.DATA, 5L)));
    assertThatThrownBy(() -> readAll(listed, formatVersion))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(MANIFEST_MESSAGE)
        .hasMessageContaining("partition spec 7, which the table metadata does not define");
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3})
  void manifestListCutAnywhereIsCorrupt(int formatVersion) {
    byte[] whole = manifestList(formatVersion);
    for (int cut = 0; cut < whole.length; cut += Math.max(1, whole.length / 25)) {
      io.add(LIST_PATH, Arrays.copyOf(whole, cut));
      assertThatThrownBy(() -> ManifestListReader.read(io, SNAPSHOT, formatVersion))
          .as("v%s manifest list of %s bytes cut at byte %s", formatVersion, whole.length, cut)
          .isInstanceOf(CorruptTableException.class)
          .hasMessageContaining(LIST_MESSAGE);
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 3})
  void bitFlipsInAManifestListReadWhollyOrAreCorrupt(int formatVersion) {
    byte[] whole = manifestList(formatVersion);
    Random random = new Random(formatVersion);
    for (int attempt = 0; attempt < 100; attempt++) {
      byte[] damaged = whole.clone();
      damaged[random.nextInt(damaged.length)] ^= (byte) (1 << random.nextInt(8));
      io.add(LIST_PATH, damaged);
      try {
        assertThat(ManifestListReader.read(io, SNAPSHOT, formatVersion)).hasSize(30);
      } catch (CorruptTableException expected) {
        assertThat(expected).hasMessageContaining(LIST_MESSAGE);
      }
    }
  }

  @Test
  void notAnAvroFileIsCorrupt() {
    io.add(LIST_PATH, "{\"format-version\": 2}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertThatThrownBy(() -> ManifestListReader.read(io, SNAPSHOT, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(LIST_MESSAGE)
        .hasMessageContaining("not an Avro file");
  }

  @Test
  void arrayOfElementsTakingNoBytesIsCorrupt() throws java.io.IOException {
    // Avro skips such an array item by item, so a damaged count (2^62 nulls) would never end
    Schema junk =
        SchemaBuilder.record("manifest_file")
            .fields()
            .name("junk")
            .type()
            .array()
            .items()
            .nullType()
            .noDefault()
            .endRecord();
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (DataFileWriter<GenericRecord> writer =
        new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(junk))) {
      writer.create(junk, out);
      GenericRecord record = new GenericData.Record(junk);
      record.put("junk", Arrays.asList(null, null, null));
      writer.append(record);
    }
    io.add(LIST_PATH, out.toByteArray());

    assertThatThrownBy(() -> ManifestListReader.read(io, SNAPSHOT, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(LIST_MESSAGE)
        .hasMessageContaining(
            "its Avro schema has an array of \"null\", whose elements take no bytes");
  }

  @Test
  @Timeout(60) // without a bound, Avro skips the claimed items for hours
  void unreadArrayClaimingMoreItemsThanTheFileHasBytesIsCorrupt() throws IOException {
    // a field Floe does not read, so Avro skips it: [7, 7, 7] is 06 0e 0e 0e 00 ...
    // ... and fe ff ff ff 0f claims 2^31 - 1 items in the same five bytes
    addListWithUnreadField(
        Schema.createArray(longType()),
        List.of(7L, 7L, 7L),
        new byte[] {0x06, 0x0e, 0x0e, 0x0e, 0x00},
        new byte[] {-2, -1, -1, -1, 0x0f});

    assertThatThrownBy(() -> ManifestListReader.read(io, SNAPSHOT, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(LIST_MESSAGE)
        .hasMessageContaining(
            "an array or map claims 2147483647 items in one record, more than the file has bytes");
  }

  /**
   * A block of an unread array that states its size in bytes, negatively: Avro 1.11 (Spark 3.5's)
   * skips such a block by moving back over its own header and reads it again, forever (the test
   * runs in a thread of its own, so that a hang fails it rather than the build).
   */
  @Test
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void unreadArrayBlockOfNegativeSizeIsCorrupt() throws IOException {
    // [7, 7, 7] is 06 0e 0e 0e 00; 01 03 claims a block of 1 item in -2 bytes
    addListWithUnreadField(
        Schema.createArray(longType()),
        List.of(7L, 7L, 7L),
        new byte[] {0x06, 0x0e, 0x0e, 0x0e, 0x00},
        new byte[] {0x01, 0x03, 0x0e, 0x00});

    assertThatThrownBy(() -> ManifestListReader.read(io, SNAPSHOT, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(LIST_MESSAGE)
        .hasMessageContaining("an array or map block claims a size of -2 bytes");
  }

  /** An unread string of negative length, which Avro 1.11 would follow backwards. */
  @Test
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void unreadStringOfNegativeLengthIsCorrupt() throws IOException {
    // "qqq" is 06 71 71 71; 03 claims -2 bytes
    addListWithUnreadField(
        ManifestFixtures.stringType(),
        "qqq",
        new byte[] {0x06, 'q', 'q', 'q'},
        new byte[] {0x03, 'q', 'q', 'q'});

    assertThatThrownBy(() -> ManifestListReader.read(io, SNAPSHOT, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(LIST_MESSAGE)
        .hasMessageContaining("a string value claims -2 bytes");
  }

  @Test
  void headerClaimingAValueLongerThanTheFileIsCorrupt() {
    // Avro allocates a metadata key's claimed length before reading it: 2^30 bytes here
    byte[] file = {'O', 'b', 'j', 1, 0x02, -128, -128, -128, -128, 0x08, 'k', 'e', 'y'};
    io.add(LIST_PATH, file);

    assertThatThrownBy(() -> ManifestListReader.read(io, SNAPSHOT, 2))
        .isInstanceOf(CorruptTableException.class)
        .hasMessageContaining(LIST_MESSAGE)
        .hasMessageContaining(
            "its header claims a metadata key of 1073741824 bytes, more than the file's 13");
  }

  private static byte[] writeUncompressed(
      Schema schema, Map<String, String> metadata, Map<Integer, Object> values) throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (DataFileWriter<GenericRecord> writer =
        new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(schema))) {
      metadata.forEach(writer::setMeta);
      writer.create(schema, out);
      writer.append(ManifestFixtures.toRecord(schema, values));
    }
    return out.toByteArray();
  }

  /**
   * Adds a one-entry manifest list whose entry also holds {@code value} in a field of {@code type}
   * that Floe does not read (so Avro skips it), its encoding {@code from} damaged into {@code to}.
   */
  private void addListWithUnreadField(Schema type, Object value, byte[] from, byte[] to)
      throws IOException {
    Schema schema =
        ManifestFixtures.rewrite(
            manifestListSchema(2),
            fields -> {
              fields.add(ManifestFixtures.required(9999, "junk", type));
              return fields;
            });
    Map<Integer, Object> entry = with(listEntry(0), 9999, value);
    byte[] file = writeUncompressed(schema, manifestListMetadata(42L, 2), entry);
    replace(file, from, to);
    io.add(LIST_PATH, file);
  }

  /** Overwrites the one occurrence of {@code from} in {@code bytes} with {@code to}, as long. */
  private static void replace(byte[] bytes, byte[] from, byte[] to) {
    int found = -1;
    for (int start = 0; start + from.length <= bytes.length; start++) {
      if (Arrays.equals(bytes, start, start + from.length, from, 0, from.length)) {
        assertThat(found).as("occurrences of the bytes to replace").isEqualTo(-1);
        found = start;
      }
    }
    assertThat(found).as("the bytes to replace").isNotNegative();
    System.arraycopy(to, 0, bytes, found, to.length);
  }

  /** A list of 30 data manifests in small blocks, so that cuts fall inside and between them. */
  private static byte[] manifestList(int formatVersion) {
    List<Map<Integer, Object>> entries = new ArrayList<>();
    for (int index = 0; index < 30; index++) {
      entries.add(listEntry(index));
    }
    return ManifestFixtures.write(
        manifestListSchema(formatVersion), manifestListMetadata(42L, formatVersion), entries, 256);
  }

  /** The manifest list entry of data manifest {@code m<index>.avro}. */
  private static Map<Integer, Object> listEntry(int index) {
    return values(
        500,
        "mem://t/metadata/m" + index + ".avro",
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
        42L,
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
        520,
        1000L);
  }

  private List<ManifestEntry> readAll(ManifestFile manifest) {
    return readAll(manifest, 2);
  }

  private List<ManifestEntry> readAll(ManifestFile manifest, int formatVersion) {
    List<ManifestEntry> entries = new ArrayList<>();
    try (CloseableIterator<ManifestEntry> iterator =
        ManifestReader.open(io, manifest, SPECS, formatVersion)) {
      iterator.forEachRemaining(entries::add);
    }
    return entries;
  }
}
