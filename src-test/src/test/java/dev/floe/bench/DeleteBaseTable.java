package dev.floe.bench;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.Table;
import org.apache.spark.sql.SparkSession;

/**
 * The table whose data files {@link DeleteTableWriter} copies into merge-on-read tables, and how
 * those tables delete a fraction of its rows: the delete benchmark's events ({@link
 * EventsDeleteBase}) or the issue-8 suite's lineitem ({@link LineitemTable}).
 */
interface DeleteBaseTable {
  /** The base table's name in namespace {@value DeleteTableWriter#NAMESPACE}. */
  String name();

  /** Tables with deletes are named {@code prefix_kind_percent}, e.g. {@code deletes_dv_10}. */
  String deleteTablePrefix();

  /** What the base table's content depends on: a kept table with another layout is rewritten. */
  String layout();

  /** Rows the base table is written with. */
  long rows();

  /** Creates table {@code identifier} with these table properties and writes the rows into it. */
  void write(SparkSession spark, String identifier, Map<String, String> tableProperties);

  /** Creates the empty table {@code identifier}: the base table's schema and partitioning. */
  void create(SparkSession spark, String identifier, Map<String, String> tableProperties);

  /** The Spark SQL condition on the rows that {@code percent} % deletes. */
  String deletedCondition(int percent);

  /** The rows a table keeps after deleting {@code percent} % of them. */
  long liveRows(int percent);

  /**
   * Writes equality delete files holding every row {@code percent} % deletes from {@code table}
   * (which holds the base table's data files), as a writer of such deletes would lay them out; the
   * caller commits them.
   */
  List<DeleteFile> writeEqualityDeletes(SparkSession spark, Table table, int percent)
      throws IOException;

  /** The equality delete files' key, for the report. */
  String equalityKey();
}
