package dev.floe.spark.deletes;

import dev.floe.deletes.PositionIndex;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The deletes of one data file, loaded: the deleted positions (from its deletion vector or its
 * position delete files) and the rows of its equality delete files.
 */
public record TaskDeletes(PositionIndex positions, List<EqualityDeleteSet> equalityDeletes) {
  private static final TaskDeletes NONE = new TaskDeletes(PositionIndex.empty(), List.of());

  public TaskDeletes {
    Objects.requireNonNull(positions, "positions");
    equalityDeletes = equalityDeletes.stream().filter(set -> !set.isEmpty()).toList();
  }

  public static TaskDeletes none() {
    return NONE;
  }

  /** Whether no row of the file is deleted. */
  public boolean isEmpty() {
    return positions.isEmpty() && equalityDeletes.isEmpty();
  }

  /** Whether the delete filter needs each row's file position ({@code _pos}). */
  public boolean needsPositions() {
    return !positions.isEmpty();
  }

  /** The field ids whose values the delete filter needs, in first-use order. */
  public Set<Integer> equalityFieldIds() {
    Set<Integer> ids = new LinkedHashSet<>();
    for (EqualityDeleteSet set : equalityDeletes) {
      set.fields().forEach(field -> ids.add(field.fieldId()));
    }
    return ids;
  }
}
