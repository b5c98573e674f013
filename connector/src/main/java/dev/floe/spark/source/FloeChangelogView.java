package dev.floe.spark.source;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.explode;
import static org.apache.spark.sql.functions.least;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.raise_error;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import dev.floe.InvalidRequestException;
import dev.floe.scan.ChangeType;
import dev.floe.table.MetadataColumns;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.expressions.WindowSpec;

/**
 * A changelog as Iceberg's {@code create_changelog_view} procedure makes it, for a read-only
 * connector that has no procedures: the {@code changes} rows of a range ({@link
 * FloeChangelogTable}) without the carry-overs (a row a commit deleted and inserted unchanged, as a
 * copy-on-write rewrite does), and, given identifier columns, each commit's delete and insert of
 * the same identifier as {@code UPDATE_BEFORE} and {@code UPDATE_AFTER}.
 *
 * <pre>{@code
 * Dataset<Row> changes = spark.read().option("start-snapshot-id", s).table("lake.db.t.changes");
 * FloeChangelogView.computeUpdates(changes, List.of("id")).createOrReplaceTempView("t_changes");
 * // or in one call: FloeChangelogView.create(spark, "lake.db.t", Map.of(), List.of("id"), "v")
 * }</pre>
 */
public final class FloeChangelogView {
  static final String UPDATE_BEFORE = "UPDATE_BEFORE";
  static final String UPDATE_AFTER = "UPDATE_AFTER";

  private static final String TYPE = MetadataColumns.CHANGE_TYPE.name();
  private static final String ORDINAL = MetadataColumns.CHANGE_ORDINAL.name();
  private static final String COMMIT = MetadataColumns.COMMIT_SNAPSHOT_ID.name();
  private static final String DELETE = ChangeType.DELETE.name();
  private static final String INSERT = ChangeType.INSERT.name();

  private FloeChangelogView() {}

  /**
   * Registers the temporary view {@code viewName} of the changes of {@code table} (a Floe catalog
   * table's name) that {@code options} choose ({@code start-snapshot-id}, {@code end-snapshot-id}):
   * without carry-overs, and with updates when {@code identifierColumns} is not empty.
   */
  public static Dataset<Row> create(
      SparkSession spark,
      String table,
      Map<String, String> options,
      List<String> identifierColumns,
      String viewName) {
    Dataset<Row> changes =
        spark.read().options(options).table(table + "." + FloeChangelogTable.NAME);
    Dataset<Row> view =
        identifierColumns.isEmpty()
            ? removeCarryovers(changes)
            : computeUpdates(changes, identifierColumns);
    view.createOrReplaceTempView(viewName);
    return view;
  }

  /**
   * The changes less their carry-overs: of the identical rows one commit both deleted and inserted,
   * as many pairs as there are are dropped (null equals null), the rest kept.
   */
  public static Dataset<Row> removeCarryovers(Dataset<Row> changes) {
    List<String> data = dataColumns(changes);
    List<Column> keys = new ArrayList<>(columns(data));
    keys.add(col(ORDINAL));
    keys.add(col(COMMIT));
    Dataset<Row> counted =
        changes
            .groupBy(keys.toArray(new Column[0]))
            .agg(
                sum(when(col(TYPE).equalTo(DELETE), 1).otherwise(0)).as("_deletes"),
                sum(when(col(TYPE).equalTo(INSERT), 1).otherwise(0)).as("_inserts"))
            .withColumn("_carried", least(col("_deletes"), col("_inserts")));
    return kept(counted, data, DELETE, "_deletes").union(kept(counted, data, INSERT, "_inserts"));
  }

  /**
   * The changes less their carry-overs, where a commit's delete and insert of the same values of
   * {@code identifierColumns} are {@code UPDATE_BEFORE} and {@code UPDATE_AFTER}. A commit that
   * deletes or inserts one identifier twice fails the query, as Iceberg's procedure does.
   */
  public static Dataset<Row> computeUpdates(Dataset<Row> changes, List<String> identifierColumns) {
    List<String> data = dataColumns(changes);
    for (String identifier : identifierColumns) {
      if (!data.contains(identifier)) {
        throw new InvalidRequestException(
            "Cannot compute the updates of a changelog by "
                + identifier
                + ": it is not one of its columns "
                + data);
      }
    }
    List<Column> keys = new ArrayList<>(columns(identifierColumns));
    keys.add(col(ORDINAL));
    WindowSpec sameKey = Window.partitionBy(keys.toArray(new Column[0]));
    Column deletes = sum(when(col(TYPE).equalTo(DELETE), 1).otherwise(0)).over(sameKey);
    Column inserts = sum(when(col(TYPE).equalTo(INSERT), 1).otherwise(0)).over(sameKey);
    Column updated = deletes.geq(1).and(inserts.geq(1));
    Column type =
        when(
                updated.and(deletes.gt(1).or(inserts.gt(1))),
                raise_error(
                    lit(
                        "Cannot compute updates: a commit deletes or inserts rows with the same"
                            + " identifier "
                            + identifierColumns
                            + " more than once")))
            .when(updated.and(col(TYPE).equalTo(DELETE)), lit(UPDATE_BEFORE))
            .when(updated.and(col(TYPE).equalTo(INSERT)), lit(UPDATE_AFTER))
            .otherwise(col(TYPE));
    return removeCarryovers(changes).withColumn(TYPE, type).select(ordered(data));
  }

  private static Dataset<Row> kept(
      Dataset<Row> counted, List<String> data, String type, String count) {
    List<Column> row = new ArrayList<>(columns(data));
    row.add(
        explode(
                org.apache.spark.sql.functions.array_repeat(
                    lit(type), col(count).minus(col("_carried")).cast("int")))
            .as(TYPE));
    row.add(col(ORDINAL));
    row.add(col(COMMIT));
    return counted.select(row.toArray(new Column[0]));
  }

  private static List<String> dataColumns(Dataset<Row> changes) {
    List<String> data = new ArrayList<>(Arrays.asList(changes.columns()));
    if (!data.containsAll(List.of(TYPE, ORDINAL, COMMIT))) {
      throw new InvalidRequestException(
          "Not a changelog: " + data + " lacks " + List.of(TYPE, ORDINAL, COMMIT));
    }
    data.removeAll(List.of(TYPE, ORDINAL, COMMIT));
    return data;
  }

  private static Column[] ordered(List<String> data) {
    List<Column> all = new ArrayList<>(columns(data));
    all.add(col(TYPE));
    all.add(col(ORDINAL));
    all.add(col(COMMIT));
    return all.toArray(new Column[0]);
  }

  private static List<Column> columns(List<String> names) {
    return names.stream().map(name -> col("`" + name + "`")).toList();
  }
}
