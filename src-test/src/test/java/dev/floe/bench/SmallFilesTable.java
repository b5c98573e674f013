package dev.floe.bench;

import java.util.Locale;
import org.apache.spark.sql.SparkSession;

/**
 * The issue-8 suite's table of many small files: {@code files} data files of {@code rowsPerFile}
 * rows each (issue 26: 10,000 of 1,000), five columns, every value a hash of the row number.
 *
 * <p>Written by one Spark SQL insert from {@code range(0, files x rowsPerFile, 1, files)}: Spark
 * splits a range into slices of exactly {@code rowsPerFile} rows, and with {@code
 * write.distribution-mode=none} on an unpartitioned table Iceberg asks for no shuffle, so each
 * slice's task writes one file. No rows cross the driver or a shuffle; the cost is one short task
 * per file, and one commit (Iceberg's append writes the manifests, as many as its target manifest
 * size asks for).
 */
record SmallFilesTable(int files, int rowsPerFile) implements GeneratedTable {
  static final String NAME = "small_files";
  static final String COLUMNS =
      "id bigint, quantity int, price decimal(12, 2), category string, event_date date";

  SmallFilesTable {
    if (files < 1 || rowsPerFile < 1) {
      throw new IllegalArgumentException(
          "A small-files table needs at least one file of one row, not "
              + files
              + " files of "
              + rowsPerFile);
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String label() {
    return "small files";
  }

  @Override
  public long rows() {
    return (long) files * rowsPerFile;
  }

  @Override
  public String layout() {
    return String.format(
        Locale.ROOT, "small files generation=1 files=%d rows-per-file=%d", files, rowsPerFile);
  }

  @Override
  public String description() {
    return String.format(Locale.ROOT, "%,d rows each, columns `%s`", rowsPerFile, COLUMNS);
  }

  @Override
  public void write(SparkSession spark, String identifier) {
    spark.sql(
        "CREATE TABLE "
            + identifier
            + " ("
            + COLUMNS
            + ") USING iceberg TBLPROPERTIES ('format-version'='2',"
            + " 'write.parquet.compression-codec'='zstd', 'write.distribution-mode'='none')");
    spark.sql(
        String.format(
            Locale.ROOT,
            """
            INSERT INTO %s
            SELECT id, CAST(pmod(xxhash64(id, 1), 100) AS INT) + 1,
              CAST(CAST(pmod(xxhash64(id, 2), 10000000) AS DECIMAL(18, 0)) / 100 AS DECIMAL(12, 2)),
              element_at(array('books', 'games', 'garden', 'music', 'tools', 'toys'),
                CAST(pmod(xxhash64(id, 3), 6) AS INT) + 1),
              date_add(DATE '2024-01-01', CAST(pmod(xxhash64(id, 4), 366) AS INT))
            FROM range(0, %d, 1, %d)
            """,
            identifier,
            rows(),
            files));
  }
}
