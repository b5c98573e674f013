package dev.floe.bench;

import java.util.Locale;
import org.apache.spark.sql.SparkSession;

/**
 * The issue-8 suite's nested-column table: {@code rows} rows of a struct, an array and a map,
 * written by Iceberg's Spark SQL (format v2, zstd, unpartitioned) into {@code files} data files,
 * every value a function of the row number. No array is null, so {@code size(tags)} never answers
 * Spark's -1 for null.
 */
record NestedTable(long rows, int files) implements GeneratedTable {
  static final String NAME = "nested";
  static final String COLUMNS =
      "id bigint, item struct<quantity: int, label: string, weight: double>, tags array<int>,"
          + " attributes map<string, int>";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String label() {
    return NAME;
  }

  @Override
  public String layout() {
    return String.format(Locale.ROOT, "nested generation=1 rows=%d files=%d", rows, files);
  }

  @Override
  public String description() {
    return "columns `" + COLUMNS + "`";
  }

  @Override
  public void write(SparkSession spark, String identifier) {
    spark.sql(
        "CREATE TABLE "
            + identifier
            + " ("
            + COLUMNS
            + ") USING iceberg TBLPROPERTIES ('format-version'='2',"
            + " 'write.parquet.compression-codec'='zstd')");
    spark.sql(
        String.format(
            Locale.ROOT,
            """
            INSERT INTO %s SELECT /*+ REPARTITION(%d) */ id,
              named_struct('quantity', CAST(pmod(xxhash64(id, 1), 1000) AS INT),
                'label', concat('item-', CAST(pmod(xxhash64(id, 2), 100000) AS STRING)),
                'weight', CAST(pmod(xxhash64(id, 3), 10000) AS DOUBLE) / 8),
              sequence(0, CAST(pmod(xxhash64(id, 4), 6) AS INT)),
              map_from_arrays(
                slice(array('colour', 'size', 'shape', 'grade'), 1,
                  CAST(pmod(xxhash64(id, 5), 4) AS INT) + 1),
                slice(array(CAST(id %% 7 AS INT), CAST(id %% 11 AS INT), CAST(id %% 13 AS INT),
                  CAST(id %% 17 AS INT)), 1, CAST(pmod(xxhash64(id, 5), 4) AS INT) + 1))
            FROM range(0, %d, 1, %d)
            """,
            identifier,
            files,
            rows,
            files));
  }
}
