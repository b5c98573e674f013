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
    assertThat(description.resultFiles())
        .as("files Floe planned for 10 of %s rows: %s", table.rowCount(), description)
        .isLessThan(PushdownFixtures.MANY_FILES);
  }

  @TestFactory
  Stream<DynamicTest> limitReturnsOnlyLiveRows() {
    return DeleteFixtures.shared().stream()
        .flatMap(
            fixture -> {
              TableSnapshot last = fixture.snapshots().get(fixture.snapshots().size() - 1);
              return Stream.of(SMALL_LIMIT, (int) last.rowCount() - 1)
                  .distinct()
                  .map(
                      limit ->
                          dynamicTest(
                              fixture + " " + last + " limit " + limit,
                              () -> limitReturnsLiveRows(fixture, last, limit)));
            });
  }

  private void limitReturnsLiveRows(DeleteFixture fixture, TableSnapshot snapshot, int limit) {
    ReadFixture table = fixture.at(snapshot);
    String label = table + " limit " + limit;
    Dataset<Row> floe =
        spark
            .read()
            .format("floe")
            .option("snapshot-id", snapshot.snapshotId())
            .load(table.location().toString())
            .limit(limit);
    Dataset<String> limited = floe.toJSON();
    List<String> rows = limited.collectAsList();
    ScanDescription description = ScanDescription.ofExecuted(limited, fixture.name());
    Dataset<Row> iceberg =
        TableReader.ICEBERG_CATALOG.read(
            spark,
            table,
            ReadQuery.fullScan(),
            Map.of("snapshot-id", Long.toString(snapshot.snapshotId())));

    assertThat(ReadResult.schemaOf(floe))
        .as("schema of %s", label)
        .isEqualTo(ReadResult.schemaOf(iceberg));
    assertThat(rows)
        .as("rows of %s (%s live rows): %s", label, snapshot.rowCount(), description)
        .hasSize((int) Math.min(limit, snapshot.rowCount()))
        .doesNotHaveDuplicates();
    assertThat(ReadResult.of(iceberg).rows())
        .as("Iceberg's rows of %s, a superset of Floe's", table)
        .containsAll(rows);
    assertThat(description.limit()).as("Floe's pushed limit: %s", description).hasValue(limit);
  }
}
