package dev.floe.table;

import java.util.List;

/** One field of a sort order: a transform of source columns, a direction and a null order. */
public record SortField(
    List<Integer> sourceIds, String transform, SortDirection direction, NullOrder nullOrder) {
  public SortField {
    sourceIds = List.copyOf(sourceIds);
  }

  public enum SortDirection {
    ASC,
    DESC
  }

  public enum NullOrder {
    NULLS_FIRST,
    NULLS_LAST
  }
}
