package dev.floe.it.spark;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;

import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;

/**
 * Every primitive type Spark can read, with nulls and edge values: extremes, NaN, infinities, -0.0,
 * empty strings and binaries, non-ASCII text, dates and timestamps before the epoch.
 */
final class TypeFixtures {
  static final int ROWS = 1000;

  /** The columns of {@link #SELECT_ALL_TYPES}, in order; ids follow the Iceberg schema below. */
  static final Schema ALL_TYPES =
      new Schema(
          required(1, "id", Types.LongType.get()),
          optional(2, "flag", Types.BooleanType.get()),
          optional(3, "i", Types.IntegerType.get()),
          optional(4, "l", Types.LongType.get()),
          optional(5, "f", Types.FloatType.get()),
          optional(6, "d", Types.DoubleType.get()),
          optional(7, "dec9", Types.DecimalType.of(9, 2)),
          optional(8, "dec18", Types.DecimalType.of(18, 6)),
          optional(9, "dec38", Types.DecimalType.of(38, 10)),
          optional(10, "day", Types.DateType.get()),
          optional(11, "ts_ntz", Types.TimestampType.withoutZone()),
          optional(12, "ts", Types.TimestampType.withZone()),
          optional(13, "s", Types.StringType.get()),
          optional(14, "u", Types.UUIDType.get()),
          optional(15, "fx", Types.FixedType.ofLength(16)),
          optional(16, "bin", Types.BinaryType.get()));

  /**
   * Rows for {@link #ALL_TYPES} over ids {@code {from}} to {@code {to}} (exclusive); uuid and fixed
   * come as string and binary.
   */
  static final String SELECT_ALL_TYPES =
      """
      SELECT id,
        CASE WHEN id % 11 = 0 THEN NULL ELSE id % 2 = 0 END,
        CASE id % 13 WHEN 0 THEN NULL WHEN 1 THEN 2147483647 WHEN 2 THEN -2147483648
          ELSE CAST(id * 7919 % 100000 - 50000 AS INT) END,
        CASE id % 17 WHEN 0 THEN NULL WHEN 1 THEN 9223372036854775807
          WHEN 2 THEN -9223372036854775808 ELSE id * 1000003 - 400000000 END,
        CASE id % 19 WHEN 0 THEN NULL WHEN 1 THEN CAST('NaN' AS FLOAT)
          WHEN 2 THEN CAST('Infinity' AS FLOAT) WHEN 3 THEN CAST('-Infinity' AS FLOAT)
          WHEN 4 THEN CAST('-0.0' AS FLOAT) WHEN 5 THEN CAST(0.0 AS FLOAT)
          ELSE CAST((id - 500) / 3.0 AS FLOAT) END,
        CASE id % 23 WHEN 0 THEN NULL WHEN 1 THEN CAST('NaN' AS DOUBLE)
          WHEN 2 THEN CAST('Infinity' AS DOUBLE) WHEN 3 THEN CAST('-Infinity' AS DOUBLE)
          WHEN 4 THEN CAST('-0.0' AS DOUBLE) WHEN 5 THEN 1.7976931348623157E308D
          ELSE (id - 500) / 7.0D END,
        CASE id % 29 WHEN 0 THEN NULL WHEN 1 THEN 9999999.99BD WHEN 2 THEN -9999999.99BD
          ELSE CAST((id - 500) * 1.37 AS DECIMAL(9, 2)) END,
        CASE id % 31 WHEN 0 THEN NULL WHEN 1 THEN 999999999999.999999BD
          ELSE CAST((id - 500) * 12345.678901 AS DECIMAL(18, 6)) END,
        CASE id % 37 WHEN 0 THEN NULL
          WHEN 1 THEN CAST('9999999999999999999999999999.9999999999' AS DECIMAL(38, 10))
          WHEN 2 THEN CAST('-9999999999999999999999999999.9999999999' AS DECIMAL(38, 10))
          ELSE CAST(concat(IF(id % 2 = 0, '-', ''), CAST(id * id * 1000003 AS STRING), '.',
            lpad(CAST(id AS STRING), 10, '0')) AS DECIMAL(38, 10)) END,
        CASE WHEN id % 41 = 0 THEN NULL
          ELSE date_add(DATE'1969-12-01', CAST(id * 37 % 40000 AS INT) - 20000) END,
        CASE WHEN id % 43 = 0 THEN NULL
          ELSE CAST(timestamp_micros((id - 500) * 86400000123 + id) AS TIMESTAMP_NTZ) END,
        CASE WHEN id % 47 = 0 THEN NULL ELSE timestamp_micros((id - 400) * 3600000001) END,
        CASE id % 53 WHEN 0 THEN NULL WHEN 1 THEN '' WHEN 2 THEN 'ünïcødé ✓ 表'
          ELSE concat('s-', CAST(id % 50 AS STRING)) END,
        CASE WHEN id % 59 = 0 THEN NULL
          ELSE lower(concat(lpad(hex(id), 8, '0'), '-0000-4000-8000-', lpad(hex(id * 31), 12, '0'))) END,
        CASE WHEN id % 61 = 0 THEN NULL ELSE unhex(lpad(hex(id * 2654435761), 32, '0')) END,
        CASE id % 67 WHEN 0 THEN NULL WHEN 1 THEN X'' ELSE unhex(hex(id * id)) END
      FROM range({from}, {to})
      """;

