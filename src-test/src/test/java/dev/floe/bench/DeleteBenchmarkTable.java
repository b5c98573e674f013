package dev.floe.bench;

import dev.floe.it.spark.ReadFixture;
import java.util.List;
import java.util.Objects;

/**
 * A table of the delete benchmark as written: the fixture the readers load, its data files (what
 * Spark's Parquet reader reads) and what its metadata says it holds.
 *
 * @param label the kind of delete ("no deletes" for the base table)
 * @param deletedPercent the percentage of rows deleted; 0 for the base table
 * @param summary data and delete files as Iceberg's metadata counts them, for the report
 */
record DeleteBenchmarkTable(
    String label, int deletedPercent, ReadFixture fixture, List<String> dataFiles, String summary) {
  DeleteBenchmarkTable {
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(fixture, "fixture");
    dataFiles = List.copyOf(dataFiles);
    Objects.requireNonNull(summary, "summary");
    if (deletedPercent < 0 || deletedPercent > 100) {
      throw new IllegalArgumentException("Not a percentage of deleted rows: " + deletedPercent);
    }
  }

  boolean hasDeletes() {
    return deletedPercent > 0;
  }

  /** What the benchmark's checksum must answer on this table. */
  EventsSummary expected(long writtenRows) {
    return EventsSummary.expected(
        writtenRows, id -> hasDeletes() && DeleteBenchmarkSettings.isDeleted(id, deletedPercent));
  }
}
