package dev.floe.examples;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;

import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.ExplainMode;

/**
 * Floe from Java: reads the demo table {@code db.events} (see {@code create-demo-table.sql}) by its
 * path with {@code spark.read().format("floe")} and by name through Floe's catalog {@code lake}.
 * Shows a filtered read and what its plan pruned, time travel by tag, snapshot id and timestamp,
 * metadata tables, an incremental read of the rows appended after a snapshot, and a {@code
 * COUNT(*)} answered from metadata.
 *
 * <pre>{@code
 * spark-submit --jars floe-spark-4.1_2.13-0.1.0-SNAPSHOT.jar \
 *   --class dev.floe.examples.FloeExample floe-examples-spark-4.1-0.1.0-SNAPSHOT.jar \
 *   /path/to/demo-warehouse
 * }</pre>
 *
 * <p>Each query is written once, against a {@link Source}; the tests run the same queries through
 * Apache Iceberg's own connector and compare the rows.
 */
public final class FloeExample {
  /** Floe's catalog in the examples: {@code lake.db.events} is {@code <warehouse>/db/events}. */
  public static final String FLOE_CATALOG = "lake";

  /** Floe, as users name it: the data source {@code floe} and the catalog {@code lake}. */
  public static final Source FLOE = new Source("floe", FLOE_CATALOG);

  private FloeExample() {}

  /**
   * Where the queries read from: a data source name for {@code spark.read().format(..)} and a
   * catalog name for SQL identifiers.
   *
   * @param format the data source name
   * @param catalog the catalog that holds {@code db.events}
   * @param sparkTimeTravel whether the source travels in time by Spark's own options, {@code
   *     versionAsOf} and {@code timestampAsOf}, in place of the {@code tag}, {@code snapshot-id}
   *     and {@code as-of-timestamp} options Floe shows (Iceberg 1.12 refuses its older options)
   */
  public record Source(String format, String catalog, boolean sparkTimeTravel) {
    public Source {
      Objects.requireNonNull(format, "format");
      Objects.requireNonNull(catalog, "catalog");
    }

    /**
     * A source that takes the {@code tag}, {@code snapshot-id} and {@code as-of-timestamp} options.
     */
    public Source(String format, String catalog) {
      this(format, catalog, false);
    }

    /** The demo table's name in this source's catalog. */
    public String table() {
      return catalog + ".db.events";
    }

    /** {@code reader} at the tag {@code tag}. */
    DataFrameReader atTag(DataFrameReader reader, String tag) {
      return reader.option(sparkTimeTravel ? "versionAsOf" : "tag", tag);
    }

    /** {@code reader} at the snapshot {@code snapshotId}. */
    DataFrameReader atSnapshot(DataFrameReader reader, long snapshotId) {
      return reader.option(sparkTimeTravel ? "versionAsOf" : "snapshot-id", snapshotId);
    }

    /**
     * {@code reader} at the snapshot current at {@code millis} since the epoch: Spark's {@code
     * timestampAsOf} takes a timestamp in the session's time zone.
     */
    DataFrameReader asOf(SparkSession spark, DataFrameReader reader, long millis) {
      if (!sparkTimeTravel) {
        return reader.option("as-of-timestamp", millis);
      }
      ZoneId zone = ZoneId.of(spark.conf().get("spark.sql.session.timeZone"));
      String timestamp =
          DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
              .format(Instant.ofEpochMilli(millis).atZone(zone));
      return reader.option("timestampAsOf", timestamp);
    }
  }

  /**
   * One step of the example: what it shows, its query, and whether its plan is printed.
   *
   * @param title what the step shows
   * @param query the query
   * @param explain whether to print the query's physical plan (Floe's pruning figures)
   */
  public record Step(String title, Dataset<Row> query, boolean explain) {
    public Step {
      Objects.requireNonNull(title, "title");
      Objects.requireNonNull(query, "query");
    }
  }

  public static void main(String[] args) {
    if (args.length != 1) {
      System.err.println("Usage: FloeExample <warehouse directory holding db/events>");
      System.exit(2);
    }
    Path warehouse = Path.of(args[0]);
    SparkSession.Builder builder = SparkSession.builder().appName("floe-example");
    if (System.getProperty("spark.master") == null) {
      // Run as a plain Java program; spark-submit sets the master itself.
      builder = builder.master("local[2]");
    }
    SparkSession spark = configure(builder, warehouse).getOrCreate();
    run(spark, warehouse, System.out);
    spark.stop();
  }

