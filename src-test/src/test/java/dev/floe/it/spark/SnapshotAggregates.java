package dev.floe.it.spark;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * One snapshot of a delete fixture as the aggregate suite sees it: the filters to count under, the
 * columns to count, the columns whose MIN and MAX Floe can answer from exact bounds (integers,
 * dates, timestamps, decimals) and the other ordered columns (strings, floating point, booleans),
 * Apache Iceberg's answers to all of those from one unpushed scan (computed once, on first use),
 * and what Iceberg's planning finds in the snapshot.
 */
final class SnapshotAggregates {
  /** Floe's and Iceberg's read option: false makes Spark aggregate the scan's rows. */
  static final String AGGREGATE_PUSH_DOWN = "aggregate-push-down-enabled";

  static final String COUNT_STAR = "count(*)";

  /** What the suite asks of string columns' lengths, as {@code sum(length(c))} and so on. */
  static final List<String> LENGTH_AGGREGATES = List.of("sum", "min", "max", "avg");

  private final SparkSession spark;
  private final DeleteFixture fixture;
  private final TableSnapshot snapshot;
  private final List<String> columns = new ArrayList<>();
  private final List<String> boundedColumns = new ArrayList<>();
  private final List<String> otherOrderedColumns = new ArrayList<>();
  private final List<String> summableColumns = new ArrayList<>();
  private final List<String> stringColumns = new ArrayList<>();
  private boolean sumsComputable = true;
  private final List<String> filters;
  private final WrittenOnce<Row> icebergAnswers;
  private final WrittenOnce<IcebergPlan> icebergPlan;

  SnapshotAggregates(SparkSession spark, DeleteFixture fixture, TableSnapshot snapshot) {
    this.spark = Objects.requireNonNull(spark, "spark");
    this.fixture = Objects.requireNonNull(fixture, "fixture");
    this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
    StructType schema = iceberg().schema();
    for (StructField field : schema.fields()) {
      columns.add(field.name());
      if (hasExactBounds(field.dataType())) {
        boundedColumns.add(field.name());
      } else if (hasInexactBounds(field.dataType())) {
        otherOrderedColumns.add(field.name());
      }
      if (field.dataType() instanceof StringType) {
        stringColumns.add(field.name());
      }
      if (field.dataType() instanceof IntegerType
          || field.dataType() instanceof LongType
          || field.dataType() instanceof DecimalType) {
        summableColumns.add(field.name());
        sumsComputable &=
            !(field.dataType() instanceof DecimalType decimal) || decimal.precision() <= 18;
      }
    }
    this.filters = filters(Set.of(schema.fieldNames()));
    this.icebergAnswers = new WrittenOnce<>("Iceberg's aggregates of " + this, this::askIceberg);
    this.icebergPlan =
        new WrittenOnce<>(
            "Iceberg's plan of " + this,
            () ->
                IcebergPlan.of(
                    DeleteFixtures.icebergTable(
                        new FixtureWriter(SharedSpark.get()), fixture.name()),
                    snapshot.snapshotId()));
  }

  /**
   * Snapshots to check: the first, a middle and the last, each once (a table of two snapshots has
   * two).
   */
  static List<TableSnapshot> sampled(List<TableSnapshot> snapshots) {
    Set<TableSnapshot> sampled = new LinkedHashSet<>();
    sampled.add(snapshots.get(0));
    sampled.add(snapshots.get((snapshots.size() - 1) / 2));
    sampled.add(snapshots.get(snapshots.size() - 1));
    return List.copyOf(sampled);
  }

  /**
   * Filters Floe evaluates exactly: on the delete matrix's common columns, one on {@code category}
   * (an identity partition column of most partitioned fixtures, null in some rows), and one on
   * columns no fixture partitions by, with NOT, LIKE and IS NULL under SQL's three-valued logic
   * ({@code name} holds nulls); tables of other schemas all have {@code id}.
   */
  private static List<String> filters(Set<String> columns) {
    if (columns.containsAll(Set.of("category", "n", "name"))) {
      return List.of(
          "category IS NULL OR category = 'red'",
          "(n BETWEEN 3 AND 9 AND NOT name LIKE 'name-1%') OR name IS NULL");
    }
    return List.of("id >= 100 AND id < 300 OR id IN (401, 9001)");
  }

  private static boolean hasExactBounds(DataType type) {
    return type instanceof IntegerType
        || type instanceof LongType
        || type instanceof ShortType
        || type instanceof ByteType
        || type instanceof DateType
        || type instanceof TimestampType
        || type instanceof TimestampNTZType
        || type instanceof DecimalType;
  }

