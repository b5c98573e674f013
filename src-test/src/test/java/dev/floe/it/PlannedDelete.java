package dev.floe.it;

import java.util.Comparator;
import java.util.Objects;

/**
 * A delete file attached to a planned data file: its location and, for a deletion vector, the
 * offset of its blob (several DVs share one Puffin file), otherwise null.
 */
record PlannedDelete(String location, Long contentOffset) implements Comparable<PlannedDelete> {

  private static final Comparator<PlannedDelete> ORDER =
      Comparator.comparing(PlannedDelete::location)
          .thenComparing(
              PlannedDelete::contentOffset, Comparator.nullsFirst(Comparator.naturalOrder()));

  PlannedDelete {
    Objects.requireNonNull(location, "location");
  }

  @Override
  public int compareTo(PlannedDelete other) {
    return ORDER.compare(this, other);
  }

  @Override
  public String toString() {
    return contentOffset == null ? location : location + "@" + contentOffset;
  }
}
