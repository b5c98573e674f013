package dev.floe.table;

import java.util.List;

/** A sort order; order id 0 is reserved for the unsorted order. */
public record SortOrder(int orderId, List<SortField> fields) {
  public SortOrder {
    fields = List.copyOf(fields);
  }
}
