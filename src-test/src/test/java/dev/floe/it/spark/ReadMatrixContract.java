package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The differential read matrix: every query of every fixture table, read by the reader under test
 * and by Apache Iceberg's Spark reader through its catalog (the oracle), returns the same schema
 * and the same rows as a multiset. A full scan also returns the row count the fixture wrote, so a
 * reader cannot pass by agreeing with an oracle that read nothing.
 */
abstract class ReadMatrixContract {

  abstract TableReader reader();

  @TestFactory
  Stream<DynamicNode> readsEqualIcebergs() {
    return ReadFixtures.shared().stream()
        .map(
            table ->
                dynamicContainer(
                    table.name(), table.queries().stream().map(query -> check(table, query))));
  }

  private DynamicTest check(ReadFixture table, ReadQuery query) {
    return dynamicTest(
        table + ": " + query,
        () -> {
          SparkSession spark = SharedSpark.get().session();
          Dataset<Row> expectedRows = TableReader.ICEBERG_CATALOG.read(spark, table, query);
          Dataset<Row> actualRows = reader().read(spark, table, query);
          assertThat(reader().schemaOf(actualRows))
              .as("%s schema of %s: %s", reader().label(), table, query)
              .isEqualTo(ReadResult.schemaOfIceberg(expectedRows));
          ReadResult expected = ReadResult.of(expectedRows);
          ReadResult actual = ReadResult.of(actualRows);
          assertThat(actual.rowDifferences(expected))
              .as("%s rows of %s: %s", reader().label(), table, query)
              .isEmpty();
          if (query.isFullScan()) {
            assertThat(actual.rows())
                .as("%s full scan of %s", reader().label(), table)
                .hasSize((int) table.rowCount());
          }
          if (reader() == TableReader.FLOE) {
            AnswerLog.record(
                RecordedRead.of("read", table + ": " + query, table, query, Map.of(), actual));
          }
        });
  }
}
