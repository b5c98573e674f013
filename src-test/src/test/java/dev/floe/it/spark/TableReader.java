package dev.floe.it.spark;

import java.util.HashMap;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/** A way to read a fixture table into a DataFrame: Apache Iceberg's reader or Floe's. */
public enum TableReader {
  /** The oracle: Apache Iceberg's Spark reader through the {@code ice} catalog. */
  ICEBERG_CATALOG("Iceberg (catalog)") {
    @Override
    Dataset<Row> load(SparkSession spark, ReadFixture table, Map<String, String> options) {
      return spark.read().format("iceberg").options(options).load(table.identifier());
    }
  },
  /** Apache Iceberg's Spark reader loading the table directory, as Floe does. */
  ICEBERG_PATH("Iceberg (path)") {
    @Override
    Dataset<Row> load(SparkSession spark, ReadFixture table, Map<String, String> options) {
      return spark.read().format("iceberg").options(options).load(table.location().toString());
    }
  },
  /** Floe, by path. */
  FLOE("Floe") {
    @Override
    Dataset<Row> load(SparkSession spark, ReadFixture table, Map<String, String> options) {
      return spark.read().format("floe").options(options).load(table.location().toString());
    }
  };

  private final String label;

  TableReader(String label) {
    this.label = label;
  }

  abstract Dataset<Row> load(SparkSession spark, ReadFixture table, Map<String, String> options);

  /** The rows of one query: filter first (it may use unselected columns), then the projection. */
  public Dataset<Row> read(SparkSession spark, ReadFixture table, ReadQuery query) {
    return read(spark, table, query, Map.of());
  }

  /** The rows of one query with more read options, e.g. {@code snapshot-id}. */
  public Dataset<Row> read(
      SparkSession spark, ReadFixture table, ReadQuery query, Map<String, String> readOptions) {
    Map<String, String> options = new HashMap<>(readOptions);
    if (query.splitSize() > 0) {
      options.put("split-size", Long.toString(query.splitSize()));
    }
    Dataset<Row> rows = load(spark, table, options);
    if (!query.filter().isEmpty()) {
      rows = rows.where(query.filter());
    }
    if (!query.columns().isEmpty()) {
      rows = rows.select(query.columns().stream().map(functions::col).toArray(Column[]::new));
    }
    return rows;
  }

  public String label() {
    return label;
  }
}