  /**
   * Strings (bounds may be truncated), floating point (bounds leave NaN out, which Spark orders
   * above every number) and booleans: MIN and MAX must be right whether pushed or not.
   */
  private static boolean hasInexactBounds(DataType type) {
    return type instanceof StringType
        || type instanceof DoubleType
        || type instanceof FloatType
        || type instanceof BooleanType;
  }

  DeleteFixture fixture() {
    return fixture;
  }

  TableSnapshot snapshot() {
    return snapshot;
  }

  List<String> filters() {
    return filters;
  }

  List<String> columns() {
    return List.copyOf(columns);
  }

  List<String> boundedColumns() {
    return List.copyOf(boundedColumns);
  }

  List<String> otherOrderedColumns() {
    return List.copyOf(otherOrderedColumns);
  }

  /** Integer and decimal columns, whose sums Floe computes on executors. */
  List<String> summableColumns() {
    return List.copyOf(summableColumns);
  }

  /** String columns, whose lengths' sum, minimum and maximum Floe computes on executors. */
  List<String> stringColumns() {
    return List.copyOf(stringColumns);
  }

  /** Whether Floe sums every summable column: none is a decimal of over 18 digits. */
  boolean sumsComputable() {
    return sumsComputable;
  }

  /** Iceberg's answer to the aggregate named as {@link #countWhere}, {@code min(c)} and so on. */
  Object iceberg(String aggregate) {
    return icebergAnswers.get().getAs(aggregate);
  }

  IcebergPlan icebergPlan() {
    return icebergPlan.get();
  }

  static String countWhere(String filter) {
    return "count where " + filter;
  }

  static String sumWhere(String column, String filter) {
    return "sum(" + column + ") where " + filter;
  }

  /** Floe's read of the snapshot by path, with or without aggregate pushdown. */
  Dataset<Row> floe(boolean pushDown) {
    return spark
        .read()
        .format("floe")
        .option("snapshot-id", snapshot.snapshotId())
        .option(AGGREGATE_PUSH_DOWN, pushDown)
        .load(fixture.location().toString());
  }

  /** Every answer from one scan Iceberg does not push aggregates into. */
  private Row askIceberg() {
    List<Column> aggregates = new ArrayList<>();
    aggregates.add(functions.count("*").as(COUNT_STAR));
    for (String filter : filters) {
      aggregates.add(functions.expr("count_if(" + filter + ")").as(countWhere(filter)));
    }
    for (String column : columns) {
      aggregates.add(functions.count(functions.col(column)).as("count(" + column + ")"));
    }
    for (String column : summableColumns) {
      aggregates.add(functions.sum(column).as("sum(" + column + ")"));
      aggregates.add(functions.avg(column).as("avg(" + column + ")"));
      for (String filter : filters) {
        aggregates.add(
            functions
                .expr("sum(CASE WHEN " + filter + " THEN " + column + " END)")
                .as(sumWhere(column, filter)));
      }
    }
    for (String column : stringColumns) {
      for (String function : LENGTH_AGGREGATES) {
        String name = function + "(length(" + column + "))";
        aggregates.add(functions.expr(name).as(name));
      }
    }
    List<String> ordered = new ArrayList<>(boundedColumns);
    ordered.addAll(otherOrderedColumns);
    for (String column : ordered) {
      aggregates.add(functions.min(column).as("min(" + column + ")"));
      aggregates.add(functions.max(column).as("max(" + column + ")"));
    }
    List<Row> rows =
        iceberg()
            .agg(aggregates.get(0), aggregates.subList(1, aggregates.size()).toArray(Column[]::new))
            .collectAsList();
    return rows.get(0);
  }

  private Dataset<Row> iceberg() {
    return spark
        .read()
        .format("iceberg")
        .option(TableReader.VERSION_AS_OF, snapshot.snapshotId())
        .option(AGGREGATE_PUSH_DOWN, false)
        .load(fixture.identifier());
  }

  /** Aggregates a scan, one column per aggregate, named as {@link #iceberg(String)} names them. */
  static Dataset<Row> aggregate(Dataset<Row> rows, List<Column> aggregates) {
    return rows.agg(
        aggregates.get(0), aggregates.subList(1, aggregates.size()).toArray(Column[]::new));
  }

  @Override
  public String toString() {
    return fixture + " " + snapshot;
  }
}
