package dev.floe.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.examples.FloeExample.Source;
import dev.floe.examples.FloeExample.Step;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.spark.Spark3Util;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Runs the examples users read — the Java program and the SQL script — on the demo table written by
 * Apache Iceberg's Spark runtime, and checks every answer against Iceberg's own connector running
 * the same queries.
 */
class TestExamples {
  private static final Source ICEBERG = new Source("iceberg", DemoWarehouse.ICEBERG_CATALOG, true);

  private static Path warehouse;
  private static SparkSession spark;

  @BeforeAll
  static void demoTable() {
    spark = DemoFixture.spark();
    warehouse = DemoFixture.warehouse();
  }

  @Test
  void demoTableHasWhatTheDemoShows() {
    assertThat(column("SELECT operation FROM iceberg.db.events.snapshots ORDER BY committed_at"))
        .as("four commits: two appends, a delete, an append")
        .containsExactly("append", "append", "delete", "append");
    assertThat(column("SELECT name FROM iceberg.db.events.refs WHERE type = 'TAG'"))
        .as("the tag the demo travels to")
        .containsExactly("first");
    assertThat(column("SELECT file_format FROM iceberg.db.events.delete_files"))
        .as("the delete wrote deletion vectors (format version 3)")
        .isNotEmpty()
        .allMatch("PUFFIN"::equals);
    assertThat(column("SELECT DISTINCT partition.category FROM iceberg.db.events.files"))
        .as("partitioned by category")
        .containsExactlyInAnyOrder("books", "games", "music");
    assertThatThrownBy(() -> DemoWarehouse.write(spark, warehouse, DemoFixture.quietly()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(DemoWarehouse.tableLocation(warehouse).toString())
        .hasMessageContaining("already exists");
  }

  @Test
  void javaExampleReturnsIcebergsRowsAtEveryStep() {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    List<ResultTable> floe =
        FloeExample.run(spark, warehouse, new PrintStream(printed, true, StandardCharsets.UTF_8));
    List<Step> iceberg = FloeExample.steps(spark, ICEBERG, warehouse);

    assertThat(floe).as("one result per step").hasSameSizeAs(iceberg);
    String output = printed.toString(StandardCharsets.UTF_8);
    for (int i = 0; i < iceberg.size(); i++) {
      Step step = iceberg.get(i);
      assertThat(floe.get(i).values())
          .as("step '%s': Floe's rows are Iceberg's", step.title())
          .isNotEmpty()
          .isEqualTo(ResultTable.of(step.query()).values());
    }
    for (Step step : FloeExample.steps(spark, FloeExample.FLOE, warehouse)) {
      assertThat(output).as("the example prints step '%s'", step.title()).contains(step.title());
    }
    assertThat(output).as("the example prints Floe's plans").contains("BatchScan").contains("Floe");
  }

  @Test
  void javaExamplePlanPrunesWhatIcebergPrunesAndCountsFromMetadata() throws Exception {
    List<Step> steps = FloeExample.steps(spark, FloeExample.FLOE, warehouse);
    String filtered = FloeExample.explain(steps.get(0).query());
    Table table = Spark3Util.loadIcebergTable(spark, "iceberg.db.events");
    List<String> icebergFiles = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks =
        table
            .newScan()
            .filter(
                Expressions.and(
                    Expressions.equal("category", "books"),
                    Expressions.greaterThanOrEqual("id", 3000L)))
            .planFiles()) {
      tasks.forEach(task -> icebergFiles.add(task.file().location()));
    }
    assertThat(filtered)
        .as("the filtered count and sum are computed in Floe's scan:%n%s", filtered)
        .contains("aggregate=[COUNT(*), SUM(amount)]");
    String filteredFiles = filtered.substring(filtered.indexOf("aggregateFiles=["));
    assertThat(
            figure(filteredFiles, "fromMetadata")
                + figure(filteredFiles, "fromDeleteFiles")
                + figure(filteredFiles, "read"))
        .as("Floe answers as many files as Iceberg plans for the filtered read:%n%s", filtered)
        .isEqualTo(icebergFiles.size());
    assertThat(figure(filteredFiles, "read"))
        .as("the sum reads the rows of every file")
        .isEqualTo(icebergFiles.size());
    assertThat(figure(filtered, "skippedByPartitionSummary"))
        .as("the games and music manifest is skipped by its partition summary")
        .isPositive();
    assertThat(figure(filtered, "skippedByMetrics"))
        .as("older books are skipped by their id bounds")
        .isPositive();

    String count = FloeExample.explain(steps.get(steps.size() - 1).query());
    long liveDataFiles =
        (long)
            ResultTable.of(spark.sql("SELECT count(*) FROM iceberg.db.events.data_files")).single();
    assertThat(count).as("COUNT(*) is pushed:%n%s", count).contains("aggregate=[COUNT(*)]");
    String aggregateFiles = count.substring(count.indexOf("aggregateFiles=["));
    assertThat(figure(aggregateFiles, "fromMetadata"))
        .as("every live data file is counted from its manifest entry")
        .isEqualTo(liveDataFiles);
    assertThat(figure(aggregateFiles, "read")).as("no data file is read for the count").isZero();
    assertThat(count).as("Spark aggregates nothing itself").doesNotContain("HashAggregate");
  }

  @Test
  void sqlScriptReturnsIcebergsRowsForEveryQuery() {
    SqlScript script = SqlScript.load(Quickstart.SQL_DEMO);
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    List<ResultTable> floe =
        Quickstart.runScript(spark, script, new PrintStream(printed, true, StandardCharsets.UTF_8));

    assertThat(floe).as("one result per statement").hasSameSizeAs(script.statements());
    int compared = 0;
    for (int i = 0; i < floe.size(); i++) {
      String statement = script.statements().get(i);
      assertThat(statement).as("the script reads through Floe's catalog").contains("lake.");
      if (statement.startsWith("EXPLAIN")) {
        assertThat(floe.get(i).single().toString())
            .as("%s shows Floe's scan", statement)
            .contains("Floe lake.db.events")
            .contains("dataFiles=[live=");
        continue;
      }
      String onIceberg = statement.replace("lake.", DemoWarehouse.ICEBERG_CATALOG + ".");
      assertThat(floe.get(i).values())
          .as("%s: Floe's rows are Iceberg's", statement)
          .isNotEmpty()
          .isEqualTo(ResultTable.of(spark.sql(onIceberg)).values());
      compared++;
    }
    assertThat(compared).as("queries compared with Iceberg").isGreaterThanOrEqualTo(6);
    assertThat(printed.toString(StandardCharsets.UTF_8))
        .as("each statement is printed before its result")
        .contains("spark-sql> SELECT count(*) AS events FROM lake.db.events;");
  }

  private static List<String> column(String query) {
    List<String> values = new ArrayList<>();
    for (Row row : spark.sql(query).collectAsList()) {
      values.add(row.getString(0));
    }
    return values;
  }

  /** The number after {@code name=} in a plan. */
  private static long figure(String plan, String name) {
    Matcher figure = Pattern.compile("\\b" + Pattern.quote(name) + "=(\\d+)").matcher(plan);
    assertThat(figure.find()).as("%s= in the plan:%n%s", name, plan).isTrue();
    return Long.parseLong(figure.group(1));
  }
}
