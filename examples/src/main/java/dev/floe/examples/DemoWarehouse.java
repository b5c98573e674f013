package dev.floe.examples;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;

/**
 * Writes the demo table {@code db.events} with Apache Iceberg's Spark runtime, the way users'
 * tables are written, by running {@code examples/sql/create-demo-table.sql} through Iceberg's
 * catalog {@code iceberg} (a Hadoop catalog on the warehouse directory). Floe then reads the same
 * directory through its own catalog: {@code lake.db.events} is {@code <warehouse>/db/events}.
 */
public final class DemoWarehouse {
  /** Iceberg's catalog in the demo session: the writer. */
  public static final String ICEBERG_CATALOG = "iceberg";

  /** The script that writes the table. */
  public static final String SCRIPT = "create-demo-table.sql";

  private DemoWarehouse() {}

  /** Adds Iceberg's catalog {@code iceberg} on {@code warehouse}, and its SQL extensions. */
  public static SparkSession.Builder configure(SparkSession.Builder builder, Path warehouse) {
    String catalog = "spark.sql.catalog." + ICEBERG_CATALOG;
    return builder
        .config(
            "spark.sql.extensions",
            "org.apache.iceberg.spark.extensions.IcebergSparkSessionExtensions")
        .config(catalog, "org.apache.iceberg.spark.SparkCatalog")
        .config(catalog + ".type", "hadoop")
        .config(catalog + ".warehouse", warehouse.toAbsolutePath().toUri().toString());
  }

  /** The directory of the demo table in {@code warehouse}. */
  public static Path tableLocation(Path warehouse) {
    return warehouse.toAbsolutePath().normalize().resolve("db").resolve("events");
  }

  /**
   * Runs the script in {@code spark} (configured by {@link #configure}), printing each statement
   * and how long it took. Refuses to write over an existing table.
   */
  public static void write(SparkSession spark, Path warehouse, PrintStream progress) {
    Path table = tableLocation(warehouse);
    if (Files.exists(table)) {
      throw new IllegalStateException(
          "The demo table " + table + " already exists: remove it (bin/quickstart does) first");
    }
    SqlScript script = SqlScript.load(SCRIPT);
    for (String statement : script.statements()) {
      long started = System.nanoTime();
      spark.sql(statement).collect();
      progress.printf(
          Locale.ROOT,
          "    %-72s %5.1f s%n",
          SqlScript.headline(statement),
          (System.nanoTime() - started) / 1e9);
    }
  }
}
