package dev.floe.it.spark;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Blob;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Struct;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * DuckDB in process (its JDBC driver, a native library inside the jar): writes Parquet files with
 * DuckDB's own Parquet writer, and reads them back with DuckDB's own reader as {@link
 * ComparableRows}, the oracle a read through Floe is compared with. One in-memory database, one
 * connection; the session time zone is UTC, so {@code TIMESTAMP -> TIMESTAMPTZ} casts in a fixture
 * do not depend on the machine.
 */
final class DuckDbParquet implements AutoCloseable {
  private final Connection connection;

  private DuckDbParquet(Connection connection) {
    this.connection = connection;
  }

  static DuckDbParquet open() {
    try {
      Connection connection = DriverManager.getConnection("jdbc:duckdb:");
      try (Statement statement = connection.createStatement()) {
        statement.execute("SET TimeZone = 'UTC'");
      }
      return new DuckDbParquet(connection);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot start DuckDB in process", e);
    }
  }

  /** DuckDB's version, as {@code SELECT version()} gives it ({@code v1.4.4}). */
  String version() {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT version()")) {
      result.next();
      return result.getString(1);
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot ask DuckDB for its version", e);
    }
  }

  /** The Parquet format options of DuckDB's {@code COPY ... TO}. */
  enum ParquetVersion {
    /** Plain and dictionary encodings only. */
    V1,
    /** DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY and BYTE_STREAM_SPLIT too. */
    V2;

    String keyword() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** DuckDB's compression options, with the codec its files then name in their footers. */
  enum Codec {
    UNCOMPRESSED("uncompressed", "UNCOMPRESSED"),
    SNAPPY("snappy", "SNAPPY"),
    GZIP("gzip", "GZIP"),
    ZSTD("zstd", "ZSTD"),
    /** DuckDB's {@code lz4} writes LZ4_RAW as well: Parquet's deprecated framed LZ4 never. */
    LZ4_RAW("lz4_raw", "LZ4_RAW"),
    BROTLI("brotli", "BROTLI");

    private final String keyword;
    private final String footerName;

    Codec(String keyword, String footerName) {
      this.keyword = keyword;
      this.footerName = footerName;
    }

    String keyword() {
      return keyword;
    }

    /** The name of the codec in the file's column chunk metadata. */
    String footerName() {
      return footerName;
    }
  }

  /**
   * Writes the rows of {@code select} to {@code file}. DuckDB cuts row groups only at the end of
   * one of its 2048-row vectors, so {@code rowGroupSize} rows, a multiple of 2048, is what each row
   * group but the last holds.
   */
  void write(String select, Path file, ParquetVersion version, Codec codec, int rowGroupSize) {
    String copy =
        "COPY ("
            + select
            + ") TO '"
            + file
            + "' (FORMAT parquet, PARQUET_VERSION "
            + version.keyword()
            + ", COMPRESSION "
            + codec.keyword()
            + ", ROW_GROUP_SIZE "
            + rowGroupSize
            + ")";
    try (Statement statement = connection.createStatement()) {
      statement.execute(copy);
    } catch (SQLException e) {
      throw new IllegalStateException("DuckDB cannot write " + file + ": " + copy, e);
    }
  }

  /** The single value of a query, as JDBC gives it. */
  Object queryValue(String query) {
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(query)) {
      result.next();
      return result.getObject(1);
    } catch (SQLException e) {
      throw new IllegalStateException("DuckDB cannot run " + query, e);
    }
  }

  /**
   * DuckDB's read of {@code columns} of {@code file}, the rows that match {@code filter} (DuckDB's
   * SQL; empty for every row), in the file's row order, as comparable values (see {@link
   * #comparable}).
   */
  ComparableRows read(Path file, List<String> columns, String filter) {
    String query =
        "SELECT "
            + columns.stream().map(column -> '"' + column + '"').collect(Collectors.joining(", "))
            + " FROM read_parquet('"
            + file
            + "', file_row_number = true)"
            + (filter.isEmpty() ? "" : " WHERE " + filter)
            + " ORDER BY file_row_number";
    List<List<Object>> rows = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(query)) {
      ResultSetMetaData metadata = result.getMetaData();
      while (result.next()) {
        List<Object> row = new ArrayList<>(columns.size());
        for (int column = 1; column <= columns.size(); column++) {
          row.add(topLevelValue(result, column, metadata.getColumnTypeName(column)));
        }
        rows.add(row);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("DuckDB cannot read " + file + ": " + query, e);
    }
    return new ComparableRows(columns, rows);
  }

  /**
   * The positions in {@code file} (0 for its first row) of the rows that match {@code filter},
   * DuckDB's SQL, in order.
   */
  List<Long> matchingRows(Path file, String filter) {
    String query =
        "SELECT file_row_number FROM read_parquet('"
            + file
            + "', file_row_number = true) WHERE "
            + filter
            + " ORDER BY file_row_number";
    List<Long> positions = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(query)) {
      while (result.next()) {
        positions.add(result.getLong(1));
      }
    } catch (SQLException e) {
      throw new IllegalStateException("DuckDB cannot filter " + file + ": " + query, e);
    }
    return positions;
  }

  /**
   * Zone-less timestamps are asked for as {@link LocalDateTime}: the driver's default, {@link
   * java.sql.Timestamp}, goes through the JVM's time zone. DuckDB reads millisecond and second
   * columns as its microsecond TIMESTAMP; a nanosecond one keeps its nanoseconds, and Floe reads
   * Iceberg's {@code timestamp_ns} into Spark's microseconds rounding towards the past, which is
   * what truncating a {@link LocalDateTime} (its nanosecond-of-second is never negative) does.
   */
  private static Object topLevelValue(ResultSet result, int column, String type)
      throws SQLException {
    if (result.getObject(column) == null) {
      return null;
    }
    return switch (type) {
      case "TIMESTAMP", "TIMESTAMP_MS", "TIMESTAMP_S" ->
          result.getObject(column, LocalDateTime.class);
      case "TIMESTAMP_NS" ->
          result.getObject(column, LocalDateTime.class).truncatedTo(ChronoUnit.MICROS);
      default -> comparable(result.getObject(column));
    };
  }

  /**
   * A value as DuckDB's driver returns it, in the form {@link ComparableRows} gives Spark's value
   * of the Iceberg type the column has:
   *
   * <ul>
   *   <li>TINYINT ({@link Byte}), SMALLINT and UTINYINT ({@link Short}): an {@link Integer}, since
   *       Iceberg's narrowest integer is {@code int}; USMALLINT ({@link Integer}) as it is, an
   *       {@code int}; UINTEGER ({@link Long}) as it is, a {@code long}: the unsigned value,
   *       widened.
   *   <li>UBIGINT ({@link BigInteger}): a {@link BigDecimal} of scale 0, as {@code decimal(20, 0)}.
   *   <li>TIME ({@link LocalTime}): a {@link Long} of microseconds since midnight, Floe's Spark
   *       type for Iceberg's {@code time}.
   *   <li>TIMESTAMPTZ ({@link OffsetDateTime}): its {@link java.time.Instant}.
   *   <li>UUID: its canonical text, Spark's string for Iceberg's {@code uuid}.
   *   <li>BLOB: its {@link Bytes}.
   *   <li>STRUCT: the list of its field values, in order; LIST: the list of its elements; MAP: a
   *       map (equal to another whatever the order of its entries).
   *   <li>BOOLEAN, INTEGER, BIGINT, FLOAT, DOUBLE (NaN and -0.0 as they are: boxed floating point
   *       values are equal when their bits are), DECIMAL ({@link BigDecimal} of the column's
   *       scale), VARCHAR, DATE ({@link LocalDate}): as they are.
   * </ul>
   */
  static Object comparable(Object value) {
    if (value == null
        || value instanceof Boolean
        || value instanceof Integer
        || value instanceof Long
        || value instanceof Float
        || value instanceof Double
        || value instanceof BigDecimal
        || value instanceof String
        || value instanceof LocalDate) {
      return value;
    }
    if (value instanceof Byte narrow) {
      return (int) narrow;
    }
    if (value instanceof Short narrow) {
      return (int) narrow;
    }
    if (value instanceof BigInteger unsigned) {
      return new BigDecimal(unsigned);
    }
    if (value instanceof LocalTime time) {
      return time.toNanoOfDay() / 1000L;
    }
    if (value instanceof OffsetDateTime instant) {
      return instant.toInstant();
    }
    if (value instanceof UUID uuid) {
      return uuid.toString();
    }
    try {
      if (value instanceof Blob blob) {
        return new Bytes(blob.getBytes(1, Math.toIntExact(blob.length())));
      }
      if (value instanceof Struct struct) {
        return Arrays.stream(struct.getAttributes()).map(DuckDbParquet::comparable).toList();
      }
      if (value instanceof java.sql.Array array) {
        return Arrays.stream((Object[]) array.getArray()).map(DuckDbParquet::comparable).toList();
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot read DuckDB's " + value.getClass().getName(), e);
    }
    if (value instanceof Map<?, ?> map) {
      Map<Object, Object> entries = new LinkedHashMap<>();
      map.forEach((key, entry) -> entries.put(comparable(key), comparable(entry)));
      return entries;
    }
    throw new IllegalArgumentException(
        "No comparable form for DuckDB's " + value.getClass().getName() + ": " + value);
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot close DuckDB", e);
    }
  }
}
