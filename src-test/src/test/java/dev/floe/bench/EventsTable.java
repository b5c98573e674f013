package dev.floe.bench;

import dev.floe.it.spark.SharedSpark;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The read benchmarks' data: {@code rows} events written by Iceberg's Spark SQL into {@code files}
 * Parquet files (zstd, Iceberg's default), every column a function of {@code id}, so that what a
 * table holds, and what it holds after deleting some ids, is known without reading it.
 */
final class EventsTable {
  static final String COLUMNS =
      "id bigint, n int, name string, category string, amount double, price decimal(10, 2),"
          + " ts timestamp, flag boolean";

  /** Every tenth {@code amount} is null. */
  static final int NULL_AMOUNT_EVERY = 10;

  /** {@code n} and the cents of {@code price} cycle through {@code id % N_CYCLE}. */
  static final int N_CYCLE = 100_000;

  private EventsTable() {}

  /**
   * Creates table {@code identifier} (in catalog {@link SharedSpark#CATALOG}) with these table
   * properties and writes the events with ids {@code [0, rows)} into it.
   */
  static void write(
      SparkSession spark,
      String identifier,
      long rows,
      int files,
      Map<String, String> tableProperties) {
    create(spark, identifier, tableProperties);
    spark.sql(
        String.format(
            Locale.ROOT,
            """
            INSERT INTO %s SELECT /*+ REPARTITION(%d) */ id, CAST(id %% %d AS INT),
              concat('name-', CAST(id * 7919 %% 1000003 AS STRING)),
              element_at(array('red', 'green', 'blue', 'cyan', 'black'), CAST(id %% 5 AS INT) + 1),
              IF(id %% %d = 0, NULL, id * 0.5D), CAST(id %% %d * 0.01 AS DECIMAL(10, 2)),
              timestamp_micros(1700000000000000 + id * 1000003), id %% 3 = 0
            FROM range(0, %d, 1, %d)
            """,
            identifier,
            files,
            N_CYCLE,
            NULL_AMOUNT_EVERY,
            N_CYCLE,
            rows,
            files));
  }

  /** Creates the empty table {@code identifier}, unpartitioned, with these table properties. */
  static void create(SparkSession spark, String identifier, Map<String, String> tableProperties) {
    String properties =
        tableProperties.isEmpty()
            ? ""
            : tableProperties.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(entry -> "'" + entry.getKey() + "'='" + entry.getValue() + "'")
                .collect(Collectors.joining(", ", " TBLPROPERTIES (", ")"));
    spark.sql("CREATE TABLE " + identifier + " (" + COLUMNS + ") USING iceberg" + properties);
  }

  /** The data files of a table, from Iceberg's {@code data_files} metadata table. */
  static List<String> dataFiles(SparkSession spark, String identifier) {
    return spark.sql("SELECT file_path FROM " + identifier + ".data_files").collectAsList().stream()
        .map((Row row) -> row.getString(0))
        .toList();
  }

  static long totalBytes(List<String> files) {
    long total = 0;
    for (String file : files) {
      try {
        total += Files.size(file.startsWith("/") ? Path.of(file) : Path.of(URI.create(file)));
      } catch (IOException | IllegalArgumentException e) {
        throw new IllegalStateException("Cannot size benchmark data file " + file, e);
      }
    }
    return total;
  }
}
