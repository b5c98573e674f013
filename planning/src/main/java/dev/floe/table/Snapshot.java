package dev.floe.table;

import java.util.List;
import java.util.Map;

/**
 * A snapshot: the state of the table after one commit. {@code manifestList} is null only for v1
 * snapshots that inline their manifests in {@code manifests}. {@code parentSnapshotId}, {@code
 * schemaId}, {@code firstRowId}, {@code addedRows} and {@code keyId} are null when absent; v1
 * snapshots have sequence number 0.
 */
public record Snapshot(
    long snapshotId,
    Long parentSnapshotId,
    long sequenceNumber,
    long timestampMillis,
    String manifestList,
    List<String> manifests,
    Map<String, String> summary,
    Integer schemaId,
    Long firstRowId,
    Long addedRows,
    String keyId) {

  public Snapshot {
    manifests = List.copyOf(manifests);
    summary = Map.copyOf(summary);
  }

  /** The operation from the summary ({@code append}, {@code overwrite}, ...), or null. */
  public String operation() {
    return summary.get("operation");
  }
}
