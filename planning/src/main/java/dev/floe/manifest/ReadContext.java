package dev.floe.manifest;

import dev.floe.CorruptTableException;
import dev.floe.FileReadException;
import java.util.Objects;

/**
 * Which metadata file is being read and on behalf of which snapshot, so that every error names
 * both: {@code Cannot read manifest file:/t/m1.avro (snapshot 42): truncated at byte 8190}.
 */
record ReadContext(String path, String subject) {
  ReadContext {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(subject, "subject");
  }

  static ReadContext manifestList(String path, long snapshotId) {
    return new ReadContext(path, "manifest list " + path + " of snapshot " + snapshotId);
  }

  /** A v1 manifest listed inline in the snapshot, without a manifest list. */
  static ReadContext inlineManifest(String path, long snapshotId) {
    return new ReadContext(path, "manifest " + path + " of snapshot " + snapshotId);
  }

  static ReadContext manifest(ManifestFile manifest) {
    return new ReadContext(
        manifest.path(),
        "manifest " + manifest.path() + " (snapshot " + manifest.addedSnapshotId() + ")");
  }

  CorruptTableException corrupt(String problem) {
    return new CorruptTableException(message(problem));
  }

  CorruptTableException corrupt(String problem, Throwable cause) {
    return new CorruptTableException(message(problem), cause);
  }

  FileReadException readFailure(String problem, Throwable cause) {
    return new FileReadException(message(problem), cause);
  }

  private String message(String problem) {
    return "Cannot read " + subject + ": " + problem;
  }
}
