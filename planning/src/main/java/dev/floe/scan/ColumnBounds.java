package dev.floe.scan;

import java.util.Objects;

/**
 * The exact smallest and largest value of a column in a set of rows (Floe's value forms, as {@link
 * dev.floe.table.SingleValueBinary} reads them), or no value at all when every value is null or
 * there are no rows.
 */
public record ColumnBounds(Object lower, Object upper) {
  /** Rows without any non-null value: they add nothing to a minimum or maximum. */
  public static final ColumnBounds NO_VALUES = new ColumnBounds(null, null);

  public ColumnBounds {
    if ((lower == null) != (upper == null)) {
      throw new IllegalArgumentException(
          "Bounds need both ends or neither: [" + lower + ", " + upper + "]");
    }
  }

  public static ColumnBounds of(Object lower, Object upper) {
    return new ColumnBounds(
        Objects.requireNonNull(lower, "lower"), Objects.requireNonNull(upper, "upper"));
  }

  public boolean hasValues() {
    return lower != null;
  }
}
