package dev.floe.bench;

import dev.floe.it.spark.ReadFixture;
import dev.floe.it.spark.SharedSpark;
import java.util.List;
import java.util.Locale;
import org.apache.iceberg.Table;
import org.apache.spark.sql.SparkSession;

/**
 * A table of the issue-8 read suite without deletes, written once by Spark SQL from {@code range}
 * (every value a function of the row number) and kept while its layout stays the same: the nested,
 * wide, strings and small-files tables.
 */
interface GeneratedTable {
  /** The table's name in namespace {@value DeleteTableWriter#NAMESPACE}, and its fixture's. */
  String name();

  /** The table as the report and the chart name it. */
  String label();

  /** What the table's content depends on: a kept table with another layout is written again. */
  String layout();

  long rows();

  /** The data files the write makes: a table with another count is not the one the cases need. */
  int files();

  /** The columns, in a few words, for the report. */
  String description();

  /** Creates table {@code identifier} and writes the rows into it. */
  void write(SparkSession spark, String identifier);

  /**
   * The table, written or reused through {@code writer}, after checking that Iceberg's metadata
   * counts the rows and data files written: a benchmark of a table that is not what it claims is
   * worthless.
   */
  default DeleteBenchmarkTable prepare(SharedSpark spark, DeleteTableWriter writer) {
    Table table =
        writer.prepare(name(), layout(), identifier -> write(spark.session(), identifier));
    String identifier = DeleteTableWriter.identifier(name());
    long records =
        Long.parseLong(table.currentSnapshot().summary().getOrDefault("total-records", "-1"));
    List<String> dataFiles = EventsTable.dataFiles(spark.session(), identifier);
    if (records != rows() || dataFiles.size() != files()) {
      throw new IllegalStateException(
          String.format(
              Locale.ROOT,
              "Table %s holds %d rows in %d data files, not %d rows in %d: delete it and run again",
              identifier,
              records,
              dataFiles.size(),
              rows(),
              files()));
    }
    ReadFixture fixture =
        new ReadFixture(
            name(),
            identifier,
            spark.tableLocation(DeleteTableWriter.NAMESPACE, name()),
            rows(),
            List.of());
    String summary =
        String.format(
            Locale.ROOT,
            "%,d data files (%.1f MB) in %d manifest(s); %s",
            dataFiles.size(),
            EventsTable.totalBytes(dataFiles) / 1e6,
            table.currentSnapshot().allManifests(table.io()).size(),
            description());
    return new DeleteBenchmarkTable(label(), 0, fixture, dataFiles, summary);
  }
}
