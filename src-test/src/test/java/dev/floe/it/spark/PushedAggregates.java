package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * One fixture read two ways for an aggregate query: by Floe, which may push the aggregate into its
 * scan, and by Apache Iceberg with aggregate pushdown off, so Spark computes Iceberg's answer over
 * its rows (the oracle).
 */
final class PushedAggregates {
  /** Floe's answer to a query and the description of the scan that answered it. */
  record Answer(List<Row> rows, ScanDescription description) {}

  private final SparkSession spark;
  private final ReadFixture fixture;

  PushedAggregates(SparkSession spark, ReadFixture fixture) {
    this.spark = spark;
    this.fixture = fixture;
  }

  Dataset<Row> floe() {
    return spark.read().format("floe").load(fixture.location().toString());
  }

  Dataset<Row> iceberg() {
    return spark
        .read()
        .format("iceberg")
        .option(SnapshotAggregates.AGGREGATE_PUSH_DOWN, false)
        .load(fixture.identifier());
  }

  /** Floe's answer, after checking that its scan pushed the aggregate and that it is Iceberg's. */
  Answer pushedAndEqual(Function<Dataset<Row>, Dataset<Row>> query) {
    Dataset<Row> pushed = query.apply(floe());
    List<Row> rows = pushed.collectAsList();
    ScanDescription description = ScanDescription.ofExecuted(pushed, fixture.name());
    List<Row> expected = query.apply(iceberg()).collectAsList();

    assertThat(description.hasAggregate())
        .as("Floe's scan pushes the aggregate: %s", description)
        .isTrue();
    assertThat(rows).as("Floe's pushed aggregate, %s", description).isEqualTo(expected);
    return new Answer(rows, description);
  }
}
