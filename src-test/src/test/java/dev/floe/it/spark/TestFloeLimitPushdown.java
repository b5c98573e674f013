package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code SELECT * ... LIMIT n} pushed into Floe's scan: the scan shows the limit, plans fewer files
 * than a table of many files has, and returns {@code n} rows of the table. With deletes, planning
 * may stop only once its files hold {@code n} live rows: a limit of all rows but one, on every
 * table of the delete matrix, returns that many rows, all live (Apache Iceberg's).
 */
class TestFloeLimitPushdown {
  private static final int SMALL_LIMIT = 25;

  private final SparkSession spark = SharedSpark.get().session();

  @Test
  void limitPlansFewerFilesThanTheTableHas() {
    ReadFixture table = PushdownFixtures.manyFiles();
    Dataset<String> limited =
        spark.read().format("floe").load(table.location().toString()).limit(10).toJSON();
    List<String> rows = limited.collectAsList();
    ScanDescription description = ScanDescription.ofExecuted(limited, table.name());
    List<String> icebergRows =
        ReadResult.of(TableReader.ICEBERG_CATALOG.read(spark, table, ReadQuery.fullScan())).rows();

    assertThat(rows).as("rows of %s limit 10", table).hasSize(10).doesNotHaveDuplicates();
    assertThat(icebergRows).as("Iceberg's rows of %s", table).containsAll(rows);
    assertThat(description.limit()).as("Floe's pushed limit: %s", description).hasValue(10);
    // One split per file: the files are far smaller than a split.
    assertThat(description.splits())
        .as("splits Floe planned for 10 of %s rows: %s", table.rowCount(), description)
        .isLessThan(PushdownFixtures.MANY_FILES);
  }

  @TestFactory
  Stream<DynamicTest> limitReturnsOnlyLiveRows() {
    return DeleteFixtures.shared().stream()
        .map(
            fixture -> {
              TableSnapshot last = fixture.snapshots().get(fixture.snapshots().size() - 1);
              return dynamicTest(
                  fixture + " " + last + " limit " + SMALL_LIMIT + " and all rows but one",
                  () -> limitsReturnLiveRows(fixture, last));
            });
  }

  private void limitsReturnLiveRows(DeleteFixture fixture, TableSnapshot snapshot) {
    ReadFixture table = fixture.at(snapshot);
    Map<String, String> options = Map.of("snapshot-id", Long.toString(snapshot.snapshotId()));
    Dataset<Row> iceberg =
        TableReader.ICEBERG_CATALOG.read(spark, table, ReadQuery.fullScan(), options);
    List<String> icebergRows = ReadResult.of(iceberg).rows();
    for (int limit : new int[] {SMALL_LIMIT, (int) snapshot.rowCount() - 1}) {
      String label = table + " limit " + limit;
      Dataset<Row> floe = TableReader.FLOE.read(spark, table, ReadQuery.fullScan(), options);
      Dataset<String> limited = floe.limit(limit).toJSON();
      List<String> rows = limited.collectAsList();
      ScanDescription description = ScanDescription.ofExecuted(limited, fixture.name());

      assertThat(ReadResult.schemaOf(floe))
          .as("schema of %s", label)
          .isEqualTo(ReadResult.schemaOf(iceberg));
      assertThat(rows)
          .as("rows of %s (%s live rows): %s", label, snapshot.rowCount(), description)
          .hasSize((int) Math.min(limit, snapshot.rowCount()))
          .doesNotHaveDuplicates();
      assertThat(icebergRows)
          .as("Iceberg's rows of %s, a superset of Floe's", table)
          .containsAll(rows);
      // Floe shows the limit only when it cut the planned files, which deletes may prevent.
      description
          .limit()
          .ifPresent(
              shown ->
                  assertThat(shown).as("Floe's pushed limit: %s", description).isEqualTo(limit));
    }
  }
}
