package dev.floe.it.spark;

import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/** Where the delete matrix takes the rows a query must return. */
enum DeleteOracle {
  /** Apache Iceberg's Spark reader through its catalog, running the query itself. */
  ICEBERG_SCAN {
    @Override
    Dataset<Row> read(
        SparkSession spark, ReadFixture table, ReadQuery query, Map<String, String> options) {
      return TableReader.ICEBERG_CATALOG.read(spark, table, query, options);
    }
  },
  /**
   * Apache Iceberg's full scan, materialised, then the query's filter and projection run by Spark
   * over those rows: for a filter Iceberg pushes down with other semantics than Spark's. Iceberg
   * 1.10 drops an equality delete file whose column bounds cannot match a pushed {@code d > 10},
   * but NaN is greater than 10 in Spark, so a deleted NaN row comes back through Spark's filter.
   * Iceberg 1.10 also drops a position delete file whose optional {@code row} column has bounds
   * that cannot match a pushed filter, even when that column holds stand-in values rather than the
   * deleted rows, and so returns the rows it deletes.
   */
  ICEBERG_FULL_SCAN_FILTERED_BY_SPARK {
    @Override
    Dataset<Row> read(
        SparkSession spark, ReadFixture table, ReadQuery query, Map<String, String> options) {
      Dataset<Row> rows =
          TableReader.ICEBERG_CATALOG
              .read(spark, table, ReadQuery.fullScan().withSplitSize(query.splitSize()), options)
              .localCheckpoint();
      if (!query.filter().isEmpty()) {
        rows = rows.where(query.filter());
      }
      if (!query.columns().isEmpty()) {
        rows = rows.select(query.columns().stream().map(functions::col).toArray(Column[]::new));
      }
      return rows;
    }
  };

  abstract Dataset<Row> read(
      SparkSession spark, ReadFixture table, ReadQuery query, Map<String, String> options);
}
