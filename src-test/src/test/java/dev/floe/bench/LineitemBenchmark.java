package dev.floe.bench;

import dev.floe.it.spark.ReadFixture;
import dev.floe.it.spark.SharedSpark;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.iceberg.Table;
import org.apache.spark.sql.SparkSession;

/**
 * Issue 8's read suite: a TPC-H-like lineitem table ({@link LineitemTable}), a nested-column table
 * ({@link NestedTable}) and merge-on-read copies of lineitem (deletion vectors, position and
 * equality deletes; 10 % and 50 % of the rows deleted), read by Floe, by Apache Iceberg's Spark
 * reader at its defaults, by Iceberg's reader under DataFusion Comet's native Iceberg scan ({@link
 * Comet}, Spark 3.5 only) and, where there are no deletes, by Spark's Parquet reader on the same
 * data files and from Spark's in-memory cache of them (the floor, {@link MemoryFloor}). Issue 26
 * sets the targets. Run it with {@code bin/bench-lineitem} (docs/benchmarks.md); {@link
 * LineitemBenchmarkSettings} lists the system properties that size it.
 *
 * <p>Every answer is compared first: with the answer computed without the timed readers where the
 * table has deletes, else across the readers (Spark's Parquet reader is the reference). A reader
 * that fails or disagrees gets no time, and the run ends with exit status 1 after the report. The
 * report goes to Markdown and the ratios to an SVG chart ({@link RatioChart}).
 */
public final class LineitemBenchmark {
  private static final String ICEBERG_EXECUTOR_CACHE = "spark.sql.iceberg.executor-cache.enabled";

  private LineitemBenchmark() {}

  public static void main(String[] arguments) throws IOException {
    LineitemBenchmarkSettings settings = LineitemBenchmarkSettings.from(System.getProperties());
    ReadBenchmarkSettings sizes = settings.sizes();
    PrintStream out = System.out;
    long started = System.nanoTime();
    List<String> problems;
    boolean wrongAnswer;
    try (BenchmarkWorkspace workspace =
        BenchmarkWorkspace.open(
            sizes.workDirectory(), "floe-lineitem-bench", settings.sessionSettings())) {
      SparkSession spark = workspace.spark().session();
      spark
          .conf()
          .set(ICEBERG_EXECUTOR_CACHE, Boolean.toString(settings.deletes().icebergExecutorCache()));
      List<DeleteBenchmarkTable> tables = new ArrayList<>();
      List<LineitemCase> cases = prepare(workspace.spark(), settings, tables, out);
      String loadBefore = DeleteReadBenchmark.loadAverage();
      LineitemMeasurement measurement =
          LineitemMeasurement.run(
              spark, cases, settings.readers(), sizes.warmupRuns(), sizes.measuredRuns(), out);
      String load =
          "Load average (1, 5, 15 min) before the reads: "
              + loadBefore
              + "; after: "
              + DeleteReadBenchmark.loadAverage()
              + ".";
      String report =
          LineitemReport.markdown(
              settings, tables, measurement, load, (System.nanoTime() - started) / 1e9);
      BenchmarkWorkspace.publish(report, sizes.markdownOutput(), out);
      if (settings.chartOutput() != null) {
        Path chart = settings.chartOutput().toAbsolutePath();
        Files.createDirectories(chart.getParent());
        Files.writeString(chart, LineitemReport.chart(measurement).svg());
        out.println("Chart of the ratios written to " + chart);
      }
      problems = measurement.problems();
      wrongAnswer = measurement.results().hasWrongAnswer();
    }
    BenchmarkWorkspace.exitOnProblems(
        String.format(
            Locale.ROOT, "LINEITEM BENCHMARK: %d case(s) without a figure", problems.size()),
        problems,
        wrongAnswer ? "AND AT LEAST ONE WRONG ANSWER" : null);
  }

