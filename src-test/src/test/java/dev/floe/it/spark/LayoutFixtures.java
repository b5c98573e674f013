package dev.floe.it.spark;

import java.util.List;

/**
 * Parquet layouts a reader must get right: many row groups and pages per file, dictionary-encoded
 * columns, columns written without a dictionary, columns whose dictionary overflows mid-chunk (the
 * first pages dictionary-encoded, the rest plain), and every codec Iceberg writes.
 */
final class LayoutFixtures {
  static final int ROWS = 20_000;

  static final String LAYOUT_COLUMNS =
      "id bigint, n int, name string, low string, amount double, price decimal(10, 2), tags array<string>";

  /**
   * {@code name} repeats each value four times: Parquet keeps a dictionary only if it pays off on
   * the first page, and then it grows until the dictionary size limit makes the writer fall back.
   */
  static final String SELECT_LAYOUT =
      """
      SELECT id, CAST(id * 7 % 1000 AS INT), concat('name-', CAST(id DIV 4 * 7919 % 100003 AS STRING)),
        IF(id % 10 = 0, NULL, element_at(array('alpha', 'beta', 'gamma'), CAST(id % 3 AS INT) + 1)),
        IF(id % 9 = 0, NULL, id * 0.25D), CAST(id % 5000 * 1.01 AS DECIMAL(10, 2)),
        IF(id % 4 = 0, NULL, array(concat('t', CAST(id % 6 AS STRING)), 'u'))
      FROM range({from}, {to})
      """;

  private LayoutFixtures() {}

  static List<ReadFixture> create(FixtureWriter writer) {
    return List.of(
        layout(
            "row_groups",
            writer,
            "'write.parquet.row-group-size-bytes' = '16384',"
                + " 'write.parquet.row-group-check-min-record-count' = '50',"
                + " 'write.parquet.row-group-check-max-record-count' = '200',"
                + " 'write.parquet.page-size-bytes' = '1024', 'write.parquet.page-row-limit' = '64'",
            ReadQuery.where("id BETWEEN 5000 AND 5100"),
            ReadQuery.where("n = 7").withColumns("id", "name"),
            ReadQuery.where("id % 1000 = 1").withSplitSize(8192),
            ReadQuery.select("id", "_pos", "_file").withSplitSize(8192)),
        layout(
            "no_dictionary",
            writer,
            "'write.parquet.dict-size-bytes' = '1', 'write.parquet.page-row-limit' = '1000'",
            ReadQuery.where("low = 'beta'"),
            ReadQuery.where("name = 'name-7919'")),
        layout(
            "dictionary_fallback",
            writer,
            "'write.parquet.dict-size-bytes' = '32768', 'write.parquet.page-row-limit' = '100',"
                + " 'write.parquet.page-size-bytes' = '2048'",
            ReadQuery.where("name > 'name-9'"),
            ReadQuery.where("low IS NULL").withColumns("id", "low")),
        codecs(writer));
  }

  private static ReadFixture layout(
      String name, FixtureWriter writer, String properties, ReadQuery... queries) {
    writer.sql(
        name,
        "CREATE TABLE {t} ("
            + LAYOUT_COLUMNS
            + ") USING iceberg TBLPROPERTIES ("
            + properties
            + ")",
        "INSERT INTO {t} SELECT /*+ REPARTITION(1) */ * FROM (" + rows(0, ROWS) + ")");
    return writer.fixture(name, ROWS, queries);
  }

  /** One file per codec in one table. */
  private static ReadFixture codecs(FixtureWriter writer) {
    List<String> codecs = List.of("zstd", "snappy", "gzip", "uncompressed");
    writer.sql("codecs", "CREATE TABLE {t} (" + LAYOUT_COLUMNS + ") USING iceberg");
    int rowsPerCodec = 2000;
    for (int index = 0; index < codecs.size(); index++) {
      writer.sql(
          "codecs",
          "ALTER TABLE {t} SET TBLPROPERTIES ('write.parquet.compression-codec' = '"
              + codecs.get(index)
              + "')",
          "INSERT INTO {t} SELECT /*+ REPARTITION(1) */ * FROM ("
              + rows((long) index * rowsPerCodec, (long) (index + 1) * rowsPerCodec)
              + ")");
    }
    return writer.fixture(
        "codecs",
        (long) codecs.size() * rowsPerCodec,
        ReadQuery.where("id % 500 = 0"),
        ReadQuery.select("tags", "price"));
  }

  static String rows(long from, long to) {
    return SELECT_LAYOUT.replace("{from}", Long.toString(from)).replace("{to}", Long.toString(to));
  }
}
