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
 * The differential delete matrix: every query of every delete fixture, at every snapshot of it
 * (read option {@code snapshot-id}), read by the reader under test and by Apache Iceberg's Spark
 * reader through its catalog (the oracle), returns the same schema and the same rows as a multiset.
 * Counts the fixture took from Iceberg keep both sides honest: a full scan returns the snapshot's
 * live rows, and a read with {@code _deleted} returns every row the snapshot's data files store,
 * the live ones marked false.
 */
abstract class DeleteMatrixContract {
  private static final String DELETED_ROW = "\"_deleted\":true";

  abstract TableReader reader();

  @TestFactory
  Stream<DynamicNode> readsEqualIcebergsAtEverySnapshot() {
    return DeleteFixtures.shared().stream()
        .map(
            table ->
                dynamicContainer(
                    table.name(),
                    table.snapshots().stream()
                        .map(
                            snapshot ->
                                dynamicContainer(
                                    table.name() + " " + snapshot,
                                    table.queries().stream()
                                        .filter(read -> read.appliesTo(snapshot))
                                        .map(read -> check(table, snapshot, read))))));
  }

  private DynamicTest check(DeleteFixture fixture, TableSnapshot snapshot, DeleteQuery read) {
    String label = fixture + " " + snapshot + ": " + read;
    ReadQuery query = read.query();
    return dynamicTest(
        label,
        () -> {
          SparkSession spark = SharedSpark.get().session();
          ReadFixture table = fixture.at(snapshot);
          Map<String, String> options = read.optionsAt(snapshot);
          Dataset<Row> expectedRows = read.oracle().read(spark, table, query, options);
          Dataset<Row> actualRows = reader().read(spark, table, query, options);
          assertThat(reader().schemaOf(actualRows))
              .as("%s schema of %s", reader().label(), label)
              .isEqualTo(ReadResult.schemaOfIceberg(expectedRows));
          ReadResult expected = ReadResult.of(expectedRows);
          ReadResult actual = ReadResult.of(actualRows);
          assertThat(actual.rowDifferences(expected))
              .as("%s rows of %s", reader().label(), label)
              .isEmpty();
          if (query.isFullScan()) {
            assertThat(expected.rows())
                .as("Iceberg's full scan of %s", label)
                .hasSize((int) snapshot.rowCount());
            assertThat(actual.rows())
                .as("%s full scan of %s", reader().label(), label)
                .hasSize((int) snapshot.rowCount());
            // count() asks for no column at all: deletes must still apply.
            assertThat(actualRows.count())
                .as("%s count of %s", reader().label(), label)
                .isEqualTo(snapshot.rowCount());
          }
          if (query.filter().isEmpty() && query.columns().contains("_deleted")) {
            assertThat(expected.rows())
                .as("Iceberg's rows of %s: every stored row", label)
                .hasSize((int) snapshot.storedRowCount());
            assertThat(expected.rows().stream().filter(row -> row.contains(DELETED_ROW)).count())
                .as("Iceberg's rows of %s marked deleted", label)
                .isEqualTo(snapshot.storedRowCount() - snapshot.rowCount());
          }
          if (reader() == TableReader.FLOE) {
            AnswerLog.record(RecordedRead.of("delete", label, table, query, options, actual));
          }
        });
  }
}
