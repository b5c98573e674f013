package dev.floe.it.spark;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Plain Parquet files written by Spark (no field ids) and added to Iceberg tables with {@code CALL
 * ice.system.add_files}, which sets {@code schema.name-mapping.default}: columns resolve by name.
 * Spark writes timestamps as INT96 unless told otherwise; a partitioned import keeps the identity
 * partition column only in the directory names, not in the files; a legacy-format import has
 * two-level lists and fixed-length decimals.
 */
final class ImportFixtures {
  static final int ROWS = 500;

  static final String IMPORT_COLUMNS =
      "id bigint, i int, d double, dec9 decimal(9, 2), dec38 decimal(38, 10), day date,"
          + " ts timestamp, ts_ntz timestamp_ntz, s string, bin binary, category string,"
          + " st struct<a: int, b: string>, arr array<int>, m map<string, int>";

  static final String SELECT_IMPORT =
      """
      SELECT /*+ REPARTITION(2) */ id, IF(id % 5 = 0, NULL, CAST(id * 3 AS INT)),
        IF(id % 7 = 0, CAST('NaN' AS DOUBLE), id / 3.0D), CAST((id - 250) * 1.25 AS DECIMAL(9, 2)),
        CAST((id - 250) * 123456789.0123456789 AS DECIMAL(38, 10)),
        IF(id % 11 = 0, NULL, date_add(DATE'1965-01-01', CAST(id * 41 AS INT))),
        IF(id % 13 = 0, NULL, timestamp_micros((id - 250) * 86400123456)),
        CAST(timestamp_micros(id * 3600000000) AS TIMESTAMP_NTZ),
        IF(id % 3 = 0, NULL, concat('s', CAST(id % 20 AS STRING))),
        IF(id % 4 = 0, NULL, unhex(hex(id * 77))),
        element_at(array('north', 'south', 'east'), CAST(id % 3 AS INT) + 1),
        IF(id % 6 = 0, NULL, named_struct('a', CAST(id AS INT), 'b', IF(id % 2 = 0, NULL, 'b'))),
        CASE id % 4 WHEN 0 THEN NULL WHEN 1 THEN CAST(array() AS array<int>)
          ELSE array(CAST(id AS INT), NULL) END,
        IF(id % 5 = 1, NULL, map('k', CAST(id AS INT)))
      FROM range(0, %d)
      """
          .replace("%d", Integer.toString(ROWS));

  /** Spark names the files' columns; the table's columns then resolve by these names. */
  private static final String[] COLUMN_NAMES = {
    "id", "i", "d", "dec9", "dec38", "day", "ts", "ts_ntz", "s", "bin", "category", "st", "arr", "m"
  };

  private ImportFixtures() {}

  static List<ReadFixture> create(FixtureWriter writer) {
    return List.of(
        imported(writer, "imported", Map.of(), "", ""),
        imported(
            writer, "imported_partitioned", Map.of(), "category", " PARTITIONED BY (category)"),
        imported(
            writer,
            "imported_legacy",
            Map.of(
                "spark.sql.parquet.writeLegacyFormat", "true",
                "spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS"),
            "",
            ""));
  }

  private static ReadFixture imported(
      FixtureWriter writer,
      String name,
      Map<String, String> writeConfiguration,
      String partitionColumn,
      String partitioning) {
    Path files = writer.spark().warehouse().resolve("imports").resolve(name);
    writeConfiguration.forEach((key, value) -> writer.session().conf().set(key, value));
    try {
      var rows = writer.session().sql(SELECT_IMPORT).toDF(COLUMN_NAMES).write();
      if (!partitionColumn.isEmpty()) {
        rows = rows.partitionBy(partitionColumn);
      }
      rows.parquet(files.toString());
    } finally {
      writeConfiguration.keySet().forEach(key -> writer.session().conf().unset(key));
    }
    writer.sql(
        name,
        "CREATE TABLE {t} (" + IMPORT_COLUMNS + ") USING iceberg" + partitioning,
        "CALL "
            + SharedSpark.CATALOG
            + ".system.add_files(table => '"
            + FixtureWriter.DATABASE
            + "."
            + name
            + "', source_table => '`parquet`.`"
            + files
            + "`')");
    return writer.fixture(
        name,
        ROWS,
        ReadQuery.select("id", "ts", "ts_ntz", "day"),
        ReadQuery.select("st.b", "arr", "m", "category"),
        ReadQuery.select("dec9", "dec38", "bin"),
        ReadQuery.where("category = 'south'"),
        ReadQuery.where("ts < TIMESTAMP'1970-01-01 00:00:00'").withColumns("id", "ts"),
        ReadQuery.where("i > 600 AND s IS NOT NULL"),
        ReadQuery.where("dec38 < 0").withColumns("dec38"),
        ReadQuery.where("id % 50 = 0").withSplitSize(ReadFixture.SMALL_SPLIT_SIZE));
  }
}
