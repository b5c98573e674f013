package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A merge-on-read DELETE in format v2 (file- and partition-scoped position delete files) and v3 (a
 * deletion vector): Floe returns Iceberg's rows, with and without {@code _pos}, and with {@code
 * _deleted} it keeps the deleted rows, marked. The full delete matrix is {@code
 * TestFloeDeleteMatrix}.
 */
class TestFloeAppliesDeletes {
  private final SparkSession spark = SharedSpark.get().session();

  @ParameterizedTest(name = "format v{0}, {1}-scoped deletes")
  @CsvSource({"2, file", "2, partition", "3, file"})
  void mergeOnReadDeleteReadsAsIcebergDoes(int formatVersion, String granularity) {
    String name = "applies_deletes_v" + formatVersion + "_" + granularity;
    String table = SharedSpark.CATALOG + ".db." + name;
    spark.sql("DROP TABLE IF EXISTS " + table);
    spark.sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT, part STRING) USING iceberg PARTITIONED BY (part)"
            + " TBLPROPERTIES ('format-version'='"
            + formatVersion
            + "', 'write.delete.mode'='merge-on-read', 'write.delete.granularity'='"
            + granularity
            + "')");
    // two inserts: two data files per partition, so partition-scoped delete files name several
    spark.sql("INSERT INTO " + table + " SELECT id, IF(id % 2 = 0, 'a', 'b') FROM range(0, 500)");
    spark.sql(
        "INSERT INTO " + table + " SELECT id, IF(id % 2 = 0, 'a', 'b') FROM range(500, 1000)");
    spark.sql("DELETE FROM " + table + " WHERE id % 7 = 0 OR id BETWEEN 100 AND 199");
    spark.sql("DELETE FROM " + table + " WHERE id % 5 = 0");
    String location = SharedSpark.get().tableLocation("db", name).toString();
    long unscoped =
        spark
            .sql("SELECT * FROM " + table + ".delete_files WHERE referenced_data_file IS NULL")
            .count();
    // two DELETEs x two partitions; v2 manifests leave referenced_data_file empty even for
    // file-scoped files, v3 deletion vectors always fill it
    assertThat(unscoped)
        .as("delete files whose manifest entry names no single data file")
        .isEqualTo(formatVersion == 2 ? 4 : 0);

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
    assertThat(floe.where("_deleted").count()).as("deleted rows").isEqualTo(1000 - iceberg.count());
  }
}
