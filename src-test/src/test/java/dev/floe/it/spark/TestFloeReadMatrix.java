package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Floe's reader, loading each table by its directory, against Apache Iceberg's. */
class TestFloeReadMatrix extends ReadMatrixContract {
  @Override
  TableReader reader() {
    return TableReader.FLOE;
  }

  /**
   * {@code _partition}, the union of every spec's fields with nulls where a file's spec lacks one:
   * it once failed on every partitioned table (the task constants gave a map by field id where the
   * columnar constant writer expected a list in field order).
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"part_identity", "evolved_partitioning"})
  void partitionMetadataColumnEqualsIcebergs(String name) {
    SparkSession spark = SharedSpark.get().session();
    ReadFixture table = ReadFixtures.named(name);
    ReadQuery query = ReadQuery.select("id", "_spec_id", "_partition");
    Dataset<Row> expectedRows = TableReader.ICEBERG_CATALOG.read(spark, table, query);
    Dataset<Row> actualRows = TableReader.FLOE.read(spark, table, query);
    assertThat(TableReader.FLOE.schemaOf(actualRows))
        .as("_partition schema of %s", table)
        .isEqualTo(ReadResult.schemaOfIceberg(expectedRows));
    ReadResult expected = ReadResult.of(expectedRows);
    ReadResult actual = ReadResult.of(actualRows);
    assertThat(actual.rowDifferences(expected)).as("_partition rows of %s", table).isEmpty();
  }
}
