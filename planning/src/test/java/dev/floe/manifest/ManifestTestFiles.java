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

import dev.floe.io.CloseableIterator;
import dev.floe.manifest.ManifestFile.ManifestCounts;
import dev.floe.table.PartitionField;
import dev.floe.table.PartitionSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;

/**
 * Named manifests and data files for the manifest reader's tests, and the steps to write a manifest
 * into an {@link InMemoryFileIO} and read it back whole.
 */
final class ManifestTestFiles {
  static final String MANIFEST_PATH = "mem://t/metadata/m1.avro";
  static final long MANIFEST_SNAPSHOT_ID = 40L;
  static final long MANIFEST_SEQUENCE_NUMBER = 5L;

  static final PartitionSpec UNPARTITIONED = PartitionSpec.unpartitioned(0);
  static final PartitionSpec BY_CATEGORY =
      new PartitionSpec(1, List.of(new PartitionField(2, 1000, "category", "identity")));
  static final Map<Integer, PartitionSpec> SPECS = Map.of(0, UNPARTITIONED, 1, BY_CATEGORY);

  static final String FILE_A = "mem://t/data/a.parquet";
  static final String FILE_B = "mem://t/data/b.parquet";
  static final String FILE_C = "mem://t/data/c.parquet";
  static final String FILE_D = "mem://t/data/d.parquet";

  /** FILE_A with every metric the spec defines, partitioned by category = 'books'. */
  static final Map<Integer, Object> FILE_A_WITH_METRICS =
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

  static final ColumnMetrics FILE_A_METRICS =
      new ColumnMetrics(
          Map.of(1, 1000L, 2, 2000L),
          Map.of(1, 100L, 2, 100L),
          Map.of(1, 0L, 2, 5L),
          Map.of(2, 1L),
          Map.of(1, bytes("a"), 2, bytes("0")),
          Map.of(1, bytes("z"), 2, bytes("9")));

  private final InMemoryFileIO io;

  ManifestTestFiles(InMemoryFileIO io) {
    this.io = io;
  }

  /** A manifest added by snapshot 40, listed as 4096 bytes long. */
  static ManifestFile manifest(int specId, ManifestContent content, long sequenceNumber) {
    return manifest(specId, content, sequenceNumber, null);
  }

  static ManifestFile manifest(
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

  static ManifestFile withLength(ManifestFile manifest, long length) {
    return new ManifestFile(
        manifest.path(),
        length,
        manifest.partitionSpecId(),
        manifest.content(),
        manifest.sequenceNumber(),
        manifest.minSequenceNumber(),
        manifest.addedSnapshotId(),
        manifest.counts(),
        manifest.partitions(),
        manifest.keyMetadata(),
        manifest.firstRowId());
  }

  /** The partition struct of BY_CATEGORY: one optional string, id 1000. */
  static Schema categoryPartition() {
    return partitionStruct(optional(1000, "category", ManifestFixtures.stringType()));
  }

  /** Sixty ADDED copies of FILE_A (f0 to f59) in blocks of about 512 bytes. */
  static byte[] manyEntriesInSmallBlocks(ManifestFile manifest) {
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

  void writeManifest(
      Schema schema, int formatVersion, ManifestFile manifest, List<Map<Integer, Object>> entries) {
    io.add(
        manifest.path(),
        ManifestFixtures.write(
            schema,
            manifestMetadata(formatVersion, manifest.partitionSpecId(), manifest.content()),
            entries));
  }

  /**
   * Like {@link #writeManifest}, with fixed values encoded as declared rather than as Iceberg does.
   */
  void writeManifestAsDeclared(
      Schema schema, int formatVersion, ManifestFile manifest, List<Map<Integer, Object>> entries) {
    io.add(
        manifest.path(),
        ManifestFixtures.writeAsDeclared(
            schema,
            manifestMetadata(formatVersion, manifest.partitionSpecId(), manifest.content()),
            entries));
  }

  List<ManifestEntry> readAll(ManifestFile manifest, int formatVersion) {
    return readAll(manifest, SPECS, formatVersion);
  }

  List<ManifestEntry> readAll(
      ManifestFile manifest, Map<Integer, PartitionSpec> specs, int formatVersion) {
    List<ManifestEntry> entries = new ArrayList<>();
    try (CloseableIterator<ManifestEntry> iterator =
        ManifestReader.open(io, manifest, specs, formatVersion)) {
      iterator.forEachRemaining(entries::add);
    }
    return entries;
  }
}
