package dev.floe.bench;

import dev.floe.it.spark.SharedSpark;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;

/**
 * Issue 8's read suite: a TPC-H-like lineitem table ({@link LineitemTable}), a nested-column table
 * ({@link NestedTable}), issue 26's wide ({@link WideTable}), string-heavy ({@link StringsTable})
 * and small-files ({@link SmallFilesTable}) tables, and merge-on-read copies of lineitem (deletion
 * vectors, position and equality deletes; 10 % and 50 % of the rows deleted; {@link SuiteTable}
 * picks which), read by Floe, by Apache Iceberg's Spark reader at its defaults, by Iceberg's reader
 * under DataFusion Comet's native Iceberg scan ({@link Comet}, Spark 3.5 only) and, where there are
 * no deletes, by Spark's Parquet reader on the same data files and from Spark's in-memory cache of
 * them (the floor, {@link MemoryFloor}). Issue 26 sets the targets. Run it with {@code
 * bin/bench-lineitem} (docs/benchmarks.md); {@link LineitemBenchmarkSettings} lists the system
 * properties that size it.
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

  /**
   * Writes (or reuses) every table picked, and lists the cases on them; {@code tables} gets each,
   * in the report's order: lineitem, nested, wide, strings, small files, then those with deletes.
   */
  private static List<LineitemCase> prepare(
      SharedSpark spark,
      LineitemBenchmarkSettings settings,
      List<DeleteBenchmarkTable> tables,
      PrintStream out) {
    ReadBenchmarkSettings sizes = settings.sizes();
    DeleteBenchmarkSettings deletes = settings.deletes();
    SuiteTableSettings picked = settings.tables();
    boolean withDeletes = picked.includes(SuiteTable.DELETES);
    boolean deletesOnLineitem = withDeletes && settings.deletesOnLineitem();
    LineitemTable lineitem = new LineitemTable("lineitem", sizes.rows());
    DeleteTableWriter writer = new DeleteTableWriter(spark, lineitem, out);
    List<LineitemCase> cases = new ArrayList<>();
    List<DeleteBenchmarkTable> deleteTables = List.of();
    if (picked.includes(SuiteTable.LINEITEM) || deletesOnLineitem) {
      List<DeleteBenchmarkTable> written =
          deletesOnLineitem
              ? writer.prepare(deletes.kinds(), deletes.deletedPercents())
              : writer.prepare(List.of(), List.of());
      if (deletesOnLineitem) {
        deleteTables = written;
      }
      if (picked.includes(SuiteTable.LINEITEM)) {
        DeleteBenchmarkTable lineitemTable = relabel(written.get(0), "lineitem");
        tables.add(lineitemTable);
        cases.addAll(LineitemCases.lineitem(lineitemTable, sizes.rows()));
        cases.add(LineitemCases.fullScan(lineitemTable));
      }
    }
    cases.addAll(generatedCases(spark, writer, settings, tables));
    if (!withDeletes) {
      return cases;
    }
    LineitemTable deleteBase = lineitem;
    if (!deletesOnLineitem) {
      deleteBase = new LineitemTable("lineitem_" + settings.deleteRows(), settings.deleteRows());
      deleteTables =
          new DeleteTableWriter(spark, deleteBase, out)
              .prepare(deletes.kinds(), deletes.deletedPercents());
    }
    DeleteBenchmarkTable base = deleteTables.get(0);
    out.println("Computing the expected answers of the tables with deletes (Spark Parquet)");
    for (DeleteBenchmarkTable table : deleteTables.subList(1, deleteTables.size())) {
      tables.add(table);
      cases.addAll(LineitemCases.deletes(spark.session(), table, base, deleteBase));
    }
    return cases;
  }

  /** The cases on the picked tables without deletes other than lineitem, each table written. */
  private static List<LineitemCase> generatedCases(
      SharedSpark spark,
      DeleteTableWriter writer,
      LineitemBenchmarkSettings settings,
      List<DeleteBenchmarkTable> tables) {
    SuiteTableSettings picked = settings.tables();
    int files = settings.sizes().files();
    List<LineitemCase> cases = new ArrayList<>();
    for (SuiteTable table : picked.tables()) {
      switch (table) {
        case LINEITEM, DELETES -> {}
        case NESTED ->
            cases.addAll(
                LineitemCases.nested(
                    prepared(
                        spark, writer, new NestedTable(settings.nestedRows(), files), tables)));
        case WIDE ->
            cases.addAll(
                LineitemCases.wide(
                    prepared(spark, writer, new WideTable(picked.wideRows(), files), tables)));
        case STRINGS ->
            cases.addAll(
                LineitemCases.strings(
                    prepared(spark, writer, new StringsTable(picked.stringRows(), files), tables)));
        case SMALL_FILES ->
            cases.addAll(
                LineitemCases.smallFiles(
                    prepared(
                        spark,
                        writer,
                        new SmallFilesTable(picked.smallFiles(), picked.smallFileRows()),
                        tables)));
      }
    }
    return cases;
  }

  private static DeleteBenchmarkTable relabel(DeleteBenchmarkTable table, String label) {
    return new DeleteBenchmarkTable(
        label, table.deletedPercent(), table.fixture(), table.dataFiles(), table.summary());
  }

  /** A table without deletes, written or reused, and added to {@code tables}. */
  private static DeleteBenchmarkTable prepared(
      SharedSpark spark,
      DeleteTableWriter writer,
      GeneratedTable generated,
      List<DeleteBenchmarkTable> tables) {
    DeleteBenchmarkTable table = generated.prepare(spark, writer);
    tables.add(table);
    return table;
  }
}
