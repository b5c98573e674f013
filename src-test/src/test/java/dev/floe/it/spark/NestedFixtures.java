package dev.floe.it.spark;

import java.util.List;

/**
 * Structs, lists, maps, lists of structs and maps of structs, with nulls at every level: a null
 * struct, a struct of nulls, null and empty lists and maps, null elements and values. Small pages
 * make repeated columns cross page boundaries mid-list.
 */
final class NestedFixtures {
  static final int ROWS = 3000;

  static final String NESTED_COLUMNS =
      "id bigint, s struct<a: int, b: string, inner: struct<x: double, y: array<int>>>,"
          + " arr array<string>, m map<string, int>, los array<struct<k: string, v: bigint>>,"
          + " mos map<int, struct<p: string, q: array<bigint>>>";

  static final String SELECT_NESTED =
      """
      SELECT id,
        CASE WHEN id % 7 = 0 THEN NULL
          WHEN id % 7 = 1 THEN named_struct('a', CAST(NULL AS INT), 'b', CAST(NULL AS STRING),
            'inner', CAST(NULL AS struct<x: double, y: array<int>>))
          ELSE named_struct('a', IF(id % 5 = 0, NULL, CAST(id AS INT)),
            'b', concat('b', CAST(id % 3 AS STRING)),
            'inner', IF(id % 6 = 0, NULL, named_struct('x', id / 2.0D,
              'y', CASE id % 4 WHEN 0 THEN NULL WHEN 1 THEN CAST(array() AS array<int>)
                ELSE array(CAST(id AS INT), NULL, CAST(id % 10 AS INT)) END))) END,
        CASE id % 5 WHEN 0 THEN NULL WHEN 1 THEN CAST(array() AS array<string>)
          WHEN 2 THEN array(CAST(NULL AS STRING))
          ELSE array('x', concat('y', CAST(id AS STRING)), NULL) END,
        CASE id % 4 WHEN 0 THEN NULL WHEN 1 THEN CAST(map() AS map<string, int>)
          ELSE map('k1', CAST(id AS INT), 'k2', CAST(NULL AS INT)) END,
        CASE id % 6 WHEN 0 THEN NULL
          WHEN 1 THEN CAST(array() AS array<struct<k: string, v: bigint>>)
          WHEN 2 THEN array(CAST(NULL AS struct<k: string, v: bigint>))
          ELSE array(named_struct('k', 'a', 'v', id), named_struct('k', CAST(NULL AS STRING),
            'v', CAST(NULL AS BIGINT)), named_struct('k', concat('c', CAST(id % 9 AS STRING)), 'v', -id)) END,
        CASE id % 3 WHEN 0 THEN NULL
          ELSE map(CAST(id % 100 AS INT), named_struct('p', concat('p', CAST(id AS STRING)),
            'q', IF(id % 2 = 0, NULL, sequence(id, id + id % 5))),
            -1, CAST(NULL AS struct<p: string, q: array<bigint>>)) END
      FROM range({from}, {to})
      """;

  private NestedFixtures() {}

  static List<ReadFixture> create(FixtureWriter writer) {
    writer.sql(
        "nested",
        "CREATE TABLE {t} ("
            + NESTED_COLUMNS
            + ") USING iceberg TBLPROPERTIES ("
            + "'write.parquet.page-row-limit' = '50', 'write.parquet.page-size-bytes' = '2048')",
        "INSERT INTO {t} " + rows(0, ROWS / 2),
        "INSERT INTO {t} SELECT /*+ REPARTITION(1) */ * FROM (" + rows(ROWS / 2, ROWS) + ")");
    return List.of(
        writer.fixture(
            "nested",
            ROWS,
            ReadQuery.select("id", "s"),
            ReadQuery.select("s.a", "s.inner.y"),
            ReadQuery.select("s.inner.x", "arr"),
            ReadQuery.select("m", "id"),
            ReadQuery.select("los"),
            ReadQuery.select("los.v", "mos"),
            ReadQuery.where("s.a > 100").withColumns("id", "s.b"),
            ReadQuery.where("s IS NULL").withColumns("id", "s"),
            ReadQuery.where("size(arr) > 1").withColumns("arr"),
            ReadQuery.where("m['k1'] < 50"),
            ReadQuery.where("id % 10 = 3").withSplitSize(ReadFixture.SMALL_SPLIT_SIZE)));
  }

  static String rows(long from, long to) {
    return SELECT_NESTED.replace("{from}", Long.toString(from)).replace("{to}", Long.toString(to));
  }
}
