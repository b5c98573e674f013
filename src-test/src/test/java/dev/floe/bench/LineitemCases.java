package dev.floe.bench;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** The issue-8 suite's queries, and its cases on each table. */
final class LineitemCases {
  /** TPC-H Q1: every aggregate decimal, so the answers are exact and compare as text. */
  static final Function<Dataset<Row>, Dataset<Row>> Q1 =
      rows ->
          rows.where("l_shipdate <= DATE '1998-09-02'")
              .groupBy("l_returnflag", "l_linestatus")
              .agg(
                  expr("sum(l_quantity)"),
                  expr("sum(l_extendedprice)"),
                  expr("sum(l_extendedprice * (1 - l_discount))"),
                  expr("sum(l_extendedprice * (1 - l_discount) * (1 + l_tax))"),
                  expr("avg(l_quantity)"),
                  expr("avg(l_extendedprice)"),
                  expr("avg(l_discount)"),
                  expr("count(*)"))
              .orderBy("l_returnflag", "l_linestatus");

  /** TPC-H Q6: one year of ship dates, so partition pruning leaves 12 of about 84 months. */
  static final Function<Dataset<Row>, Dataset<Row>> Q6 =
      rows ->
          rows.where(
                  "l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01'"
                      + " AND l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24")
              .selectExpr("sum(l_extendedprice * l_discount)");

  /**
   * Several columns read and aggregated with little work per row, so the readers' decoding and
   * delete application, not Spark's decimal arithmetic (which dominates Q1), set the time.
   */
  static final Function<Dataset<Row>, Dataset<Row>> SCAN_AGGREGATE =
      rows ->
          rows.selectExpr(
              "count(*)",
              "sum(l_orderkey)",
              "sum(l_quantity)",
              "sum(l_extendedprice)",
              "max(l_shipdate)",
              "count(l_comment)");

  static final Function<Dataset<Row>, Dataset<Row>> COUNT = rows -> rows.selectExpr("count(*)");

  /** The name of {@link #fullScan}'s case. */
  static final String FULL_SCAN = "full scan, every column (noop)";

  private LineitemCases() {}

  /** A 1 % range of order keys in the middle: file statistics, not partitions, prune it. */
  static Function<Dataset<Row>, Dataset<Row>> orderKeyRange(long rows) {
    long orders = (rows + 3) / 4;
    long first = orders / 2;
    long last = first + Math.max(1, orders / 100);
    return table ->
        table
            .where(String.format(Locale.ROOT, "l_orderkey BETWEEN %d AND %d", first + 1, last))
            .selectExpr("count(*)", "sum(l_extendedprice)", "sum(l_quantity)");
  }

  static List<LineitemCase> lineitem(DeleteBenchmarkTable table, long rows) {
    return List.of(
        new LineitemCase(table, "Q1 aggregate", Q1, false, null, LineitemCase.Goal.READ),
        new LineitemCase(
            table, "scan aggregate", SCAN_AGGREGATE, false, null, LineitemCase.Goal.READ),
        new LineitemCase(
            table, "Q6 filter (partition pruning)", Q6, false, null, LineitemCase.Goal.READ),
        new LineitemCase(
            table,
            "order key range (file statistics)",
            orderKeyRange(rows),
            false,
            null,
            LineitemCase.Goal.READ),
        new LineitemCase(
            table,
            "projection l_orderkey, l_comment (noop)",
            rows1 -> rows1.select(col("l_orderkey"), col("l_comment")),
            true,
            null,
            LineitemCase.Goal.READ));
  }

  /**
   * Every column of every row to the {@code noop} sink: every page of every column chunk is read,
   * so it shows the most that page checks can cost, and how far decoding is from the in-memory
   * floor.
   */
  static LineitemCase fullScan(DeleteBenchmarkTable table) {
    return new LineitemCase(
        table, FULL_SCAN, rows -> rows, true, null, LineitemCase.Goal.FULL_SCAN);
  }

