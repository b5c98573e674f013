package dev.floe.examples;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/**
 * The demo table, written once per test JVM by Iceberg's Spark runtime, in the quickstart's session
 * (Floe's catalog {@code lake}, Iceberg's {@code iceberg}). Writing it takes most of a test class's
 * time, so the example suites share it; they only read.
 */
final class DemoFixture {
  private static Path warehouse;
  private static SparkSession spark;

  private DemoFixture() {}

  static synchronized SparkSession spark() {
    if (spark == null) {
      try {
        warehouse = Files.createTempDirectory("floe-examples");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      spark = Quickstart.localSession(warehouse);
      // Iceberg reads a table by its path through this catalog, a Hive catalog unless told.
      spark
          .conf()
          .set("spark.sql.catalog.default_iceberg", "org.apache.iceberg.spark.SparkCatalog");
      spark.conf().set("spark.sql.catalog.default_iceberg.type", "hadoop");
      spark.conf().set("spark.sql.catalog.default_iceberg.warehouse", warehouse.toUri().toString());
      DemoWarehouse.write(spark, warehouse, quietly());
    }
    return spark;
  }

  static synchronized Path warehouse() {
    spark();
    return warehouse;
  }

  static PrintStream quietly() {
    return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
  }
}
