package dev.floe.it.spark;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One read of the delete matrix: a query, read options beyond the snapshot id (the batch size,
 * Floe's delete cache bound; Apache Iceberg's reader ignores those it does not know), the first
 * snapshot it applies to (by ordinal: a query on a column added later cannot run before), and the
 * oracle of its rows.
 */
record DeleteQuery(
    ReadQuery query, Map<String, String> options, int firstSnapshot, DeleteOracle oracle) {
  DeleteQuery {
    Objects.requireNonNull(query, "query");
    options = Map.copyOf(options);
    if (firstSnapshot < 1) {
      throw new IllegalArgumentException("Snapshot ordinals start at 1: " + firstSnapshot);
    }
    Objects.requireNonNull(oracle, "oracle");
  }

  static DeleteQuery of(ReadQuery query) {
    return new DeleteQuery(query, Map.of(), 1, DeleteOracle.ICEBERG_SCAN);
  }

  DeleteQuery withOption(String name, String value) {
    Map<String, String> more = new TreeMap<>(options);
    more.put(name, value);
    return new DeleteQuery(query, more, firstSnapshot, oracle);
  }

  DeleteQuery fromSnapshot(int ordinal) {
    return new DeleteQuery(query, options, ordinal, oracle);
  }

  DeleteQuery withOracle(DeleteOracle rows) {
    return new DeleteQuery(query, options, firstSnapshot, rows);
  }

  boolean appliesTo(TableSnapshot snapshot) {
    return snapshot.ordinal() >= firstSnapshot;
  }

  /** These options with the snapshot to read. */
  Map<String, String> optionsAt(TableSnapshot snapshot) {
    Map<String, String> all = new TreeMap<>(options);
    all.put("snapshot-id", Long.toString(snapshot.snapshotId()));
    return all;
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder(query.toString());
    if (!options.isEmpty()) {
      text.append(' ').append(new TreeMap<>(options));
    }
    if (oracle != DeleteOracle.ICEBERG_SCAN) {
      text.append(" (oracle: ").append(oracle).append(')');
    }
    return text.toString();
  }
}
