package dev.floe.bench;

import dev.floe.it.spark.ReadFixture;
import dev.floe.it.spark.SharedSpark;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * Reads one Iceberg-written table with Floe, with Apache Iceberg's Spark reader and with Spark's
 * own Parquet reader (the same data files, listed from Iceberg's metadata) and prints the median
 * time of each case side by side. Run it with {@code bin/bench-read} (docs/benchmarks.md); {@link
 * ReadBenchmarkSettings} lists the system properties that size it.
 *
 * <p>Every case's answer is compared across readers before its figures are reported: a reader that
 * fails or answers differently gets no time, only the reason.
 */
public final class ReadBenchmark {
  static final String TABLE = "bench.events";

  private ReadBenchmark() {}

  public static void main(String[] arguments) throws IOException {
    ReadBenchmarkSettings settings = ReadBenchmarkSettings.from(System.getProperties());
    try (BenchmarkWorkspace workspace =
        BenchmarkWorkspace.open(settings.workDirectory(), "floe-read-bench")) {
      SharedSpark spark = workspace.spark();
      ReadFixture table = prepare(spark, settings, System.out);
      List<String> files =
          EventsTable.dataFiles(spark.session(), SharedSpark.CATALOG + "." + TABLE);
      String report = run(spark.session(), settings, table, files, System.out);
      BenchmarkWorkspace.publish(report, settings.markdownOutput(), System.out);
    }
  }

  private static ReadFixture prepare(
      SharedSpark spark, ReadBenchmarkSettings settings, PrintStream out) {
    SparkSession session = spark.session();
    String identifier = SharedSpark.CATALOG + "." + TABLE;
    boolean exists = session.catalog().tableExists(identifier);
    if (exists && session.table(identifier).count() != settings.rows()) {
      session.sql("DROP TABLE " + identifier + " PURGE");
      exists = false;
    }
    if (!exists) {
      long start = System.nanoTime();
      session.sql("CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + ".bench");
      EventsTable.write(session, identifier, settings.rows(), settings.files(), Map.of());
      out.printf(
          Locale.ROOT,
          "Wrote %,d rows to %s in %.1f s%n",
          settings.rows(),
          identifier,
          (System.nanoTime() - start) / 1e9);
    }
    String[] parts = TABLE.split("\\.");
    return new ReadFixture(
        TABLE, identifier, spark.tableLocation(parts[0], parts[1]), settings.rows(), List.of());
  }

  private static String run(
      SparkSession spark,
      ReadBenchmarkSettings settings,
      ReadFixture fixture,
      List<String> files,
      PrintStream out) {
    long selective = Math.max(1, settings.rows() / 100);
    List<ReadCase> cases =
        List.of(
            new ReadCase(
                "full scan, every column (noop sink)",
                rows -> {
                  rows.write().format("noop").mode("overwrite").save();
                  return "";
                }),
            new ReadCase(
                "sum(price), sum(n), count(name)",
                rows -> rows.selectExpr("sum(price)", "sum(n)", "count(name)").first().toString()),
            new ReadCase(
                "count where n % 7 = 3 (not pushed)",
                rows -> Long.toString(rows.where("n % 7 = 3").count())),
            new ReadCase(
                "count, sum(price) where id < 1% (pushed, prunable)",
                rows ->
                    rows.where("id < " + selective)
                        .selectExpr("count(*)", "sum(price)")
                        .first()
                        .toString()));
    List<BenchmarkReader> readers = BenchmarkReader.COMPARED;
    ReadTimer timer = new ReadTimer(settings.warmupRuns(), settings.measuredRuns());
    ReadReportTable table =
        new ReadReportTable(
            List.of("case"),
            readers.stream().map(BenchmarkReader::label).toList(),
            List.of(new ReadReportTable.Ratio(0, 1), new ReadReportTable.Ratio(0, 2)));
    for (ReadCase readCase : cases) {
      List<ReadOutcome> row = new ArrayList<>();
      for (BenchmarkReader reader : readers) {
        out.printf("%s: %s ...%n", readCase.name(), reader.label());
        row.add(timer.measure(readCase, () -> reader.load(spark, fixture, files)));
      }
      table.add(List.of(readCase.name()), checkAnswers(row));
    }
    return report(settings, fixture, files, table);
  }

  /** Iceberg's answer is the reference: a reader that answers otherwise loses its figures. */
  private static List<ReadOutcome> checkAnswers(List<ReadOutcome> row) {
    String reference = row.get(1).succeeded() ? row.get(1).answer() : null;
    return row.stream().map(outcome -> outcome.checkedAgainst(reference, "Iceberg")).toList();
  }

  private static String report(
      ReadBenchmarkSettings settings,
      ReadFixture fixture,
      List<String> files,
      ReadReportTable table) {
    return "## Read benchmark: Floe vs Iceberg's Spark reader vs Spark's Parquet reader\n\n"
        + String.format(
            Locale.ROOT,
            "Table `%s`: %,d rows in %d Parquet files (%,.1f MB, zstd), columns `%s`. Spark %s,"
                + " local[2], Java %s. Median of %d runs after %d warm-up, ms [min-max].%n%n",
            fixture.name(),
            settings.rows(),
            files.size(),
            EventsTable.totalBytes(files) / 1e6,
            EventsTable.COLUMNS,
            org.apache.spark.package$.MODULE$.SPARK_VERSION(),
            System.getProperty("java.version"),
            settings.measuredRuns(),
            settings.warmupRuns())
        + table.markdown();
  }
}
