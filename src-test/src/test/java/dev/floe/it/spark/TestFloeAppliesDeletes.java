package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A merge-on-read DELETE in format v2 (a position delete file) and v3 (a deletion vector): Floe
 * returns Iceberg's rows, with and without {@code _pos}, and with {@code _deleted} it keeps the
 * deleted rows, marked. The full delete matrix is {@code TestFloeDeleteMatrix}.
 */
class TestFloeAppliesDeletes {
  private final SparkSession spark = SharedSpark.get().session();

  @ParameterizedTest(name = "format v{0}")
  @ValueSource(ints = {2, 3})
  void mergeOnReadDeleteReadsAsIcebergDoes(int formatVersion) {
    String name = "applies_deletes_v" + formatVersion;
    String table = SharedSpark.CATALOG + ".db." + name;
    spark.sql("DROP TABLE IF EXISTS " + table);
    spark.sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT, part STRING) USING iceberg PARTITIONED BY (part)"
            + " TBLPROPERTIES ('format-version'='"
            + formatVersion
            + "', 'write.delete.mode'='merge-on-read')");
    spark.sql(
        "INSERT INTO " + table + " SELECT id, IF(id % 2 = 0, 'a', 'b') FROM range(0, 1000)");
    spark.sql("DELETE FROM " + table + " WHERE id % 7 = 0 OR id BETWEEN 100 AND 199");
    spark.sql("DELETE FROM " + table + " WHERE id % 5 = 0");
    String location = SharedSpark.get().tableLocation("db", name).toString();

    Dataset<Row> iceberg = spark.table(table);
    Dataset<Row> floe = spark.read().format("floe").load(location);
    ReadResult expected = ReadResult.of(iceberg.select("id", "part", "_pos"));
    ReadResult actual = ReadResult.of(floe.select("id", "part", "_pos"));
    assertThat(actual.rows()).as("live rows").hasSize((int) iceberg.count());
    assertThat(actual.rowDifferences(expected)).as("rows with _pos").isEmpty();
    assertThat(floe.count()).as("count").isEqualTo(iceberg.count());

    ReadResult marked = ReadResult.of(floe.select("id", "_deleted"));
    ReadResult icebergMarked = ReadResult.of(iceberg.select("id", "_deleted"));
    assertThat(marked.rows()).as("every row, deleted ones marked").hasSize(1000);
    assertThat(marked.rowDifferences(icebergMarked)).as("rows with _deleted").isEmpty();
    assertThat(floe.where("_deleted").count())
        .as("deleted rows")
        .isEqualTo(1000 - iceberg.count());
  }
}
