package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.FileReadException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.SparkException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Storage failing under a query: a data or delete file removed after Iceberg wrote the table, and a
 * stream that breaks in the middle of a column chunk or of the footer. Each query fails, and the
 * error Spark reports carries Floe's {@link FileReadException} naming the file and the table; the
 * query hands back no rows, so a missing delete file never reads as "no deletes".
 */
class TestFloeReadFaults {
  private static final String FLOE_CATALOG = "floe_faults";
  private static final String FAULTY_CATALOG = "faulty_ice";

  private final SparkSession spark = SharedSpark.get().session();

  @BeforeAll
  static void configureCatalogs() throws IOException {
    SparkSession spark = SharedSpark.get().session();
    SharedSpark.get().addFloeCatalog(FLOE_CATALOG, 0);
    // the faulty scheme for Iceberg's writes and Floe's reads alike
    spark.conf().set("fs." + FaultyFileSystem.SCHEME + ".impl", FaultyFileSystem.class.getName());
    spark.conf().set("fs." + FaultyFileSystem.SCHEME + ".impl.disable.cache", "true");
    Path faultyWarehouse = Files.createTempDirectory("floe-faulty-warehouse");
    spark
        .conf()
        .set("spark.sql.catalog." + FAULTY_CATALOG, "org.apache.iceberg.spark.SparkCatalog");
    spark.conf().set("spark.sql.catalog." + FAULTY_CATALOG + ".type", "hadoop");
    spark
        .conf()
        .set(
            "spark.sql.catalog." + FAULTY_CATALOG + ".warehouse",
            FaultyFileSystem.SCHEME + "://" + faultyWarehouse);
  }

  @AfterEach
  void clearFaults() {
    FaultyFileSystem.clear();
  }

  /** Which file of the table is gone when the query runs. */
  enum MissingFile {
    DATA_FILE,
    DELETION_VECTOR,
    POSITION_DELETE_FILE,
    EQUALITY_DELETE_FILE
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(MissingFile.class)
  void fileRemovedBeforeTheQueryFailsItNamingFileAndTable(MissingFile missing) throws IOException {
    String name = "missing_" + missing.name().toLowerCase(java.util.Locale.ROOT);
    String table = write(name, missing);
    String path = removedFile(table, missing);
    String floeTable = FLOE_CATALOG + ".db." + name;

    assertThatThrownBy(() -> spark.table(floeTable).collectAsList())
        .as("reading %s without its %s", floeTable, missing)
        .isInstanceOf(SparkException.class)
        .satisfies(
            thrown ->
                assertThat(FailureChain.causeOfType(thrown, FileReadException.class).getMessage())
                    .as("Floe's error")
                    .contains(path)
                    .contains(floeTable));
    assertThatThrownBy(() -> spark.table(floeTable).selectExpr("sum(id * 2)").collectAsList())
        .as("an aggregate that reads rows fails the same way")
        .isInstanceOf(SparkException.class)
        .satisfies(
            thrown ->
                assertThat(FailureChain.causeOfType(thrown, FileReadException.class).getMessage())
                    .contains(path));
  }

  /** Where a stream breaks: inside the first column chunk, or inside the footer. */
  enum FaultPlace {
    COLUMN_CHUNK,
    FOOTER
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(FaultPlace.class)
  void streamBrokenMidFileFailsTheQueryNamingTheFile(FaultPlace place) throws IOException {
    String name = "broken_" + place.name().toLowerCase(java.util.Locale.ROOT);
    String table = FAULTY_CATALOG + ".db." + name;
    spark.sql("DROP TABLE IF EXISTS " + table);
    spark.sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT, payload STRING) USING iceberg TBLPROPERTIES ('format-version'='2')");
    spark.sql(
        "INSERT INTO "
            + table
            + " SELECT /*+ REPARTITION(1) */ id, repeat(CAST(id AS STRING), 20) FROM range(0, 20000)");
    List<Row> files = spark.sql("SELECT file_path FROM " + table + ".data_files").collectAsList();
    assertThat(files).as("one data file").hasSize(1);
    String dataFile = files.get(0).getString(0);
    assertThat(dataFile).as("written through the faulty scheme").startsWith("faulty:");
    long offset = faultOffset(dataFile, place);
    String location = dataFile.substring(0, dataFile.indexOf("/data/"));

    assertThat(spark.read().format("floe").load(location).select("id", "payload").collectAsList())
        .as("rows read whole before the fault")
        .hasSize(20000);
    FaultyFileSystem.failAt(dataFile, offset);
    assertThatThrownBy(
            () ->
                spark.read().format("floe").load(location).select("id", "payload").collectAsList())
        .as("reading %s with a fault at byte %d", dataFile, offset)
        .isInstanceOf(SparkException.class)
        .satisfies(
            thrown ->
                assertThat(FailureChain.causeOfType(thrown, FileReadException.class).getMessage())
                    .as("Floe's error")
                    .contains(dataFile)
                    .contains("Injected fault"));
    assertThat(FaultyFileSystem.failedReads()).as("reads that met the fault").isPositive();
  }

