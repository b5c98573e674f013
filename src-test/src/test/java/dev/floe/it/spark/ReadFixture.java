package dev.floe.it.spark;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A table written by Apache Iceberg's Spark runtime: its catalog identifier ({@code ice.db.name}),
 * its directory (what Floe loads), how many rows it holds, and the reads to run on it. Every
 * fixture is also read whole, and whole with a split size small enough to cut its files into many
 * splits.
 */
public record ReadFixture(
    String name, String identifier, Path location, long rowCount, List<ReadQuery> queries) {
  /** Small enough to cut every fixture file into many splits. */
  public static final long SMALL_SPLIT_SIZE = 1024;

  public ReadFixture {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(identifier, "identifier");
    Objects.requireNonNull(location, "location");
    List<ReadQuery> all = new ArrayList<>();
    all.add(ReadQuery.fullScan());
    all.add(ReadQuery.fullScan().withSplitSize(SMALL_SPLIT_SIZE));
    all.addAll(queries);
    queries = List.copyOf(all);
  }

  @Override
  public String toString() {
    return name;
  }
}
