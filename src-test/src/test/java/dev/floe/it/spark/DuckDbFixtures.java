package dev.floe.it.spark;

import java.util.List;

/**
 * The rows DuckDB writes for {@link TestFloeReadsDuckDbParquet}: {@link #ROWS} rows in row groups
 * of {@link #ROW_GROUP_SIZE}, every column with nulls, values at the edges of their types, unsigned
 * values past the signed range of their width, and a string column {@code s} of a few values in the
 * first row group (a dictionary) and distinct ones after it (plain, or delta in version 2). UBIGINT
 * has a file of its own ({@link #SELECT_UNSIGNED_BIGINT}): its table type decides whether it can be
 * read at all.
 */
final class DuckDbFixtures {
  static final int ROWS = 5000;
  static final int ROW_GROUP_SIZE = 2048;

  /** The columns of {@link #SELECT_ALL_TYPES}, in order. */
  static final List<String> COLUMNS =
      List.of(
          "id",
          "flag",
          "tiny",
          "small",
          "int_value",
          "big",
          "utiny",
          "usmall",
          "uint",
          "f",
          "d",
          "dec4",
          "dec18",
          "dec38",
          "s",
          "bin",
          "day",
          "t",
          "ts",
          "tstz",
          "ts_ms",
          "ts_ns",
          "ts_s",
          "u",
          "st",
          "arr",
          "m",
          "structs");

