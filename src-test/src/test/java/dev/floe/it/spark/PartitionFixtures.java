package dev.floe.it.spark;

import java.util.List;

/**
 * One table per partition transform (identity, bucket, truncate, year, month, day, hour), each with
 * null partition values, read with filters on the partition source (pruned by the transform) and on
 * other columns.
 */
final class PartitionFixtures {
  static final int ROWS = 600;

  static final String EVENT_COLUMNS =
      "id bigint, k int, n int, name string, category string, amount decimal(18, 6), dt date,"
          + " ts timestamp, ts_ntz timestamp_ntz, score double";

  /**
   * Rows for {@link #EVENT_COLUMNS}: {@code dt} spans 2021 to 2023 (20 months), {@code ts} about 51
   * hours over three days, {@code ts_ntz} about four years. Few partitions keep the suite quick.
   */
  static final String SELECT_EVENTS =
      """
      SELECT id, CAST(id % 3 AS INT), CAST(id % 97 AS INT), concat('name-', CAST(id % 37 AS STRING)),
        CASE WHEN id % 13 = 0 THEN NULL
          ELSE element_at(array('red', 'green', 'blue', 'cyan'), CAST(id % 4 AS INT) + 1) END,
        CAST((id - 300) * 3.25 AS DECIMAL(18, 6)),
        CASE WHEN id % 17 = 0 THEN NULL ELSE date_add(DATE'2021-06-01', CAST(id AS INT)) END,
        CASE WHEN id % 19 = 0 THEN NULL ELSE timestamp_micros(1700000000000000 + id % 150 * 1234567890 + id) END,
        CASE WHEN id % 23 = 0 THEN NULL
          ELSE CAST(timestamp_micros(1600000000000000 + id * 200000000000) AS TIMESTAMP_NTZ) END,
        CASE WHEN id % 7 = 0 THEN NULL ELSE id / 4.0D END
      FROM range({from}, {to})
      """;

  private PartitionFixtures() {}

  static String events(long from, long to) {
    return SELECT_EVENTS.replace("{from}", Long.toString(from)).replace("{to}", Long.toString(to));
  }

  static List<ReadFixture> create(FixtureWriter writer) {
    return List.of(
        partitioned(
            writer,
            "part_identity",
            "category, k",
            ReadQuery.where("category = 'red'"),
            ReadQuery.where("category IS NULL"),
            ReadQuery.where("category IN ('red', 'blue') AND k = 1"),
            ReadQuery.where("k = 2 AND n > 50").withColumns("id", "n"),
            ReadQuery.select("category", "k"),
            ReadQuery.select("category").withSplitSize(ReadFixture.SMALL_SPLIT_SIZE)),
        partitioned(
            writer,
            "part_bucket",
            "bucket(4, id), bucket(3, name)",
            ReadQuery.where("id = 17"),
            ReadQuery.where("id IN (1, 2, 3, 400)"),
            ReadQuery.where("name = 'name-5'"),
            ReadQuery.where("name <> 'name-5' AND id < 100").withColumns("name")),
        partitioned(
            writer,
            "part_truncate",
            "truncate(6, name), truncate(50, n)",
            ReadQuery.where("name LIKE 'name-1%'"),
            ReadQuery.where("name = 'name-22'"),
            ReadQuery.where("n < 50"),
            ReadQuery.where("n >= 60 AND amount > 0").withColumns("n", "amount")),
        partitioned(
            writer,
            "part_year",
            "years(ts_ntz)",
            ReadQuery.where("ts_ntz >= TIMESTAMP_NTZ'2022-01-01 00:00:00'"),
            ReadQuery.where("ts_ntz < TIMESTAMP_NTZ'2021-03-01 12:00:00' OR ts_ntz IS NULL"),
            ReadQuery.select("ts_ntz", "id")),
        partitioned(
            writer,
            "part_month",
            "months(dt)",
            ReadQuery.where("dt >= DATE'2022-12-01'"),
            ReadQuery.where("dt = DATE'2022-06-03'"),
            ReadQuery.where("dt IS NULL").withColumns("dt", "id"),
            ReadQuery.where("dt BETWEEN DATE'2022-01-15' AND DATE'2022-03-15' AND score > 10")),
        partitioned(
            writer,
            "part_day",
            "days(ts)",
            ReadQuery.where(
                "ts >= TIMESTAMP'2023-11-15 00:00:00' AND ts < TIMESTAMP'2023-11-16 00:00:00'"),
            ReadQuery.where("CAST(ts AS DATE) = DATE'2023-11-16'"),
            ReadQuery.where("ts IS NULL OR id < 10").withColumns("ts")),
        partitioned(
            writer,
            "part_hour",
            "hours(ts)",
            ReadQuery.where("ts > TIMESTAMP'2023-11-16 05:30:00'"),
            ReadQuery.where("ts = timestamp_micros(1700000000000000 + 17L * 1234567890 + 17)"),
            ReadQuery.where("hour(ts) = 3").withColumns("id", "ts")));
  }

  private static ReadFixture partitioned(
      FixtureWriter writer, String name, String partitioning, ReadQuery... queries) {
    writer.sql(
        name,
        "CREATE TABLE {t} ("
            + EVENT_COLUMNS
            + ") USING iceberg PARTITIONED BY ("
            + partitioning
            + ")",
        "INSERT INTO {t} " + events(0, ROWS / 2),
        "INSERT INTO {t} " + events(ROWS / 2, ROWS));
    return writer.fixture(name, ROWS, queries);
  }
}
