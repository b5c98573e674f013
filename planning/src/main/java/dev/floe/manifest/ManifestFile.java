package dev.floe.manifest;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;

/**
 * One entry of a manifest list. Counts are null when the writer did not record them. Sequence
 * numbers are 0 for v1 tables. {@code firstRowId} (v3) and {@code keyMetadata} are null when
 * absent.
 */
public record ManifestFile(
    String path,
    long length,
    int partitionSpecId,
    ManifestContent content,
    long sequenceNumber,
    long minSequenceNumber,
    long addedSnapshotId,
    ManifestCounts counts,
    List<PartitionFieldSummary> partitions,
    ByteBuffer keyMetadata,
    Long firstRowId) {

  public ManifestFile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(counts, "counts");
    partitions = partitions == null ? null : List.copyOf(partitions);
  }

  /** File and row counts of a manifest by entry status; each is null when not recorded. */
  public record ManifestCounts(
      Integer addedFilesCount,
      Integer existingFilesCount,
      Integer deletedFilesCount,
      Long addedRowsCount,
      Long existingRowsCount,
      Long deletedRowsCount) {

    public static final ManifestCounts UNKNOWN =
        new ManifestCounts(null, null, null, null, null, null);

    /** Whether the manifest is known to hold no ADDED or EXISTING entries. */
    public boolean hasNoLiveFiles() {
      return addedFilesCount != null
          && existingFilesCount != null
          && addedFilesCount == 0
          && existingFilesCount == 0;
    }
  }
}
