package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.CorruptFileException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.SparkException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * A data file Iceberg's Spark writer wrote (zstd, a CRC-32 on every page, parquet-java's default)
 * with one bit flipped in one data page, in place: Floe's read fails with a {@link
 * CorruptFileException} naming the file, the column and the CRC-32 check, and returns no rows; with
 * {@code verify-checksums=false} the CRC error is gone (the page is decoded as it is). The damaged
 * file is read without the {@code .crc} file Hadoop's local file system keeps beside it, as on an
 * object store. What Iceberg's own reader does with the file is printed, not asserted: it depends
 * on that {@code .crc} file and on what the flipped bit does to the zstd frame.
 */
class TestFloeDetectsDamagedPages {
  private static final int ROWS = 20_000;
  private static final String COLUMN = "payload";

  private final SparkSession spark = SharedSpark.get().session();

  /** A data page as parquet-java's header parser finds it in the file. */
  private record DataPage(long headerOffset, long bodyStart, PageHeader header) {
    long middle() {
      return bodyStart + header.getCompressed_page_size() / 2;
    }
  }

  @Test
  void aBitFlippedInADataPageFailsTheReadNamingFileColumnAndCrc() throws IOException {
    String name = "damaged_page";
    String table = SharedSpark.CATALOG + ".db." + name;
    spark.sql("DROP TABLE IF EXISTS " + table);
    spark.sql(
        "CREATE TABLE "
            + table
            + " (id BIGINT, payload STRING) USING iceberg TBLPROPERTIES ('format-version'='2',"
            // pages of 64 KiB instead of 1 MiB, so the column has several; codec and CRCs as
            // Iceberg writes them by default
            + " 'write.parquet.page-size-bytes'='65536')");
    spark.sql(
        "INSERT INTO "
            + table
            + " SELECT /*+ REPARTITION(1) */ id, concat('row-', repeat(CAST(id AS STRING), 8))"
            + " FROM range(0, "
            + ROWS
            + ")");
    Table iceberg = SharedSpark.get().catalog().loadTable(TableIdentifier.of("db", name));
    List<DataFile> written = new ArrayList<>();
    iceberg.currentSnapshot().addedDataFiles(iceberg.io()).forEach(written::add);
    assertThat(written).as("data files written").hasSize(1);
    String dataFile = written.get(0).location();
    Path file = Paths.get(URI.create(dataFile));
    String location = SharedSpark.get().tableLocation("db", name).toUri().toString();
    List<Row> intact = spark.read().format("floe").load(location).orderBy("id").collectAsList();
    assertThat(intact).as("the intact table's rows").hasSize(ROWS);

    DataPage page = secondDataPage(file);
    assertThat(page.header().isSetCrc())
        .as("Iceberg's writer records a CRC-32 in the header of %s", page)
        .isTrue();
    flipBit(file, page.middle());
    // Hadoop's local file system keeps a CRC of every 512 bytes beside the file and checks it on
    // read: Iceberg's reader, which reads through it, fails there
    Observed icebergWithSidecar =
        observe(
            () -> spark.read().format("iceberg").load(location).orderBy("id").collectAsList(),
            intact);
    // an object store keeps no such file: without it, only the page's own CRC can tell
    Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));

    assertThatThrownBy(() -> spark.read().format("floe").load(location).collectAsList())
        .as("reading %s with a bit flipped at %d", dataFile, page.middle())
        .isInstanceOf(SparkException.class)
        .satisfies(
            thrown ->
                assertThat(
                        FailureChain.causeOfType(thrown, CorruptFileException.class).getMessage())
                    .as("Floe's error")
                    .contains("Cannot read column " + COLUMN + " of " + dataFile)
                    .contains("(row group 0, page at offset " + page.headerOffset() + ")")
                    .contains("the page fails its CRC-32 check")
                    .endsWith("the file is damaged"));

    Observed unchecked =
        observe(
            () ->
                spark
                    .read()
                    .format("floe")
                    .option("verify-checksums", "false")
                    .load(location)
                    .orderBy("id")
                    .collectAsList(),
            intact);
    assertThat(unchecked.failureTrace())
        .as("with verify-checksums=false no CRC is checked")
        .doesNotContain("CRC-32");
    Observed icebergReader =
        observe(
            () -> spark.read().format("iceberg").load(location).orderBy("id").collectAsList(),
            intact);
    System.out.println("Floe, verify-checksums=false, on the damaged page: " + unchecked);
    System.out.println(
        "Iceberg's reader on the damaged page, Hadoop's .crc file beside it: "
            + icebergWithSidecar);
    System.out.println("Iceberg's reader on the damaged page, no .crc file: " + icebergReader);
  }

  /**
   * The second data page of column {@link #COLUMN} in the first row group (damage inside the chunk,
   * not at its start), after checking the chunk is zstd.
   */
  private static DataPage secondDataPage(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()))) {
      ColumnChunkMetaData chunk =
          reader.getFooter().getBlocks().get(0).getColumns().stream()
              .filter(column -> column.getPath().toDotString().equals(COLUMN))
              .findFirst()
              .orElseThrow();
      assertThat(chunk.getCodec())
          .as("Iceberg's default codec")
          .isEqualTo(CompressionCodecName.ZSTD);
      int start = Math.toIntExact(chunk.getStartingPos());
      int end = Math.toIntExact(start + chunk.getTotalSize());
      ByteArrayInputStream in = new ByteArrayInputStream(bytes, start, end - start);
      int dataPages = 0;
      while (in.available() > 0) {
        long headerOffset = end - in.available();
        PageHeader header = Util.readPageHeader(in);
        long bodyStart = end - in.available();
        if (header.getType() == PageType.DATA_PAGE || header.getType() == PageType.DATA_PAGE_V2) {
          dataPages++;
          if (dataPages == 2) {
            return new DataPage(headerOffset, bodyStart, header);
          }
        }
        in.skipNBytes(header.getCompressed_page_size());
      }
      throw new AssertionError(
          "Column " + COLUMN + " of " + file + " has " + dataPages + " data pages, not 2");
    }
  }

  private static void flipBit(Path file, long offset) throws IOException {
    try (RandomAccessFile damaged = new RandomAccessFile(file.toFile(), "rw")) {
      damaged.seek(offset);
      int value = damaged.read();
      damaged.seek(offset);
      damaged.write(value ^ 0x10);
    }
  }

  /** What a read of the damaged table gave: rows (and how many differ from the intact ones). */
  private record Observed(int rows, int changedRows, String failure, String failureTrace) {
    @Override
    public String toString() {
      return failure != null
          ? "failed: " + failure
          : rows + " rows, " + changedRows + " of them different from the intact file's";
    }
  }

  private interface Read {
    List<Row> rows();
  }

  private static Observed observe(Read read, List<Row> intact) {
    List<Row> rows;
    try {
      rows = read.rows();
    } catch (Exception failure) { // Spark's SparkException is checked, and thrown undeclared
      Throwable root = failure;
      while (root.getCause() != null) {
        root = root.getCause();
      }
      return new Observed(0, 0, root.toString(), FailureChain.trace(failure));
    }
    Map<Long, Row> byId = new HashMap<>();
    intact.forEach(row -> byId.put(row.getLong(0), row));
    int changed = 0;
    for (Row row : rows) {
      if (!row.equals(byId.get(row.getLong(0)))) {
        changed++;
      }
    }
    return new Observed(rows.size(), changed, null, "");
  }
}
