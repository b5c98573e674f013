package dev.floe.table;

import java.util.List;
import java.util.Map;

/** A blob of a statistics (Puffin) file, as listed in table metadata. */
public record BlobMetadata(
    String type,
    long sourceSnapshotId,
    long sourceSnapshotSequenceNumber,
    List<Integer> fields,
    Map<String, String> properties) {
  public BlobMetadata {
    fields = List.copyOf(fields);
    properties = Map.copyOf(properties);
  }
}