  /** Adds Floe's catalog {@code lake} on {@code warehouse}: the only setting Floe needs. */
  public static SparkSession.Builder configure(SparkSession.Builder builder, Path warehouse) {
    String catalog = "spark.sql.catalog." + FLOE_CATALOG;
    return builder
        .config(catalog, "dev.floe.spark.FloeCatalog")
        .config(catalog + ".warehouse", warehouse.toAbsolutePath().toUri().toString());
  }

  /** Runs every step through Floe and prints its rows, and its plan where the step shows one. */
  public static List<ResultTable> run(SparkSession spark, Path warehouse, PrintStream out) {
    List<ResultTable> results = new ArrayList<>();
    for (Step step : steps(spark, FLOE, warehouse)) {
      out.println();
      out.println("-- " + step.title());
      // The plan is taken before the query runs: afterwards Spark's adaptive execution prints
      // its final plan beside the initial one.
      String plan = step.explain() ? explain(step.query()) : "";
      ResultTable result = ResultTable.of(step.query());
      out.println(result.format());
      if (step.explain()) {
        out.println(plan);
      }
      results.add(result);
    }
    return results;
  }

  /** The example's steps on {@code db.events} in {@code warehouse}, read from {@code source}. */
  public static List<Step> steps(SparkSession spark, Source source, Path warehouse) {
    String location = DemoWarehouse.tableLocation(warehouse).toString();
    DataFrameReader reader = spark.read().format(source.format());
    Dataset<Row> events = reader.load(location);
    List<Step> steps = new ArrayList<>();

    steps.add(
        new Step(
            "A filtered read by path: the plan below skips other categories' files by partition,"
                + " and older books by their id bounds",
            events
                .filter(col("category").equalTo("books").and(col("id").geq(3000)))
                .agg(count(lit(1)).as("events"), sum("amount").as("total")),
            true));

    Dataset<Row> snapshots =
        spark.read().format(source.format()).load(location + "#snapshots").orderBy("committed_at");
    steps.add(
        new Step(
            "The snapshots metadata table (path#snapshots, or " + source.table() + ".snapshots)",
            snapshots.select("snapshot_id", "operation", "committed_at"),
            false));
    steps.add(
        new Step(
            "Data and delete files of the current snapshot (the files metadata table)",
            spark
                .table(source.table() + ".files")
                .select(
                    col("content"),
                    col("file_format"),
                    col("partition.category").as("category"),
                    col("record_count"))
                .orderBy("content", "category", "record_count"),
            false));

    steps.add(
        new Step(
            "Time travel to the tag 'first' (option \"tag\")",
            source
                .atTag(spark.read().format(source.format()), "first")
                .load(location)
                .groupBy("category")
                .count()
                .orderBy("category"),
            false));
    List<Row> commits = snapshots.select("snapshot_id", "committed_at").collectAsList();
    long secondSnapshot = commits.get(1).getLong(0);
    steps.add(
        new Step(
            "Time travel to snapshot " + secondSnapshot + " (option \"snapshot-id\")",
            source
                .atSnapshot(spark.read().format(source.format()), secondSnapshot)
                .load(location)
                .groupBy("category")
                .count()
                .orderBy("category"),
            false));
    long beforeTheDelete = ((Timestamp) commits.get(2).get(1)).getTime() - 1;
    steps.add(
        new Step(
            "Time travel to the instant before the delete (option \"as-of-timestamp\", ms)",
            source
                .asOf(spark, spark.read().format(source.format()), beforeTheDelete)
                .load(location)
                .filter(col("status").equalTo("cancelled"))
                .agg(count(lit(1)).as("cancelled")),
            false));

    long firstSnapshot = commits.get(0).getLong(0);
    steps.add(
        new Step(
            "An incremental read: the rows appended after snapshot "
                + firstSnapshot
                + " (option \"start-snapshot-id\"; the delete in between adds nothing and removes"
                + " nothing)",
            spark
                .read()
                .format(source.format())
                .option("start-snapshot-id", firstSnapshot)
                .load(location)
                .groupBy("category")
                .agg(count(lit(1)).as("appended"), sum("amount").as("total"))
                .orderBy("category"),
            false));

    steps.add(
        new Step(
            "COUNT(*) through the catalog: every file's record_count less its deletion vector's"
                + " cardinality, from the manifests; no data file is read",
            spark.sql("SELECT count(*) AS events FROM " + source.table()),
            true));
    return steps;
  }

  /** The physical plan of {@code query}, as {@code EXPLAIN} prints it. */
  public static String explain(Dataset<Row> query) {
    return query.queryExecution().explainString(ExplainMode.fromString("simple")).stripTrailing();
  }
}
