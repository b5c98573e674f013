package dev.floe.table;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Reads snapshots, snapshot references and the two logs of table metadata. */
final class SnapshotParser {
  private SnapshotParser() {}

  /**
   * One snapshot. {@code sequence-number} defaults to 0 and {@code manifest-list} may be replaced
   * by inline {@code manifests} in every format version: a table upgraded from v1 keeps its v1
   * snapshots as they were written (Iceberg reads them the same way). The v3 row-lineage fields
   * stay optional for the same reason.
   */
  static Snapshot parseSnapshot(JsonObjectReader snapshot) {
    long snapshotId = snapshot.requiredLong("snapshot-id");
    long sequenceNumber = orZero(snapshot.optionalLong("sequence-number"));
    String manifestList = snapshot.optionalString("manifest-list");
    List<String> manifests = List.of();
    if (manifestList == null) {
      if (!snapshot.has("manifests")) {
        throw snapshot.corrupt(
            "snapshot " + snapshotId + " has neither 'manifest-list' nor 'manifests'");
      }
      manifests = snapshot.requiredStrings("manifests");
    }
    return new Snapshot(
        snapshotId,
        snapshot.optionalLong("parent-snapshot-id"),
        sequenceNumber,
        snapshot.requiredLong("timestamp-ms"),
        manifestList,
        manifests,
        snapshot.optionalStringMap("summary"),
        snapshot.optionalInt("schema-id"),
        snapshot.optionalLong("first-row-id"),
        snapshot.optionalLong("added-rows"),
        snapshot.optionalString("key-id"));
  }

  /** The {@code refs} object, by name in file order; empty when absent. */
  static Map<String, SnapshotRef> parseRefs(JsonObjectReader metadata) {
    Map<String, SnapshotRef> refs = new LinkedHashMap<>();
    metadata.optionalObjectMap("refs").forEach((name, ref) -> refs.put(name, parseRef(ref)));
    return refs;
  }

  static SnapshotLogEntry parseSnapshotLogEntry(JsonObjectReader entry) {
    return new SnapshotLogEntry(
        entry.requiredLong("timestamp-ms"), entry.requiredLong("snapshot-id"));
  }

  static MetadataLogEntry parseMetadataLogEntry(JsonObjectReader entry) {
    return new MetadataLogEntry(
        entry.requiredLong("timestamp-ms"), entry.requiredString("metadata-file"));
  }

  private static SnapshotRef parseRef(JsonObjectReader ref) {
    String type = ref.requiredString("type");
    SnapshotRef.RefType refType =
        switch (type.toLowerCase(Locale.ROOT)) {
          case "branch" -> SnapshotRef.RefType.BRANCH;
          case "tag" -> SnapshotRef.RefType.TAG;
          default ->
              throw ref.invalid("type", "expected 'branch' or 'tag', not '" + type + "'", null);
        };
    return new SnapshotRef(
        ref.requiredLong("snapshot-id"),
        refType,
        ref.optionalInt("min-snapshots-to-keep"),
        ref.optionalLong("max-snapshot-age-ms"),
        ref.optionalLong("max-ref-age-ms"));
  }

  private static long orZero(Long value) {
    return value == null ? 0L : value;
  }
}
