package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.junit.jupiter.api.Test;

/**
 * The {@code bytesRead} task metric of a Floe scan, read from the executed plan's {@code BatchScan}
 * node after the query ran: projecting one column of a wide Parquet table reads that column's
 * chunks and the footers, far less than the files; reading every column reads about the files.
 */
class TestFloeReportsBytesRead {
  private static final String NAME = "bytes_read_wide";
  private static final int ROWS = 20_000;
  private static final int FILES = 2;

  /** Floe reads a Parquet footer, and the small reads around it, in windows of 64 KiB. */
  private static final long FOOTER_WINDOW = 64 * 1024;

  private static final String[] WIDE_COLUMNS = {"a", "b", "c", "d", "e", "f"};
  private static final WrittenOnce<ReadFixture> WIDE =
      new WrittenOnce<>("the wide table", TestFloeReportsBytesRead::writeWide);

  private final SparkSession spark = SharedSpark.get().session();

  /** Six string columns of hashes, which neither dictionaries nor codecs shrink much. */
  private static ReadFixture writeWide() {
    FixtureWriter writer = new FixtureWriter(SharedSpark.get());
    writer.sql(
        "", "CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + FixtureWriter.DATABASE);
    StringBuilder columns = new StringBuilder("id bigint");
    StringBuilder values = new StringBuilder("id");
    for (String column : WIDE_COLUMNS) {
      columns.append(", ").append(column).append(" string");
      values.append(", sha2(concat('").append(column).append("', id), 256)");
    }
    writer.sql(
        NAME,
        "CREATE TABLE {t} (" + columns + ") USING iceberg",
        "INSERT INTO {t} SELECT /*+ REPARTITION("
            + FILES
            + ") */ "
            + values
            + " FROM range("
            + ROWS
            + ")");
    return writer.fixture(NAME, ROWS);
  }

  @Test
  void projectingOneColumnReadsItsChunksAndFarLessThanTheFiles() throws IOException {
    ReadFixture table = WIDE.get();
    List<Path> files = dataFiles(table);
    long fileBytes = totalSize(files);
    long columnChunkBytes = chunkBytes(files, "a");

    Dataset<Row> query = spark.read().format("floe").load(table.location().toString()).select("a");
    List<Row> rows = query.collectAsList();
    long bytesRead = bytesRead(query);

    assertThat(rows).as("rows of %s", table).hasSize(ROWS);
    assertThat(files).as("data files of %s", table).hasSize(FILES);
    assertThat(bytesRead)
        .as("bytes read for column a: at least its compressed chunks (%s bytes)", columnChunkBytes)
        .isGreaterThanOrEqualTo(columnChunkBytes)
        .as("bytes read for column a: its chunks and at most a 64 KiB footer read per file")
        .isLessThanOrEqualTo(columnChunkBytes + FILES * FOOTER_WINDOW)
        .as("bytes read for column a: well below the files' %s bytes", fileBytes)
        .isLessThan(fileBytes / 2);
  }

  @Test
  void readingEveryColumnReadsAboutTheFiles() throws IOException {
    ReadFixture table = WIDE.get();
    List<Path> files = dataFiles(table);
    long fileBytes = totalSize(files);
    long allChunkBytes = 0;
    for (String column : List.of("id", "a", "b", "c", "d", "e", "f")) {
      allChunkBytes += chunkBytes(files, column);
    }

    Dataset<Row> query = spark.read().format("floe").load(table.location().toString());
    List<Row> rows = query.collectAsList();
    long bytesRead = bytesRead(query);

    assertThat(rows).as("rows of %s", table).hasSize(ROWS);
    assertThat(bytesRead)
        .as("bytes read for every column: at least every chunk (%s bytes)", allChunkBytes)
        .isGreaterThanOrEqualTo(allChunkBytes)
        .as("bytes read for every column: about the files' %s bytes", fileBytes)
        .isBetween(fileBytes * 9 / 10, fileBytes * 11 / 10);
  }

  private static List<Path> dataFiles(ReadFixture table) throws IOException {
    try (Stream<Path> walk = Files.walk(table.location().resolve("data"))) {
      return walk.filter(file -> file.toString().endsWith(".parquet")).sorted().toList();
    }
  }

  private static long totalSize(List<Path> files) throws IOException {
    long total = 0;
    for (Path file : files) {
      total += Files.size(file);
    }
    return total;
  }

  /** The compressed size of one column's chunks over every row group of the files. */
  private static long chunkBytes(List<Path> files, String column) throws IOException {
    long total = 0;
    for (Path file : files) {
      HadoopInputFile input =
          HadoopInputFile.fromPath(
              new org.apache.hadoop.fs.Path(file.toUri()), new Configuration());
      try (ParquetFileReader reader = ParquetFileReader.open(input)) {
        for (BlockMetaData block : reader.getFooter().getBlocks()) {
          for (ColumnChunkMetaData chunk : block.getColumns()) {
            if (chunk.getPath().toDotString().equals(column)) {
              total += chunk.getTotalSize();
            }
          }
        }
      }
    }
    return total;
  }

  /** The summed {@code bytesRead} of the query's one Floe scan, after the query ran. */
  private static long bytesRead(Dataset<?> query) {
    List<BatchScanExec> scans = ExecutedScans.of(query);
    assertThat(scans).as("Floe scans in the executed plan").hasSize(1);
    SQLMetric metric = scans.get(0).metrics().get("bytesRead").get();
    return metric.value();
  }
}
