package dev.floe.bench;

import dev.floe.it.spark.ReadFixture;
import dev.floe.it.spark.ReadQuery;
import dev.floe.it.spark.SharedSpark;
import dev.floe.it.spark.TableReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
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

  private static final String COLUMNS =
      "id bigint, n int, name string, category string, amount double, price decimal(10, 2),"
          + " ts timestamp, flag boolean";

  private ReadBenchmark() {}

  /** One timed action on a reader's DataFrame; its result is the answer compared across readers. */
  record ReadCase(String name, Function<Dataset<Row>, String> action) {
    ReadCase {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(action, "action");
    }
  }

  /** A reader's outcome for one case: the median and range in ms, or why there is none. */
  record Outcome(
      String answer, double medianMillis, double minMillis, double maxMillis, String failure) {
    static Outcome failed(String failure) {
      return new Outcome(null, Double.NaN, Double.NaN, Double.NaN, failure);
    }

    boolean succeeded() {
      return failure == null;
    }

    String cell() {
      return succeeded()
          ? String.format(Locale.ROOT, "%.0f [%.0f-%.0f]", medianMillis, minMillis, maxMillis)
          : "n/a";
    }
  }

  public static void main(String[] arguments) throws IOException {
    ReadBenchmarkSettings settings = ReadBenchmarkSettings.from(System.getProperties());
    boolean temporary = settings.workDirectory() == null;
    Path root =
        temporary
            ? Files.createTempDirectory("floe-read-bench")
            : Files.createDirectories(settings.workDirectory());
    SharedSpark spark = SharedSpark.start(root.resolve("warehouse"), "local[2]");
    PrintStream out = System.out;
    try {
      ReadFixture table = prepare(spark, settings, out);
      List<String> files = dataFiles(spark.session());
      String report = run(spark.session(), settings, table, files, out);
      out.println();
      out.print(report);
      if (settings.markdownOutput() != null) {
        Path output = settings.markdownOutput().toAbsolutePath();
        Files.createDirectories(output.getParent());
        Files.writeString(output, report);
        out.println("Markdown report written to " + output);
      }
    } finally {
      spark.session().stop();
      if (temporary) {
        deleteRecursively(root);
      }
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
      session.sql("CREATE TABLE " + identifier + " (" + COLUMNS + ") USING iceberg");
      session.sql(
          String.format(
              Locale.ROOT,
              """
              INSERT INTO %s SELECT /*+ REPARTITION(%d) */ id, CAST(id %% 100000 AS INT),
                concat('name-', CAST(id * 7919 %% 1000003 AS STRING)),
                element_at(array('red', 'green', 'blue', 'cyan', 'black'), CAST(id %% 5 AS INT) + 1),
                IF(id %% 10 = 0, NULL, id * 0.5D), CAST(id %% 100000 * 0.01 AS DECIMAL(10, 2)),
                timestamp_micros(1700000000000000 + id * 1000003), id %% 3 = 0
              FROM range(0, %d, 1, %d)
              """,
              identifier,
              settings.files(),
              settings.rows(),
              settings.files()));
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
      ReadFixture table,
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
    List<String> readers = List.of("Floe", "Iceberg", "Spark Parquet");
    List<List<Outcome>> outcomes = new ArrayList<>();
    for (ReadCase readCase : cases) {
      List<Outcome> row = new ArrayList<>();
      for (String reader : readers) {
        out.printf("%s: %s ...%n", readCase.name(), reader);
        row.add(measure(settings, readCase, () -> load(spark, reader, table, files)));
      }
      outcomes.add(checkAnswers(row));
    }
    return report(settings, table, files, cases, readers, outcomes);
  }

  private static Dataset<Row> load(
      SparkSession spark, String reader, ReadFixture table, List<String> files) {
    return switch (reader) {
      case "Floe" -> TableReader.FLOE.read(spark, table, ReadQuery.fullScan());
      case "Iceberg" -> TableReader.ICEBERG_PATH.read(spark, table, ReadQuery.fullScan());
      default -> spark.read().parquet(files.toArray(String[]::new));
    };
  }

  private static Outcome measure(
      ReadBenchmarkSettings settings, ReadCase readCase, Supplier<Dataset<Row>> rows) {
    String answer = null;
    double[] millis = new double[settings.measuredRuns()];
    try {
      for (int run = 0; run < settings.warmupRuns() + settings.measuredRuns(); run++) {
        long start = System.nanoTime();
        answer = readCase.action().apply(rows.get());
        long elapsed = System.nanoTime() - start;
        if (run >= settings.warmupRuns()) {
          millis[run - settings.warmupRuns()] = elapsed / 1e6;
        }
      }
    } catch (RuntimeException e) {
      return Outcome.failed(rootMessage(e));
    }
    Arrays.sort(millis);
    return new Outcome(
        answer, millis[millis.length / 2], millis[0], millis[millis.length - 1], null);
  }

  /** Iceberg's answer is the reference: a reader that answers otherwise loses its figures. */
  private static List<Outcome> checkAnswers(List<Outcome> row) {
    Outcome reference = row.get(1);
    List<Outcome> checked = new ArrayList<>();
    for (Outcome outcome : row) {
      boolean wrong =
          outcome.succeeded()
              && reference.succeeded()
              && !outcome.answer().equals(reference.answer());
      checked.add(
          wrong
              ? Outcome.failed("answered " + outcome.answer() + ", Iceberg " + reference.answer())
              : outcome);
    }
    return checked;
  }

  private static String report(
      ReadBenchmarkSettings settings,
      ReadFixture table,
      List<String> files,
      List<ReadCase> cases,
      List<String> readers,
      List<List<Outcome>> outcomes) {
    StringBuilder text = new StringBuilder();
    text.append("## Read benchmark: Floe vs Iceberg's Spark reader vs Spark's Parquet reader\n\n");
    text.append(
        String.format(
            Locale.ROOT,
            "Table `%s`: %,d rows in %d Parquet files (%,.1f MB, zstd), columns `%s`. Spark %s,"
                + " local[2], Java %s. Median of %d runs after %d warm-up, ms [min-max].%n%n",
            table.name(),
            settings.rows(),
            files.size(),
            totalBytes(files) / 1e6,
            COLUMNS,
            org.apache.spark.package$.MODULE$.SPARK_VERSION(),
            System.getProperty("java.version"),
            settings.measuredRuns(),
            settings.warmupRuns()));
    text.append("| case | ")
        .append(String.join(" ms | ", readers))
        .append(" ms | Floe/Iceberg | Floe/Spark Parquet |\n");
    text.append("|---|").append("---:|".repeat(readers.size() + 2)).append('\n');
    List<String> failures = new ArrayList<>();
    for (int index = 0; index < cases.size(); index++) {
      List<Outcome> row = outcomes.get(index);
      text.append("| ").append(cases.get(index).name()).append(" | ");
      for (int reader = 0; reader < readers.size(); reader++) {
        text.append(row.get(reader).cell()).append(" | ");
        if (!row.get(reader).succeeded()) {
          failures.add(
              readers.get(reader)
                  + ", "
                  + cases.get(index).name()
                  + ": "
                  + row.get(reader).failure());
        }
      }
      text.append(ratio(row.get(0), row.get(1))).append(" | ");
      text.append(ratio(row.get(0), row.get(2))).append(" |\n");
    }
    if (!failures.isEmpty()) {
      text.append("\nNo figure where a reader failed or answered differently:\n\n");
      failures.forEach(failure -> text.append("- ").append(failure).append('\n'));
    }
    return text.toString();
  }

  private static String ratio(Outcome floe, Outcome other) {
    return floe.succeeded() && other.succeeded()
        ? String.format(Locale.ROOT, "%.2f", floe.medianMillis() / other.medianMillis())
        : "n/a";
  }

  private static List<String> dataFiles(SparkSession spark) {
    return spark
        .sql("SELECT file_path FROM " + SharedSpark.CATALOG + "." + TABLE + ".data_files")
        .collectAsList()
        .stream()
        .map((Row row) -> row.getString(0))
        .toList();
  }

  private static long totalBytes(List<String> files) {
    long total = 0;
    for (String file : files) {
      try {
        total += Files.size(file.startsWith("/") ? Path.of(file) : Path.of(URI.create(file)));
      } catch (IOException | IllegalArgumentException e) {
        throw new IllegalStateException("Cannot size benchmark data file " + file, e);
      }
    }
    return total;
  }

  private static String rootMessage(Throwable error) {
    Throwable root = error;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    String message = String.valueOf(root.getMessage()).lines().findFirst().orElse("");
    return root.getClass().getSimpleName() + ": " + message;
  }

  private static void deleteRecursively(Path directory) {
    try (Stream<Path> paths = Files.walk(directory)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + directory, e);
    }
  }
}
