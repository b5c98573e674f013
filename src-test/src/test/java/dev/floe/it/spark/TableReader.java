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
      return spark
          .read()
          .format("iceberg")
          .options(icebergOptions(options))
          .load(table.identifier());
    }
  },
  /** Apache Iceberg's Spark reader loading the table directory, as Floe does. */
  ICEBERG_PATH("Iceberg (path)") {
    @Override
    Dataset<Row> load(SparkSession spark, ReadFixture table, Map<String, String> options) {
      return spark
          .read()
          .format("iceberg")
          .options(icebergOptions(options))
          .load(table.location().toString());
    }
  },
  /** Floe, by path. */
  FLOE("Floe") {
    @Override
    Dataset<Row> load(SparkSession spark, ReadFixture table, Map<String, String> options) {
      return spark.read().format("floe").options(options).load(table.location().toString());
    }
  };

  /** Spark's time-travel option, which Iceberg's reader takes for a snapshot id or a tag. */
  static final String VERSION_AS_OF = "versionAsOf";

  private final String label;

  TableReader(String label) {
    this.label = label;
  }

  /**
   * Floe's read options as Iceberg's Spark reader takes them: Iceberg 1.12 refuses its own {@code
   * snapshot-id} and {@code tag} options ("Time travel option `snapshot-id` is no longer supported,
   * use Spark built-in `versionAsOf` instead"); Spark's {@code versionAsOf} selects the same
   * snapshot or tag on every Iceberg the lines run (1.10 to 1.12).
   */
  static Map<String, String> icebergOptions(Map<String, String> options) {
    Map<String, String> translated = new HashMap<>();
    options.forEach(
        (name, value) ->
            translated.put(
                name.equals("snapshot-id") || name.equals("tag") ? VERSION_AS_OF : name, value));
    return translated;
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

  /**
   * The schema of rows this reader returned, as the contracts compare it: Iceberg's own readers'
   * through {@link ReadResult#schemaOfIceberg}, Floe's exactly as Floe shows it.
   */
  public String schemaOf(Dataset<Row> rows) {
    return this == FLOE ? ReadResult.schemaOf(rows) : ReadResult.schemaOfIceberg(rows);
  }
}
