package dev.floe.bench;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;

/**
 * The issue-8 suite's wide table: {@code rows} rows of {@value #COLUMNS} columns {@code c000} to
 * {@code c199}, their types cycling through {@link ColumnType}'s six, half of them of 100 values
 * and half of many, every fifth 10 % null, every value a hash of the row number and the column's
 * index. Written by Iceberg's Spark SQL (format v2, zstd, unpartitioned) from {@code range} in
 * {@code files} slices, one data file each (no shuffle: {@code write.distribution-mode=none}), so
 * nothing is built on the driver.
 *
 * <p>Its case reads 5 of the 200 columns ({@link #PROJECTED}): a reader that pays for the columns
 * it skips (200 column chunks per row group in every footer, the schema of 200 fields) shows it
 * here.
 */
record WideTable(long rows, int files) implements GeneratedTable {
  static final String NAME = "wide";
  static final int COLUMNS = 200;

  /** The columns the case reads, spread over the schema: five of the six types. */
  static final List<Integer> PROJECTED = List.of(3, 50, 100, 149, 199);

  /** A column's type, chosen by its index, and how its values are made from a 64-bit hash. */
  enum ColumnType {
    BIGINT,
    INT,
    DOUBLE,
    DECIMAL,
    STRING,
    DATE;

    static ColumnType of(int column) {
      return values()[column % values().length];
    }

    String sqlType() {
      return switch (this) {
        case BIGINT -> "bigint";
        case INT -> "int";
        case DOUBLE -> "double";
        case DECIMAL -> "decimal(12, 2)";
        case STRING -> "string";
        case DATE -> "date";
      };
    }

    /**
     * The value from hash {@code h}: of few values (100, dictionary-encoded) in half the columns
     * ({@link WideTable#fewValues}), of many in the others. Doubles are whole eighths, so their
     * sums are exact in any order: readers that split the rows differently still answer the same.
     */
    String value(String h, int column) {
      boolean few = fewValues(column);
      return switch (this) {
        case BIGINT -> "pmod(" + h + ", " + (few ? 100 : 10_000_000_000L) + ")";
        case INT -> "CAST(pmod(" + h + ", " + (few ? 100 : 1_000_000) + ") AS INT)";
        case DOUBLE -> "CAST(pmod(" + h + ", " + (few ? 100 : 8_000_000) + ") AS DOUBLE) / 8";
        case DECIMAL ->
            "CAST(CAST(pmod("
                + h
                + ", "
                + (few ? 100 : 100_000_000)
                + ") AS DECIMAL(18, 0)) / 100 AS DECIMAL(12, 2))";
        case STRING ->
            "concat('v', CAST(pmod(" + h + ", " + (few ? 100 : 100_000_000) + ") AS STRING))";
        case DATE ->
            "date_add(DATE '2000-01-01', CAST(pmod("
                + h
                + ", "
                + (few ? 100 : 10_000)
                + ") AS INT))";
      };
    }

    /** An aggregate of the column whose answer does not depend on the order rows arrive in. */
    String aggregate(String column) {
      return switch (this) {
        case BIGINT, INT, DOUBLE, DECIMAL -> "sum(" + column + ")";
        case STRING -> "sum(length(" + column + "))";
        case DATE -> "max(" + column + ")";
      };
    }
  }

  static String columnName(int column) {
    return String.format(Locale.ROOT, "c%03d", column);
  }

  /**
   * Whether the column holds 100 values rather than many: two columns in four, a cycle that with
   * the six types' gives every type both.
   */
  static boolean fewValues(int column) {
    return column % 4 < 2;
  }

  static boolean nullable(int column) {
    return column % 5 == 4;
  }

  /** The case's aggregates: {@code count(*)} and one per projected column. */
  static List<String> projectedAggregates() {
    return Stream.concat(
            Stream.of("count(*)"),
            PROJECTED.stream().map(column -> ColumnType.of(column).aggregate(columnName(column))))
        .toList();
  }

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
    return String.format(Locale.ROOT, "wide generation=2 rows=%d files=%d", rows, files);
  }

  @Override
  public String description() {
    return COLUMNS
        + " columns `c000`-`c199` cycling bigint, int, double, decimal(12,2), string, date;"
        + " half of 100 values, half of many; every fifth 10 % null";
  }

  @Override
  public void write(SparkSession spark, String identifier) {
    String columns =
        IntStream.range(0, COLUMNS)
            .mapToObj(column -> columnName(column) + " " + ColumnType.of(column).sqlType())
            .collect(Collectors.joining(", "));
    spark.sql(
        "CREATE TABLE "
            + identifier
            + " ("
            + columns
            + ") USING iceberg TBLPROPERTIES ('format-version'='2',"
            + " 'write.parquet.compression-codec'='zstd', 'write.distribution-mode'='none')");
    spark.sql(
        String.format(
            Locale.ROOT,
            "INSERT INTO %s SELECT %s FROM range(0, %d, 1, %d)",
            identifier,
            IntStream.range(0, COLUMNS)
                .mapToObj(WideTable::valueOf)
                .collect(Collectors.joining(", ")),
            rows,
            files));
  }

  private static String valueOf(int column) {
    String value = ColumnType.of(column).value("xxhash64(id, " + column + ")", column);
    return (nullable(column) ? "IF(pmod(id + " + column + ", 10) = 0, NULL, " + value + ")" : value)
        + " AS "
        + columnName(column);
  }
}
