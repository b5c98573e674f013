package dev.floe.manifest;

import java.util.Objects;

/**
 * One entry of a manifest, after inheritance: {@code snapshotId} and the file's sequence numbers
 * are filled from the manifest when the entry left them null.
 */
public record ManifestEntry(EntryStatus status, long snapshotId, ContentFile file) {
  public ManifestEntry {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(file, "file");
  }

  public boolean isLive() {
    return status != EntryStatus.DELETED;
  }

  /**
   * This entry as a read asking for {@code columns}' metrics returns it, from an entry read with
   * metrics that {@linkplain MetricsColumns#covers cover} those.
   */
  public ManifestEntry narrowedTo(MetricsColumns columns) {
    ColumnMetrics narrowed = file.metrics().narrowedTo(columns);
    return narrowed == file.metrics()
        ? this
        : new ManifestEntry(status, snapshotId, file.withMetrics(narrowed));
  }
}