  static List<LineitemCase> nested(DeleteBenchmarkTable table) {
    return List.of(
        new LineitemCase(
            table,
            "full read (noop)",
            rows -> rows,
            true,
            null,
            LineitemCase.Goal.NESTED_FULL_SCAN),
        new LineitemCase(
            table,
            "sum(item.quantity), sum(size(tags)), sum(attributes['size'])",
            rows ->
                rows.selectExpr(
                    "sum(item.quantity)",
                    "sum(size(tags))",
                    "sum(attributes['size'])",
                    "count(item.label)"),
            false,
            null,
            LineitemCase.Goal.NESTED));
  }

  /**
   * Five of the wide table's 200 columns aggregated: the reader reads 5 column chunks per row group
   * and skips 195.
   */
  static List<LineitemCase> wide(DeleteBenchmarkTable table) {
    List<String> aggregates = WideTable.projectedAggregates();
    return List.of(
        new LineitemCase(
            table,
            "project 5 of 200",
            rows -> rows.selectExpr(aggregates.toArray(String[]::new)),
            false,
            null,
            LineitemCase.Goal.READ));
  }

  /**
   * Every string decoded (to the {@code noop} sink, then measured), and a {@code LIKE '%...%'} on
   * the titles: no file or row-group statistic can prune it, so every title is decoded and
   * compared.
   */
  static List<LineitemCase> strings(DeleteBenchmarkTable table) {
    return List.of(
        new LineitemCase(
            table, "full read (noop)", rows -> rows, true, null, LineitemCase.Goal.READ),
        new LineitemCase(
            table,
            "sum(length(...)) of every string",
            rows ->
                rows.selectExpr(
                    "count(*)",
                    "sum(length(country))",
                    "sum(length(status))",
                    "sum(length(sku))",
                    "sum(length(title))",
                    "sum(length(note))"),
            false,
            null,
            LineitemCase.Goal.READ),
        new LineitemCase(
            table,
            "title LIKE '%ironic%'",
            rows ->
                rows.where("title LIKE '%ironic%'")
                    .selectExpr("count(*)", "sum(length(note))", "max(sku)"),
            false,
            null,
            LineitemCase.Goal.READ));
  }

  /**
   * Many small files: per file an open, a footer and a task's share of the planning, for a few rows
   * each.
   */
  static List<LineitemCase> smallFiles(DeleteBenchmarkTable table) {
    return List.of(
        new LineitemCase(
            table,
            "scan aggregate",
            rows -> rows.selectExpr("count(*)", "sum(id)", "sum(quantity)"),
            false,
            null,
            LineitemCase.Goal.READ),
        new LineitemCase(table, "COUNT(*)", COUNT, false, null, LineitemCase.Goal.READ));
  }

  /**
   * The scan aggregate and COUNT(*) on a table with deletes, each checked against the answer
   * computed from the base table's data files with Spark's Parquet reader, minus the rows the
   * condition deletes.
   */
  static List<LineitemCase> deletes(
      SparkSession spark,
      DeleteBenchmarkTable table,
      DeleteBenchmarkTable base,
      DeleteBaseTable baseShape) {
    Dataset<Row> live =
        spark
            .read()
            .parquet(base.dataFiles().toArray(String[]::new))
            .where("NOT (" + baseShape.deletedCondition(table.deletedPercent()) + ")");
    String aggregate = LineitemCase.answer(SCAN_AGGREGATE.apply(live), false);
    String count = "[" + baseShape.liveRows(table.deletedPercent()) + "]";
    boolean byPosition =
        table.label().equals(DeleteKind.DELETION_VECTORS.label())
            || table.label().equals(DeleteKind.POSITION_DELETES.label());
    List<LineitemCase> cases = new ArrayList<>();
    cases.add(
        new LineitemCase(
            table, "scan aggregate", SCAN_AGGREGATE, false, aggregate, LineitemCase.Goal.DELETES));
    cases.add(
        new LineitemCase(
            table,
            "COUNT(*)",
            COUNT,
            false,
            count,
            byPosition ? LineitemCase.Goal.COUNT_WITH_DELETES : LineitemCase.Goal.DELETES));
    return cases;
  }
}
