package dev.floe.table;

import java.util.List;

/** A table statistics file of one snapshot. {@code keyMetadata} is null when absent. */
public record StatisticsFile(
    long snapshotId,
    String statisticsPath,
    long fileSizeInBytes,
    long fileFooterSizeInBytes,
    String keyMetadata,
    List<BlobMetadata> blobMetadata) {
  public StatisticsFile {
    blobMetadata = List.copyOf(blobMetadata);
  }
}