  private TypeFixtures() {}

  static String rows(long from, long to) {
    return SELECT_ALL_TYPES
        .replace("{from}", Long.toString(from))
        .replace("{to}", Long.toString(to));
  }

  static List<ReadFixture> create(FixtureWriter writer) {
    writer
        .spark()
        .catalog()
        .createTable(TableIdentifier.of(FixtureWriter.DATABASE, "types"), ALL_TYPES);
    writer.sql(
        "types",
        "INSERT INTO {t} " + rows(0, ROWS / 2),
        "INSERT INTO {t} SELECT /*+ REPARTITION(2) */ * FROM (" + rows(ROWS / 2, ROWS) + ")");
    return List.of(
        writer.fixture(
            "types",
            ROWS,
            ReadQuery.select("id", "dec9", "dec18", "dec38"),
            ReadQuery.select("day", "ts_ntz", "ts"),
            ReadQuery.select("u", "fx", "bin", "s"),
            ReadQuery.select("f", "d", "flag"),
            ReadQuery.where("i > 0"),
            ReadQuery.where("l < 0 OR l IS NULL").withColumns("id", "l"),
            ReadQuery.where("d > 10"),
            ReadQuery.where("f <= 0").withColumns("id", "f"),
            ReadQuery.where("isnan(d)"),
            ReadQuery.where("d IS NULL"),
            ReadQuery.where("s = 's-7'"),
            ReadQuery.where("s LIKE 's-1%'"),
            ReadQuery.where("s IN ('', 's-3', 'ünïcødé ✓ 表')"),
            ReadQuery.where("dec18 < 0 AND dec9 > -100"),
            ReadQuery.where("dec38 > 0").withColumns("dec38"),
            ReadQuery.where("day < DATE'1970-01-01'"),
            ReadQuery.where("ts >= TIMESTAMP'1970-01-10 00:00:00'"),
            ReadQuery.where("ts_ntz < TIMESTAMP_NTZ'1969-06-01 00:00:00'"),
            ReadQuery.where("flag"),
            ReadQuery.where("NOT flag").withColumns("i"),
            ReadQuery.where("bin IS NOT NULL AND fx IS NULL"),
            ReadQuery.where("id IN (1, 5, 999, 2000)"),
            ReadQuery.where("id BETWEEN 100 AND 200").withSplitSize(ReadFixture.SMALL_SPLIT_SIZE)));
  }
}
