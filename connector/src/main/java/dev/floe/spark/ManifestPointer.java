package dev.floe.spark;

import dev.floe.manifest.ManifestContent;
import dev.floe.manifest.ManifestFile;
import dev.floe.manifest.ManifestFile.ManifestCounts;
import java.io.Serializable;
import java.util.Objects;

/**
 * What an executor needs to read one manifest's entries: the manifest list's facts that entries
 * inherit (snapshot id, sequence number, first row id) and the spec id, without the counts and
 * partition summaries, which only the driver uses.
 */
record ManifestPointer(
    String path,
    long length,
    int partitionSpecId,
    int contentId,
    long sequenceNumber,
    long minSequenceNumber,
    long addedSnapshotId,
    Long firstRowId)
    implements Serializable {

  ManifestPointer {
    Objects.requireNonNull(path, "path");
  }

  static ManifestPointer of(ManifestFile manifest) {
    return new ManifestPointer(
        manifest.path(),
        manifest.length(),
        manifest.partitionSpecId(),
        manifest.content().id(),
        manifest.sequenceNumber(),
        manifest.minSequenceNumber(),
        manifest.addedSnapshotId(),
        manifest.firstRowId());
  }

  ManifestFile manifest() {
    return new ManifestFile(
        path,
        length,
        partitionSpecId,
        ManifestContent.fromId(contentId),
        sequenceNumber,
        minSequenceNumber,
        addedSnapshotId,
        ManifestCounts.UNKNOWN,
        null,
        null,
        firstRowId);
  }
}