  /** Writes (or reuses) every table, and lists the cases on them; {@code tables} gets each. */
  private static List<LineitemCase> prepare(
      SharedSpark spark,
      LineitemBenchmarkSettings settings,
      List<DeleteBenchmarkTable> tables,
      PrintStream out) {
    ReadBenchmarkSettings sizes = settings.sizes();
    DeleteBenchmarkSettings deletes = settings.deletes();
    LineitemTable lineitem = new LineitemTable("lineitem", sizes.rows());
    LineitemTable deleteBase =
        settings.deletesOnLineitem()
            ? lineitem
            : new LineitemTable("lineitem_" + settings.deleteRows(), settings.deleteRows());
    DeleteTableWriter writer = new DeleteTableWriter(spark, lineitem, out);
    List<DeleteBenchmarkTable> written =
        settings.deletesOnLineitem()
            ? writer.prepare(deletes.kinds(), deletes.deletedPercents())
            : writer.prepare(List.of(), List.of());
    DeleteBenchmarkTable lineitemTable = relabel(written.get(0), "lineitem");
    DeleteBenchmarkTable nested = prepareNested(spark, writer, settings);
    List<DeleteBenchmarkTable> withDeletes =
        settings.deletesOnLineitem()
            ? written.subList(1, written.size())
            : new DeleteTableWriter(spark, deleteBase, out)
                .prepare(deletes.kinds(), deletes.deletedPercents());
    tables.add(lineitemTable);
    tables.add(nested);
    DeleteBenchmarkTable base = lineitemTable;
    if (!settings.deletesOnLineitem()) {
      base = withDeletes.get(0);
      withDeletes = withDeletes.subList(1, withDeletes.size());
    }
    List<LineitemCase> cases = new ArrayList<>(LineitemCases.lineitem(lineitemTable, sizes.rows()));
    cases.add(LineitemCases.fullScan(lineitemTable));
    cases.addAll(LineitemCases.nested(nested));
    out.println("Computing the expected answers of the tables with deletes (Spark Parquet)");
    for (DeleteBenchmarkTable table : withDeletes) {
      tables.add(table);
      cases.addAll(LineitemCases.deletes(spark.session(), table, base, deleteBase));
    }
    return cases;
  }

  private static DeleteBenchmarkTable relabel(DeleteBenchmarkTable table, String label) {
    return new DeleteBenchmarkTable(
        label, table.deletedPercent(), table.fixture(), table.dataFiles(), table.summary());
  }

  private static DeleteBenchmarkTable prepareNested(
      SharedSpark spark, DeleteTableWriter writer, LineitemBenchmarkSettings settings) {
    long rows = settings.nestedRows();
    int files = settings.sizes().files();
    Table table =
        writer.prepare(
            NestedTable.NAME,
            NestedTable.layout(rows, files),
            identifier -> NestedTable.write(spark.session(), identifier, rows, files));
    String identifier = DeleteTableWriter.identifier(NestedTable.NAME);
    long records =
        Long.parseLong(table.currentSnapshot().summary().getOrDefault("total-records", "-1"));
    if (records != rows) {
      throw new IllegalStateException(
          "Table "
              + identifier
              + " holds "
              + records
              + " rows, not "
              + rows
              + ": delete it and run again");
    }
    List<String> dataFiles = EventsTable.dataFiles(spark.session(), identifier);
    ReadFixture fixture =
        new ReadFixture(
            NestedTable.NAME,
            identifier,
            spark.tableLocation(DeleteTableWriter.NAMESPACE, NestedTable.NAME),
            rows,
            List.of());
    String summary =
        String.format(
            Locale.ROOT,
            "%d data files (%.1f MB), columns `%s`",
            dataFiles.size(),
            EventsTable.totalBytes(dataFiles) / 1e6,
            NestedTable.COLUMNS);
    return new DeleteBenchmarkTable("nested", 0, fixture, dataFiles, summary);
  }
}
