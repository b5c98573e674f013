package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptTableException;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * A data file whose manifest entry gives another number of rows than its Parquet footer: reading it
 * is a {@link CorruptTableException} naming the file and both counts, since a count answered from
 * the manifests would disagree with the rows read.
 */
class TestFloeChecksRecordCounts {
  private final SparkSession spark = SharedSpark.get().session();

  @Test
  void aRecordCountThatDisagreesWithTheFileFailsTheRead() {
    String name = "record_count_mismatch";
    String table = SharedSpark.CATALOG + ".db." + name;
    spark.sql("DROP TABLE IF EXISTS " + table);
    spark.sql("CREATE TABLE " + table + " (id BIGINT, part STRING) USING iceberg");
    spark.sql("INSERT INTO " + table + " SELECT /*+ REPARTITION(1) */ id, 'a' FROM range(0, 100)");
    Table iceberg = SharedSpark.get().catalog().loadTable(TableIdentifier.of("db", name));
    DataFile written = iceberg.currentSnapshot().addedDataFiles(iceberg.io()).iterator().next();
    assertThat(written.recordCount()).as("the file Iceberg wrote").isEqualTo(100);
    String location = SharedSpark.get().tableLocation("db", name).toUri().toString();
    assertThat(spark.read().format("floe").load(location).count())
        .as("while the manifests agree with the file, it reads")
        .isEqualTo(100);

    // The same file again, listed with one row too many: metadata that disagrees with the file.
    iceberg
        .newOverwrite()
        .deleteFile(written)
        .addFile(
            DataFiles.builder(iceberg.spec())
                .withPath(written.location())
                .withFormat(FileFormat.PARQUET)
                .withFileSizeInBytes(written.fileSizeInBytes())
                .withRecordCount(101)
                .build())
        .commit();

    assertThatThrownBy(() -> spark.read().format("floe").load(location).collectAsList())
        .as("reading the rows")
        .satisfies(
            thrown ->
                assertThat(
                        FailureChain.causeOfType(thrown, CorruptTableException.class).getMessage())
                    .contains(written.location())
                    .contains("its manifest entry gives 101 rows, its Parquet footer 100"));
  }
}
