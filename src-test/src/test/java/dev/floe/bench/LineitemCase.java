package dev.floe.bench;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * One case of the issue-8 read suite (issue 26's targets): a query on one table, run to the {@code
 * noop} sink (it has no answer) or collected (its rows, in the query's order, are the answer
 * compared across readers).
 *
 * @param table the table, as written
 * @param name the case, short enough for the chart
 * @param query what the case does to a reader's DataFrame of the whole table
 * @param noop whether the rows go to the {@code noop} sink instead of being collected
 * @param expected the answer the table must give, computed without the readers timed; null when the
 *     readers' answers are compared with each other only
 * @param goal which of issue 26's targets the case is held to
 */
record LineitemCase(
    DeleteBenchmarkTable table,
    String name,
    Function<Dataset<Row>, Dataset<Row>> query,
    boolean noop,
    String expected,
    Goal goal) {

  /**
   * Issue 26's targets, by the kind of case (LineitemReport checks them). On every case Floe is
   * held to <= 0.75x Comet; the rest depends on the kind.
   */
  enum Goal {
    /** A read of lineitem without deletes: Floe <= 0.6x Iceberg. */
    READ,
    /** Lineitem's full scan: a read, and Floe within 1.5x of the in-memory floor. */
    FULL_SCAN,
    /** A read of the nested table: Floe <= 0.8x Iceberg and <= 1.0x Spark Parquet. */
    NESTED,
    /** The nested table's full read: a nested read, and Floe within 1.5x of the floor. */
    NESTED_FULL_SCAN,
    /** A merge-on-read table: Floe <= 0.4x Iceberg. */
    DELETES,
    /** COUNT(*) with deletion vectors or position deletes: Floe <= 0.05x Iceberg. */
    COUNT_WITH_DELETES
  }

  LineitemCase {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(goal, "goal");
    if (noop && expected != null) {
      throw new IllegalArgumentException("A case run to the noop sink has no answer: " + name);
    }
  }

  /**
   * Spark's Parquet reader cannot apply deletes, and the in-memory floor is read with it; Floe
   * without its checks reads the tables without deletes only (what the checks cost does not depend
   * on deletes, and the suite runs long); Floe handing its rows to Spark, and Floe under Comet's
   * operators, read the aggregates only.
   */
  boolean readBy(BenchmarkReader reader) {
    return switch (reader) {
      case FLOE, ICEBERG, COMET -> true;
      case SPARK_PARQUET, FLOE_WITHOUT_CHECKSUMS, IN_MEMORY -> !table.hasDeletes();
      case FLOE_ROWS, FLOE_COMET -> !noop;
    };
  }

  /** Why {@link #readBy} says no. */
  static String notReadBy(BenchmarkReader reader) {
    return switch (reader) {
      case FLOE, ICEBERG, COMET -> "reads every table";
      case SPARK_PARQUET -> "Spark's Parquet reader does not apply deletes";
      case FLOE_WITHOUT_CHECKSUMS -> "the checks' cost is measured on the tables without deletes";
      case IN_MEMORY -> "the floor caches the data files, so only tables without deletes";
      case FLOE_ROWS -> "only the aggregates, which Floe computes in its scan where it may";
      case FLOE_COMET -> "only the aggregates: a noop write has no work for Comet's operators";
    };
  }

  /** The table and case, as the report and the chart name them. */
  String label() {
    return table.label()
        + (table.hasDeletes() ? " " + table.deletedPercent() + "%" : "")
        + ": "
        + name;
  }

  ReadCase readCase() {
    return new ReadCase(label(), rows -> answer(query.apply(rows), noop));
  }

  /** The collected rows, one {@code Row.toString()} after another; "" for the noop sink. */
  static String answer(Dataset<Row> rows, boolean noop) {
    if (noop) {
      rows.write().format("noop").mode("overwrite").save();
      return "";
    }
    List<Row> collected = rows.collectAsList();
    return collected.stream().map(Row::toString).collect(Collectors.joining("; "));
  }
}
