package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.iceberg.Table;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code EXPLAIN} of a count through Floe's catalog shows the pushed aggregate and how many data
 * files manifests, delete files and rows answered, the same figures the executed query reports, and
 * as the table's deletes dictate: a v3 table with deletion vectors and a copy-on-write table answer
 * from manifests alone, a v2 table with position delete files from those, a table with equality
 * deletes reads rows. A count the manifests answer whole is pushed completely: Spark plans no
 * aggregation of its own.
 */
class TestFloeAggregatePushdownExplain {
  private final SparkSession spark = SharedSpark.get().session();

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "mor_v3_unpartitioned, deletion vectors",
    "cow_v2, no deletes",
    "mor_v2_unpartitioned, position delete files",
    "mor_v2_partition_granularity, position delete files",
    "eq_one_column, equality deletes"
  })
  void explainShowsThePushedCountAndHowFilesWereAnswered(String name, String deletes) {
    CatalogFixture.get();
    String query =
        "SELECT count(*) FROM " + CatalogFixture.FLOE + "." + FixtureWriter.DATABASE + "." + name;
    DeleteFixture fixture = fixture(name);
    Table table = DeleteFixtures.icebergTable(new FixtureWriter(SharedSpark.get()), name);
    IcebergPlan plan = IcebergPlan.of(table, table.currentSnapshot().snapshotId());

    List<Row> explained = spark.sql("EXPLAIN " + query).collectAsList();
    ScanDescription explainText = new ScanDescription(explained.get(0).getString(0));
    Dataset<Row> counted = spark.sql(query);
    long count = counted.collectAsList().get(0).getLong(0);
    ScanDescription executed = ScanDescription.ofExecuted(counted, name);
    ScanDescription.AggregateFiles files = explainText.aggregateFiles();

    assertThat(explainText.text()).as("EXPLAIN of %s", query).contains("aggregate=[COUNT(*)]");
    assertThat(files)
        .as("EXPLAIN's figures of %s against the executed scan's", query)
        .isEqualTo(executed.aggregateFiles());
    assertThat(count)
        .as("count of %s", query)
        .isEqualTo(fixture.snapshots().get(fixture.snapshots().size() - 1).rowCount());
    assertThat(files.total()).as("data files of %s in %s", name, plan).isEqualTo(plan.dataFiles());
    switch (deletes) {
      case "deletion vectors", "no deletes" -> {
        assertThat(files.fromMetadata())
            .as("data files of %s (%s) answered from manifests", name, deletes)
            .isEqualTo(plan.dataFiles());
        assertThat(explainText.text())
            .as("a count the manifests answer whole is complete: Spark aggregates nothing")
            .doesNotContain("HashAggregate");
      }
      case "position delete files" -> {
        assertThat(explainText.text())
            .as("partial counts from delete files are added up by Spark")
            .contains("HashAggregate");
        assertThat(files.read()).as("data files of %s read", name).isZero();
        // At least the files Iceberg gives position delete files; a file no delete applies to may
        // still be given a partition-scoped delete file whose paths a reader does not check.
        assertThat(files.fromDeleteFiles())
            .as("data files of %s answered from their delete files, %s", name, plan)
            .isGreaterThanOrEqualTo(plan.withPositionDeleteFiles())
            .isPositive();
      }
      case "equality deletes" -> {
        assertThat(files.read())
            .as("data files of %s read for equality deletes, %s", name, plan)
            .isPositive();
        assertThat(explainText.text())
            .as("partial counts from read rows are added up by Spark")
            .contains("HashAggregate");
      }
      default -> throw new IllegalArgumentException("Unknown kind of deletes: " + deletes);
    }
  }

  private static DeleteFixture fixture(String name) {
    return DeleteFixtures.shared().stream()
        .filter(fixture -> fixture.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("No delete fixture named " + name));
  }
}
