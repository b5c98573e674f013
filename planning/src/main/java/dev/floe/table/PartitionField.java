package dev.floe.table;

import java.util.List;
import java.util.Objects;

/**
 * One field of a partition spec: a transform (as the spec writes it: {@code identity}, {@code
 * bucket[16]}, {@code truncate[4]}, {@code day}, ...) of one source column, or of several in v3
 * ({@code source-ids}). {@code sourceIds} always holds at least one id.
 */
public record PartitionField(List<Integer> sourceIds, int fieldId, String name, String transform) {
  public PartitionField {
    sourceIds = List.copyOf(sourceIds);
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(transform, "transform");
    if (sourceIds.isEmpty()) {
      throw new IllegalArgumentException("Partition field '" + name + "' has no source column");
    }
  }

  public PartitionField(int sourceId, int fieldId, String name, String transform) {
    this(List.of(sourceId), fieldId, name, transform);
  }

  public int sourceId() {
    return sourceIds.get(0);
  }
}
