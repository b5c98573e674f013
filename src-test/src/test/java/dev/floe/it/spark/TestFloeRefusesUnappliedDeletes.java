package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * Until Floe's reader applies row-level deletes, a scan that would read a file with deletes fails
 * on the driver, naming the table and a file, instead of returning rows the table has deleted; a
 * scan whose filter prunes every such file still reads.
 */
class TestFloeRefusesUnappliedDeletes {
  private final SparkSession spark = SharedSpark.get().session();

  @Test
  void aScanOfAFileWithDeletesFailsAndOneThatPrunesItReads() {
    String table = SharedSpark.CATALOG + ".db.merge_on_read_deletes";
    spark.sql("DROP TABLE IF EXISTS " + table);
    spark.sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT, part STRING) USING iceberg PARTITIONED BY (part)"
            + " TBLPROPERTIES ('format-version'='2', 'write.delete.mode'='merge-on-read')");
    spark.sql("INSERT INTO " + table + " VALUES (1, 'a'), (2, 'a'), (3, 'b'), (4, 'b')");
    spark.sql("DELETE FROM " + table + " WHERE id = 1");
    String location = SharedSpark.get().tableLocation("db", "merge_on_read_deletes").toString();

    assertThat(spark.table(table).count()).as("Iceberg applies the position delete").isEqualTo(3);
    assertThatThrownBy(() -> spark.read().format("floe").load(location).collectAsList())
        .as("a file with a position delete is refused, not read with its deleted row")
        .hasMessageContaining("Cannot read table")
        .hasMessageContaining("row-level delete file(s)")
        .hasMessageContaining("does not apply deletes while reading");
    assertThat(spark.read().format("floe").load(location).where("part = 'b'").count())
        .as("the partition without deletes still reads")
        .isEqualTo(2);
  }
}
