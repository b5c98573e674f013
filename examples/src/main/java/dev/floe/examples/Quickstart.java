package dev.floe.examples;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;

/**
 * Floe's quickstart ({@code bin/quickstart}): in one local Spark session, writes the demo table
 * with Apache Iceberg's Spark runtime, then reads it through Floe, first from Java ({@link
 * FloeExample}), then with the SQL script {@code examples/sql/floe-demo.sql}.
 */
public final class Quickstart {
  /** The SQL half of the demo. */
  public static final String SQL_DEMO = "floe-demo.sql";

  private Quickstart() {}

  public static void main(String[] args) {
    if (args.length != 1) {
      System.err.println("Usage: Quickstart <warehouse directory to write the demo table in>");
      System.exit(2);
    }
    Path warehouse = Path.of(args[0]).toAbsolutePath().normalize();
    PrintStream out = System.out;
    long started = System.nanoTime();

    out.println("==> [2/5] Starting a local Spark session (local[2])");
    SparkSession spark = localSession(warehouse);
    out.println("          Spark " + spark.version());

    out.println(
        "==> [3/5] Writing the demo table with Apache Iceberg's Spark runtime: "
            + DemoWarehouse.tableLocation(warehouse));
    DemoWarehouse.write(spark, warehouse, out);

    out.println();
    out.println("==> [4/5] Reading it through Floe from Java (dev.floe.examples.FloeExample)");
    FloeExample.run(spark, warehouse, out);

    out.println();
    out.println(
        "==> [5/5] Reading it through Floe's catalog with SQL (examples/sql/" + SQL_DEMO + ")");
    runScript(spark, SqlScript.load(SQL_DEMO), out);

    spark.stop();
    out.println();
    out.printf(
        Locale.ROOT,
        "==> Done in %.0f s. The demo warehouse stays at %s; see examples/ for the same demo in"
            + " Scala and PySpark.%n",
        (System.nanoTime() - started) / 1e9,
        warehouse);
  }

  /**
   * A local session with Iceberg's catalog {@code iceberg} (the writer) and Floe's catalog {@code
   * lake} on the same warehouse, kept on loopback and quiet.
   */
  public static SparkSession localSession(Path warehouse) {
    SparkSession.Builder builder =
        SparkSession.builder()
            .appName("floe-quickstart")
            .master("local[2]")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.sql.session.timeZone", "UTC");
    SparkSession spark =
        FloeExample.configure(DemoWarehouse.configure(builder, warehouse), warehouse).getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    return spark;
  }

  /** Runs each statement of {@code script}, printing it and its result. */
  public static List<ResultTable> runScript(SparkSession spark, SqlScript script, PrintStream out) {
    List<ResultTable> results = new ArrayList<>();
    for (String statement : script.statements()) {
      out.println();
      out.println("spark-sql> " + statement.replace("\n", "\n         > ") + ";");
      ResultTable result = ResultTable.of(spark.sql(statement));
      out.println(result.format());
      results.add(result);
    }
    return results;
  }
}
