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
}