  @Test
  void streamBrokenMidManifestFailsPlanningNamingTheManifest() {
    String table = FAULTY_CATALOG + ".db.broken_manifest";
    spark.sql("DROP TABLE IF EXISTS " + table);
    spark.sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT, part STRING) USING iceberg PARTITIONED BY (part)"
            + " TBLPROPERTIES ('format-version'='2')");
    spark.sql("INSERT INTO " + table + " SELECT id, CAST(id % 50 AS STRING) FROM range(0, 500)");
    List<Row> manifests =
        spark.sql("SELECT path, length FROM " + table + ".manifests").collectAsList();
    assertThat(manifests).as("one manifest").hasSize(1);
    String manifest = manifests.get(0).getString(0);
    long length = manifests.get(0).getLong(1);
    String location = manifest.substring(0, manifest.indexOf("/metadata/"));

    FaultyFileSystem.failAt(manifest, length / 2);
    assertThatThrownBy(() -> spark.read().format("floe").load(location).collectAsList())
        .as("planning with a fault at byte %d of %s", length / 2, manifest)
        .satisfies(
            thrown ->
                assertThat(FailureChain.causeOfType(thrown, FileReadException.class).getMessage())
                    .as("Floe's error")
                    .contains(manifest)
                    .contains("Injected fault"));
    assertThat(FaultyFileSystem.failedReads()).as("reads that met the fault").isPositive();
  }

  /** Creates {@code ice.db.<name>} with the file that will go missing; its Iceberg name. */
  private String write(String name, MissingFile missing) {
    String table = SharedSpark.CATALOG + ".db." + name;
    spark.sql("DROP TABLE IF EXISTS " + table);
    String version = missing == MissingFile.DELETION_VECTOR ? "3" : "2";
    spark.sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT, part STRING) USING iceberg TBLPROPERTIES ('format-version'='"
            + version
            + "', 'write.delete.mode'='merge-on-read')");
    spark.sql("INSERT INTO " + table + " SELECT id, 'a' FROM range(0, 100)");
    spark.sql("INSERT INTO " + table + " SELECT id, 'b' FROM range(100, 200)");
    switch (missing) {
      case DATA_FILE -> {}
      case DELETION_VECTOR, POSITION_DELETE_FILE ->
          spark.sql("DELETE FROM " + table + " WHERE id % 3 = 0");
      case EQUALITY_DELETE_FILE -> {
        Table iceberg = SharedSpark.get().catalog().loadTable(TableIdentifier.of("db", name));
        EqualityDeletes.on(
                List.of("id"), List.of(EqualityDeletes.row(5L), EqualityDeletes.row(150L)))
            .commit(iceberg);
        spark.sql("REFRESH TABLE " + table);
      }
    }
    return table;
  }

  /**
   * Deletes the file of the kind {@code missing} from storage; its location as the table has it.
   */
  private String removedFile(String table, MissingFile missing) throws IOException {
    String query =
        switch (missing) {
          case DATA_FILE -> "SELECT file_path FROM " + table + ".data_files ORDER BY file_path";
          case DELETION_VECTOR ->
              "SELECT file_path FROM " + table + ".delete_files WHERE file_format = 'PUFFIN'";
          case POSITION_DELETE_FILE ->
              "SELECT file_path FROM " + table + ".delete_files WHERE content = 1";
          case EQUALITY_DELETE_FILE ->
              "SELECT file_path FROM " + table + ".delete_files WHERE content = 2";
        };
    List<Row> rows = spark.sql(query).collectAsList();
    assertThat(rows).as("files of kind %s in %s", missing, table).isNotEmpty();
    String location = rows.get(0).getString(0);
    Files.delete(Paths.get(URI.create(location)));
    return location;
  }

  /** A byte inside the first column chunk, or inside the footer, of a Parquet file. */
  private static long faultOffset(String dataFile, FaultPlace place) throws IOException {
    Configuration conf = new Configuration();
    conf.set("fs." + FaultyFileSystem.SCHEME + ".impl", FaultyFileSystem.class.getName());
    org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(dataFile);
    HadoopInputFile file = HadoopInputFile.fromPath(path, conf);
    try (ParquetFileReader reader = ParquetFileReader.open(file)) {
      switch (place) {
        case COLUMN_CHUNK -> {
          BlockMetaData rowGroup = reader.getFooter().getBlocks().get(0);
          ColumnChunkMetaData chunk = rowGroup.getColumns().get(1);
          return chunk.getStartingPos() + chunk.getTotalSize() / 2;
        }
        case FOOTER -> {
          long length = file.getLength();
          byte[] tail = new byte[8];
          try (var stream = file.newStream()) {
            stream.seek(length - 8);
            stream.readFully(tail);
          }
          int footerLength =
              (tail[0] & 0xFF)
                  | (tail[1] & 0xFF) << 8
                  | (tail[2] & 0xFF) << 16
                  | (tail[3] & 0xFF) << 24;
          return length - 8 - footerLength / 2;
        }
      }
    }
    throw new AssertionError("Unknown fault place " + place);
  }
}