  /**
   * Every DuckDB type that has a Parquet form an Iceberg table can hold, but UBIGINT. {@code md5}
   * gives many distinct strings, blobs and UUIDs; {@code make_timestamp} takes microseconds and
   * {@code make_timestamp_ns} nanoseconds since the epoch; {@code [1:n]} slices a list.
   */
  static final String SELECT_ALL_TYPES =
      """
      SELECT
        i::BIGINT AS id,
        CASE WHEN i % 11 = 0 THEN NULL ELSE i % 3 = 0 END AS flag,
        (CASE i % 13 WHEN 0 THEN NULL WHEN 1 THEN 127 WHEN 2 THEN -128
          ELSE i % 200 - 100 END)::TINYINT AS tiny,
        (CASE i % 17 WHEN 0 THEN NULL WHEN 1 THEN 32767 WHEN 2 THEN -32768
          ELSE i * 7 % 60000 - 30000 END)::SMALLINT AS small,
        (CASE i % 19 WHEN 0 THEN NULL WHEN 1 THEN 2147483647 WHEN 2 THEN -2147483648
          ELSE i * 7919 % 100000 - 50000 END)::INTEGER AS int_value,
        (CASE i % 23 WHEN 0 THEN NULL WHEN 1 THEN 9223372036854775807
          WHEN 2 THEN -9223372036854775808 ELSE i * 1000003 - 400000000 END)::BIGINT AS big,
        (CASE i % 29 WHEN 0 THEN NULL WHEN 1 THEN 255 ELSE i % 256 END)::UTINYINT AS utiny,
        (CASE i % 31 WHEN 0 THEN NULL WHEN 1 THEN 65535 ELSE i * 7 % 65536 END)::USMALLINT AS usmall,
        (CASE i % 37 WHEN 0 THEN NULL WHEN 1 THEN 4294967295 WHEN 2 THEN 3813772463 WHEN 3 THEN 0
          ELSE i * 2654435761 % 4294967296 END)::UINTEGER AS uint,
        CASE i % 41 WHEN 0 THEN NULL WHEN 1 THEN 'NaN'::FLOAT WHEN 2 THEN 'Infinity'::FLOAT
          WHEN 3 THEN '-Infinity'::FLOAT WHEN 4 THEN '-0.0'::FLOAT WHEN 5 THEN 0.0::FLOAT
          ELSE ((i - 2500) / 3.0)::FLOAT END AS f,
        CASE i % 43 WHEN 0 THEN NULL WHEN 1 THEN 'NaN'::DOUBLE WHEN 2 THEN 'Infinity'::DOUBLE
          WHEN 3 THEN '-Infinity'::DOUBLE WHEN 4 THEN '-0.0'::DOUBLE WHEN 5 THEN 0.0::DOUBLE
          WHEN 6 THEN 1.7976931348623157E308 WHEN 7 THEN 4.9E-324
          ELSE (i - 2500) / 7.0 END AS d,
        (CASE i % 47 WHEN 0 THEN NULL WHEN 1 THEN 99.99 WHEN 2 THEN -99.99
          ELSE (i * 37 % 19999 - 9999) / 100.0 END)::DECIMAL(4, 2) AS dec4,
        (CASE i % 53 WHEN 0 THEN NULL WHEN 1 THEN 999999999999.999999
          WHEN 2 THEN -999999999999.999999 ELSE (i - 2500) * 12345.678901 END)::DECIMAL(18, 6) AS dec18,
        CASE i % 59 WHEN 0 THEN NULL
          WHEN 1 THEN '9999999999999999999999999999.9999999999'::DECIMAL(38, 10)
          WHEN 2 THEN '-9999999999999999999999999999.9999999999'::DECIMAL(38, 10)
          ELSE ((CASE WHEN i % 2 = 0 THEN '-' ELSE '' END) || (i::HUGEINT * i * 1000003 * 1000000007)
            || '.' || lpad(i::VARCHAR, 10, '0'))::DECIMAL(38, 10) END AS dec38,
        CASE WHEN i % 61 = 0 THEN NULL WHEN i % 61 = 1 THEN '' WHEN i % 61 = 2 THEN 'ünïcødé ✓ 表'
          WHEN i < 2048 THEN 's-' || (i % 50) ELSE 'distinct-' || i || '-' || md5(i::VARCHAR) END AS s,
        CASE WHEN i % 67 = 0 THEN NULL WHEN i % 67 = 1 THEN ''::BLOB
          ELSE unhex(md5(i::VARCHAR))[1:1 + i % 16] END AS bin,
        CASE WHEN i % 71 = 0 THEN NULL
          ELSE DATE '1969-12-01' + (i * 37 % 40000 - 20000)::INTEGER END AS day,
        CASE WHEN i % 73 = 0 THEN NULL WHEN i % 73 = 1 THEN TIME '23:59:59.999999'
          ELSE TIME '00:00:00' + INTERVAL (i * 17280013 % 86400000000) MICROSECOND END AS t,
        CASE WHEN i % 79 = 0 THEN NULL ELSE make_timestamp((i - 2500) * 86400000123 + i) END AS ts,
        CASE WHEN i % 83 = 0 THEN NULL
          ELSE make_timestamp((i - 2000) * 3600000001)::TIMESTAMPTZ END AS tstz,
        CASE WHEN i % 89 = 0 THEN NULL
          ELSE make_timestamp((i - 2500) * 86400123000 + i * 1000)::TIMESTAMP_MS END AS ts_ms,
        CASE WHEN i % 97 = 0 THEN NULL
          ELSE make_timestamp_ns((i - 2500) * 86400123456789 + i * 7) END AS ts_ns,
        CASE WHEN i % 101 = 0 THEN NULL
          ELSE make_timestamp((i - 2500) * 86400000000 + i * 1000000)::TIMESTAMP_S END AS ts_s,
        CASE WHEN i % 103 = 0 THEN NULL ELSE md5(i::VARCHAR)::UUID END AS u,
        CASE WHEN i % 107 = 0 THEN NULL
          ELSE {'a': i::INTEGER, 'b': CASE WHEN i % 2 = 0 THEN NULL ELSE 'b-' || (i % 7) END,
            'inner': CASE WHEN i % 5 = 0 THEN NULL ELSE {'c': i / 4.0} END} END AS st,
        CASE i % 6 WHEN 0 THEN NULL WHEN 1 THEN []::INTEGER[] WHEN 2 THEN [NULL]::INTEGER[]
          ELSE [i::INTEGER, NULL, (i * 3)::INTEGER][1:1 + i % 4] END AS arr,
        CASE i % 7 WHEN 0 THEN NULL WHEN 1 THEN MAP {}::MAP(VARCHAR, INTEGER)
          ELSE MAP {'k' || (i % 3): i::INTEGER, 'z': CASE WHEN i % 2 = 0 THEN NULL ELSE 1 END} END AS m,
        CASE i % 5 WHEN 0 THEN NULL WHEN 1 THEN []
          ELSE [{'x': i::INTEGER, 'y': 'y-' || i}, NULL, {'x': NULL, 'y': NULL}][1:i % 5] END AS structs
      FROM range(%d) AS rows(i)
      """
          .replace("%d", Integer.toString(ROWS));

  /** The columns of {@link #SELECT_UNSIGNED_BIGINT}. */
  static final List<String> UNSIGNED_COLUMNS = List.of("id", "ubig_value");

  /**
   * UBIGINT from 0 to 2^64 - 1, more than half of it past 2^63 - 1 (negative as a signed long): a
   * few values over and over in the first row group (a dictionary), all distinct after it.
   */
  static final String SELECT_UNSIGNED_BIGINT =
      """
      SELECT i::BIGINT AS id,
        CASE i % 11 WHEN 0 THEN NULL WHEN 1 THEN 18446744073709551615 WHEN 2 THEN 9223372036854775808
          WHEN 3 THEN 9223372036854775807 WHEN 4 THEN 0
          WHEN 5 THEN (CASE WHEN i < 2048 THEN 18446744073709551615 - i % 10 ELSE 12345678901234567890 END)
          ELSE (CASE WHEN i < 2048 THEN 18446744073709551000 + i % 7
            ELSE i::HUGEINT * 3689348814741910 % 18446744073709551616 END) END::UBIGINT AS ubig_value
      FROM range(%d) AS rows(i)
      """
          .replace("%d", Integer.toString(ROWS));

  private DuckDbFixtures() {}
}
