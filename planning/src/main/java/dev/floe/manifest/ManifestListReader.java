package dev.floe.manifest;

import dev.floe.CorruptTableException;
import dev.floe.io.FileIO;
import dev.floe.manifest.ManifestFile.ManifestCounts;
import dev.floe.table.Snapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.avro.generic.GenericRecord;

/**
 * Reads the manifests of a snapshot: its manifest list (an Avro file of {@code manifest_file}
 * records, format v1 to v3), or, for a v1 snapshot without one, the manifests it lists inline.
 *
 * <p>Fields are found by their Iceberg field id, so a list whose writer renamed or reordered them
 * reads the same; fields Floe does not know are skipped. Missing v2 fields of a v1 list take the
 * spec's defaults: content {@code DATA}, sequence numbers 0.
 *
 * <p>Sequence numbers: a v2+ list may record a manifest's {@code sequence_number} (or {@code
 * min_sequence_number}) as -1, unassigned, when the manifest was written before the commit. Such a
 * manifest must have been added by this snapshot, and inherits the snapshot's sequence number. For
 * example, snapshot 42 with sequence number 7 lists manifest {@code m1.avro} with {@code
 * sequence_number} -1 and {@code added_snapshot_id} 42: it is read with sequence number 7.
 */
public final class ManifestListReader {
  private static final String PARTITION_SPEC_ID_PROPERTY = "partition-spec-id";

  private ManifestListReader() {}

  /**
   * The manifests of {@code snapshot}, in the order the list records them.
   *
   * @param formatVersion the table's format version, 1 to 3
   * @throws dev.floe.CorruptTableException when the list (or an inline manifest) breaks the spec:
   *     truncated, not Avro, a required field missing
   * @throws dev.floe.FileReadException when the storage fails or the file does not exist
   */
  public static List<ManifestFile> read(FileIO io, Snapshot snapshot, int formatVersion) {
    return list(io, snapshot, formatVersion).manifests();
  }

  /**
   * The manifests of a snapshot and the bytes of its manifest list file (0 for a v1 snapshot that
   * names its manifests inline).
   */
  public record Listing(List<ManifestFile> manifests, long listBytes) {
    public Listing {
      manifests = List.copyOf(manifests);
    }
  }

  /** Like {@link #read}, also saying how long the manifest list file is. */
  public static Listing list(FileIO io, Snapshot snapshot, int formatVersion) {
    Objects.requireNonNull(io, "io");
    Objects.requireNonNull(snapshot, "snapshot");
    if (formatVersion < 1 || formatVersion > 3) {
      throw new IllegalArgumentException(
          "Unsupported table format version " + formatVersion + ": Floe reads versions 1 to 3");
    }
    if (snapshot.manifestList() != null) {
      return readList(io, snapshot, formatVersion);
    }
    if (formatVersion >= 2) {
      throw new CorruptTableException(
          "Snapshot "
              + snapshot.snapshotId()
              + " has no manifest list, which a v"
              + formatVersion
              + " table requires; only v1 snapshots may list their manifests inline");
    }
    List<ManifestFile> manifests = new ArrayList<>(snapshot.manifests().size());
    for (String path : snapshot.manifests()) {
      manifests.add(readInlineManifest(io, path, snapshot));
    }
    return new Listing(manifests, 0);
  }

  private static Listing readList(FileIO io, Snapshot snapshot, int formatVersion) {
    String path = snapshot.manifestList();
    ReadContext context = ReadContext.manifestList(path, snapshot.snapshotId());
    try (AvroContainerReader reader = AvroContainerReader.open(io.newInputFile(path), context)) {
      ManifestFileDecoder decoder =
          ManifestFileDecoder.create(reader.fileSchema(), snapshot, formatVersion, context);
      reader.project(decoder.readerSchema());
      List<ManifestFile> manifests = new ArrayList<>();
      GenericRecord record = null;
      while ((record = reader.next(record)) != null) {
        manifests.add(decoder.decode(record, manifests.size()));
      }
      return new Listing(manifests, reader.length());
    }
  }

  /**
   * A v1 snapshot without a manifest list names its manifests only; what the list would say is
   * taken from the manifest's header (its partition spec id) and the snapshot: content {@code
   * DATA}, sequence numbers 0, added by this snapshot, counts and partition summaries unknown.
   */
  private static ManifestFile readInlineManifest(FileIO io, String path, Snapshot snapshot) {
    ReadContext context = ReadContext.inlineManifest(path, snapshot.snapshotId());
    try (AvroContainerReader reader = AvroContainerReader.open(io.newInputFile(path), context)) {
      return new ManifestFile(
          path,
          reader.length(),
          partitionSpecId(reader.metadata(PARTITION_SPEC_ID_PROPERTY), context),
          ManifestContent.DATA,
          0,
          0,
          snapshot.snapshotId(),
          ManifestCounts.UNKNOWN,
          null,
          null,
          null);
    }
  }

  private static int partitionSpecId(String property, ReadContext context) {
    if (property == null) {
      return 0;
    }
    try {
      return Integer.parseInt(property.trim());
    } catch (NumberFormatException notANumber) {
      throw context.corrupt(
          "its header property "
              + PARTITION_SPEC_ID_PROPERTY
              + " is '"
              + property
              + "', not a partition spec id",
          notANumber);
    }
  }
}
