package dev.floe.it.spark4;

import dev.floe.it.spark.ReadFixture;
import dev.floe.it.spark.ReadQuery;
import dev.floe.it.spark.SharedSpark;
import dev.floe.it.spark.TableReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import scala.collection.JavaConverters;

/**
 * Tables of the Spark 4 suites, written with Apache Iceberg's Spark SQL in the shared session's
 * {@code ice} catalog, and what those suites read of a query: its rows as sorted JSON, the text of
 * Floe's scan.
 */
final class Spark4Tables {
  static final String DATABASE = "spark4";

  private Spark4Tables() {}

  static SparkSession spark() {
    return SharedSpark.get().session();
  }

  /** Runs each statement; {@code {t}} stands for the table's catalog identifier. */
  static ReadFixture write(String name, long rows, String... statements) {
    SparkSession spark = spark();
    spark.sql("CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + DATABASE);
    String identifier = SharedSpark.CATALOG + "." + DATABASE + "." + name;
    for (String statement : statements) {
      spark.sql(statement.replace("{t}", identifier)).collectAsList();
    }
    return new ReadFixture(
        name, identifier, SharedSpark.get().tableLocation(DATABASE, name), rows, List.of());
  }

  static Dataset<Row> floe(ReadFixture table, String filter) {
    return TableReader.FLOE.read(spark(), table, ReadQuery.where(filter));
  }

  static Dataset<Row> iceberg(ReadFixture table, String filter) {
    return TableReader.ICEBERG_CATALOG.read(spark(), table, ReadQuery.where(filter));
  }

  /** The rows as JSON, sorted: a multiset to compare. */
  static List<String> rows(Dataset<Row> rows) {
    List<String> json = new ArrayList<>(rows.toJSON().collectAsList());
    json.sort(null);
    return json;
  }

  /** The description of the one Floe scan in the query's optimized plan ({@code EXPLAIN}). */
  static String floeScan(Dataset<Row> query) {
    List<String> scans = new ArrayList<>();
    collectScans(query.queryExecution().optimizedPlan(), scans);
    List<String> floe = scans.stream().filter(text -> text.startsWith("Floe ")).toList();
    if (floe.size() != 1) {
      throw new AssertionError("Expected one Floe scan in the optimized plan, found: " + scans);
    }
    return floe.get(0);
  }

  /** The {@code filter=} part of a Floe scan's description: what Floe prunes and filters by. */
  static String floeFilter(Dataset<Row> query) {
    String description = floeScan(query);
    int start = description.indexOf(" filter=");
    int end = description.indexOf(" dataManifests=");
    if (start < 0 || end < start) {
      throw new AssertionError("No filter= in the Floe scan description: " + description);
    }
    return description.substring(start + " filter=".length(), end);
  }

  /** Whether a Floe scan is in the query's optimized plan at all (Spark may fold it away). */
  static Optional<String> floeScanIfAny(Dataset<Row> query) {
    List<String> scans = new ArrayList<>();
    collectScans(query.queryExecution().optimizedPlan(), scans);
    return scans.stream().filter(text -> text.startsWith("Floe ")).findFirst();
  }

  private static void collectScans(LogicalPlan plan, List<String> scans) {
    if (plan instanceof DataSourceV2ScanRelation relation) {
      scans.add(relation.scan().description());
    }
    for (LogicalPlan child : JavaConverters.seqAsJavaList(plan.children())) {
      collectScans(child, scans);
    }
  }
}
