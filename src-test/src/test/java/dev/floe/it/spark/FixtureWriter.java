package dev.floe.it.spark;

import java.util.List;
import org.apache.spark.sql.SparkSession;

/** Writes fixture tables with Apache Iceberg's Spark SQL in the {@code ice} catalog. */
final class FixtureWriter {
  static final String DATABASE = "db";

  private final SharedSpark spark;

  FixtureWriter(SharedSpark spark) {
    this.spark = spark;
  }

  SparkSession session() {
    return spark.session();
  }

  SharedSpark spark() {
    return spark;
  }

  /** Runs each statement; {@code {t}} in a statement stands for the table's catalog identifier. */
  void sql(String name, String... statements) {
    for (String statement : statements) {
      spark.session().sql(statement.replace("{t}", identifier(name))).collectAsList();
    }
  }

  String identifier(String name) {
    return SharedSpark.CATALOG + "." + DATABASE + "." + name;
  }

  ReadFixture fixture(String name, long rowCount, ReadQuery... queries) {
    return new ReadFixture(
        name, identifier(name), spark.tableLocation(DATABASE, name), rowCount, List.of(queries));
  }
}
