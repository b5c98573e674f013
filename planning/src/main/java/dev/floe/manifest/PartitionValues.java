package dev.floe.manifest;

import java.util.Arrays;
import java.util.List;

/**
 * The partition tuple of a content file, in the order of its partition spec's fields. Values use
 * Floe's value representation (see {@link dev.floe.table.NestedField}); a value may be null.
 */
public final class PartitionValues {
  public static final PartitionValues EMPTY = new PartitionValues(new Object[0]);

  private final Object[] values;

  private PartitionValues(Object[] values) {
    this.values = values;
  }

  public static PartitionValues of(Object... values) {
    return values.length == 0 ? EMPTY : new PartitionValues(values.clone());
  }

  /** A tuple of {@code values}, which the caller hands over and must not change afterwards. */
  static PartitionValues owning(Object[] values) {
    return values.length == 0 ? EMPTY : new PartitionValues(values);
  }

  /** Whether this tuple holds exactly {@code values}. */
  boolean holds(Object[] values) {
    return Arrays.equals(this.values, values);
  }

  public static PartitionValues of(List<?> values) {
    return values.isEmpty() ? EMPTY : new PartitionValues(values.toArray());
  }

  public int size() {
    return values.length;
  }

  public Object get(int position) {
    return values[position];
  }

  /** The values as an unmodifiable list that may hold nulls. */
  public List<Object> asList() {
    return java.util.Collections.unmodifiableList(Arrays.asList(values.clone()));
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PartitionValues that && Arrays.equals(values, that.values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    return Arrays.toString(values);
  }
}
