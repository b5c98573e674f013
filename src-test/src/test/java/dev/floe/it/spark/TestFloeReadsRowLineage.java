package dev.floe.it.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.IcebergBuild;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Row lineage (format v3): {@code _row_id} and {@code _last_updated_sequence_number} read by Floe,
 * by path and through {@code FloeCatalog}, against Iceberg's own Spark reader on tables Iceberg
 * wrote: appends, merge-on-read UPDATE/MERGE/DELETE (deletion vectors, updated rows written with
 * their stored row ids), copy-on-write UPDATE/MERGE and {@code rewrite_data_files} (files that
 * store both columns), splits that start mid-file, filters, projections, Avro data files, a table
 * upgraded from v2, and v1/v2 tables. Besides matching Iceberg, the answers are checked against
 * what lineage means: row ids are unique and survive updates and compaction, and an updated row
 * carries the sequence number of the commit that updated it.
 */
class TestFloeReadsRowLineage {
  private static final String FLOE_CATALOG = "floe_lineage";
  private static final String LINEAGE = "_row_id, _last_updated_sequence_number";

  /** Small row groups, so that a file has many and a tiny split size starts splits mid-file. */
  private static final String SMALL_ROW_GROUPS =
      "'write.parquet.row-group-size-bytes'='2048',"
          + " 'write.parquet.row-group-check-min-record-count'='10',"
          + " 'write.parquet.row-group-check-max-record-count'='50'";

  private final SparkSession spark = SharedSpark.get().session();

  @BeforeAll
  static void floeCatalog() {
    SharedSpark.get().addFloeCatalog(FLOE_CATALOG, 0);
  }

  @Test
  void mergeOnReadUpdatesMergesAndDeletesKeepRowIds() {
    String name = "lineage_mor";
    create(name, "parquet", "merge-on-read", SMALL_ROW_GROUPS);
    sql("INSERT INTO %s SELECT id, CONCAT('d', id), CAST(id % 5 AS INT) FROM range(0, 1200)", name);
    sql(
        "INSERT INTO %s SELECT id, CONCAT('d', id), CAST(id % 5 AS INT) FROM range(1200, 2000)",
        name);
    assertSameLineage(name, "id, data", "");
    Map<Long, Long> appended = rowIds(name);
    assertThat(appended).as("a row id per row").hasSize(2000);
    assertThat(Set.copyOf(appended.values())).as("ids of appended rows").hasSize(2000);

    sql("UPDATE %s SET data = 'updated' WHERE id % 10 = 0", name);
    long updateSequence = currentSequenceNumber(name);
    assertSameLineage(name, "id, data", "");
    assertKeptRowIds(name, appended, "an UPDATE stored as deletion vectors and new rows");
    assertThat(sequenceNumbersOf(name, "id % 10 = 0"))
        .as("updated rows carry the UPDATE's sequence number")
        .containsOnly(updateSequence);
    assertThat(sequenceNumbersOf(name, "id % 10 <> 0"))
        .as("rows the UPDATE left alone keep their append's")
        .doesNotContain(updateSequence);

    sql(
        "MERGE INTO %s t USING (SELECT id FROM range(1990, 2010)) s ON t.id = s.id"
            + " WHEN MATCHED THEN UPDATE SET data = 'merged'"
            + " WHEN NOT MATCHED THEN INSERT (id, data, grp) VALUES (s.id, 'new', 9)",
        name);
    sql("DELETE FROM %s WHERE id % 7 = 3", name);
    assertSameLineage(name, "id, data, grp", "");
    assertSameLineage(name, "id, _pos, _file", "");
    assertKeptRowIds(name, appended, "a MERGE and a DELETE stored as deletion vectors");
    assertThat(Set.copyOf(rowIds(name).values())).as("row ids stay unique").hasSize(count(name));
  }

  @Test
  void copyOnWriteAndCompactionStoreRowIdsInTheFiles() {
    String name = "lineage_cow";
    create(name, "parquet", "copy-on-write", SMALL_ROW_GROUPS);
    sql("INSERT INTO %s SELECT id, CONCAT('d', id), CAST(id % 3 AS INT) FROM range(0, 1000)", name);
    sql(
        "INSERT INTO %s SELECT id, CONCAT('d', id), CAST(id % 3 AS INT) FROM range(1000, 1600)",
        name);
    Map<Long, Long> appended = rowIds(name);

    sql("UPDATE %s SET data = 'updated' WHERE id % 4 = 1", name);
    long updateSequence = currentSequenceNumber(name);
    assertSameLineage(name, "id, data", "");
    assertKeptRowIds(name, appended, "a copy-on-write UPDATE");
    assertThat(sequenceNumbersOf(name, "id % 4 = 1"))
        .as("rows the copy-on-write UPDATE changed")
        .containsOnly(updateSequence);

    sql(
        "MERGE INTO %s t USING (SELECT id FROM range(1590, 1620)) s ON t.id = s.id"
            + " WHEN MATCHED THEN UPDATE SET data = 'merged'"
            + " WHEN NOT MATCHED THEN INSERT (id, data, grp) VALUES (s.id, 'new', 7)",
        name);
    Map<Long, Long> beforeCompaction = rowIds(name);
    Map<Long, Long> sequencesBeforeCompaction = sequenceNumbers(name);
    spark.sql(
        "CALL "
            + SharedSpark.CATALOG
            + ".system.rewrite_data_files(table => 'db."
            + name
            + "', options => map('rewrite-all', 'true'))");
    assertThat(storesLineage(name)).as("compacted files store both lineage columns").isTrue();
    assertSameLineage(name, "id, data, grp", "");
    assertThat(rowIds(name)).as("row ids after compaction").isEqualTo(beforeCompaction);
    assertThat(sequenceNumbers(name))
        .as("compaction updates no row")
        .isEqualTo(sequencesBeforeCompaction);

    sql("DELETE FROM %s WHERE id % 9 = 2", name);
    assertSameLineage(name, "id, data", "");
    assertKeptRowIds(name, appended, "a copy-on-write DELETE after compaction");
  }

  @Test
  void splitsStartingMidFileNumberRowsFromTheStartOfTheFile() {
    String name = "lineage_splits";
    create(name, "parquet", "merge-on-read", SMALL_ROW_GROUPS);
    sql("INSERT INTO %s SELECT id, CONCAT('d', id), 0 FROM range(0, 3000) ORDER BY id", name);
    sql("UPDATE %s SET data = 'updated' WHERE id % 50 = 0", name);
    sql("DELETE FROM %s WHERE id BETWEEN 700 AND 720", name);
    long files = spark.sql("SELECT * FROM " + iceberg(name) + ".files").count();
    Map<String, String> tiny = Map.of("split-size", "4096", "batch-size", "37");
    Dataset<Row> floe = floeByPath(name, tiny);
    assertThat(floe.rdd().getNumPartitions())
        .as("more splits than the %d files: splits start mid-file", files)
        .isGreaterThan((int) files);
    assertSameLineage(name, "id, data", "", tiny);
    assertThat(rowIdsOf(floe)).as("split reads give the whole-file ids").isEqualTo(rowIds(name));
  }

  @Test
  void filtersAndProjectionsReadTheSameLineage() {
    String name = "lineage_filters";
    create(name, "parquet", "merge-on-read", SMALL_ROW_GROUPS);
    sql("INSERT INTO %s SELECT id, CONCAT('d', id), CAST(id % 4 AS INT) FROM range(0, 900)", name);
    sql(
        "INSERT INTO %s SELECT id, CONCAT('d', id), CAST(id % 4 AS INT) FROM range(900, 1300)",
        name);
    sql("UPDATE %s SET data = 'updated' WHERE grp = 2 AND id > 600", name);
    sql("DELETE FROM %s WHERE id % 11 = 0", name);
    assertSameLineage(name, "_row_id", "");
    assertSameLineage(name, "_last_updated_sequence_number", "");
    assertSameLineage(name, "_row_id", "id BETWEEN 100 AND 1000");
    assertSameLineage(name, "data, " + LINEAGE, "grp = 2");
    assertSameLineage(name, "id", "_row_id BETWEEN 40 AND 900");
    assertSameLineage(name, "id, data", "_last_updated_sequence_number > 2 AND id > 500");
    assertSameLineage(name, "id, _deleted", "");
    assertSameRows(
        "aggregates over lineage",
        floeByPath(name, Map.of()).selectExpr(aggregates()),
        spark.table(iceberg(name)).selectExpr(aggregates()));
  }

  /**
   * Avro data files. Iceberg 1.10's copy-on-write UPDATE of an Avro table stores wrong row ids
   * (every row of a rewritten file held the {@code first_row_id} of the file its rows came from, as
   * if its Avro reader added no position): on 1.10, Floe is checked against the spec's definition
   * ({@code first_row_id} of the {@code files} table plus {@code _pos}, the data sequence number of
   * the {@code entries} table) and, once the files store the ids, against Iceberg.
   */
  @Test
  void avroDataFilesReadTheSameLineage() {
    String name = "lineage_avro";
    create(name, "avro", "copy-on-write", "'write.avro.compression-codec'='uncompressed'");
    sql("INSERT INTO %s SELECT id, CONCAT('d', id), 1 FROM range(0, 700)", name);
    sql("INSERT INTO %s SELECT id, CONCAT('d', id), 2 FROM range(700, 1000)", name);
    assertMatchesTheSpec(name);
    boolean icebergReadsAvroLineage = !IcebergBuild.version().startsWith("1.10.");
    if (icebergReadsAvroLineage) {
      assertSameLineage(name, "id, data, grp", "");
    }
    Map<Long, Long> appended = rowIds(name);
    sql("UPDATE %s SET data = 'updated' WHERE id % 6 = 0", name);
    assertSameLineage(name, "id, data, grp", "");
    if (icebergReadsAvroLineage) {
      assertKeptRowIds(name, appended, "a copy-on-write UPDATE of Avro files");
    }
  }

  /**
   * Floe's lineage of a table whose files store none: {@code first_row_id + _pos} and the data
   * sequence number, from Iceberg's {@code files} and {@code entries} tables.
   */
  private void assertMatchesTheSpec(String name) {
    floeByPath(name, Map.of())
        .selectExpr("id", "_file", "_pos", "_row_id", "_last_updated_sequence_number")
        .createOrReplaceTempView("lineage_read");
    List<Row> wrong =
        spark
            .sql(
                "SELECT r.id, r._row_id, f.first_row_id + r._pos, r._last_updated_sequence_number,"
                    + " e.sequence_number FROM lineage_read r"
                    + " JOIN "
                    + iceberg(name)
                    + ".files f ON r._file = f.file_path JOIN "
                    + iceberg(name)
                    + ".entries e ON r._file = e.data_file.file_path AND e.status < 2"
                    + " WHERE NOT (r._row_id <=> f.first_row_id + r._pos)"
                    + " OR NOT (r._last_updated_sequence_number <=> e.sequence_number)"
                    + " OR f.first_row_id IS NULL")
            .collectAsList();
    assertThat(wrong).as("rows whose lineage is not the spec's").isEmpty();
    assertThat(spark.table("lineage_read").count()).as("rows checked").isEqualTo(count(name));
  }

  /**
   * A v2 table upgraded to v3: until a commit assigns them row ids, the files written before the
   * upgrade have no {@code first_row_id}, and both columns read as null (Iceberg's reading); the
   * next commit assigns every file one.
   */
  @Test
  void filesWithoutFirstRowIdReadNullLineage() {
    String name = "lineage_upgraded";
    spark.sql("DROP TABLE IF EXISTS " + iceberg(name));
    sql(
        "CREATE TABLE %s (id BIGINT, data STRING, grp INT) USING iceberg"
            + " TBLPROPERTIES ('format-version'='2')",
        name);
    sql("INSERT INTO %s SELECT id, CONCAT('d', id), 0 FROM range(0, 300)", name);
    sql("ALTER TABLE %s SET TBLPROPERTIES ('format-version'='3')", name);
    assertSameLineage(name, "id", "");
    assertThat(floeByPath(name, Map.of()).where("_row_id IS NOT NULL").count())
        .as("rows of files without a first_row_id")
        .isZero();
    assertThat(
            floeByPath(name, Map.of()).where("_last_updated_sequence_number IS NOT NULL").count())
        .as("sequence numbers of files without a first_row_id")
        .isZero();

    sql("INSERT INTO %s SELECT id, CONCAT('d', id), 1 FROM range(300, 400)", name);
    assertSameLineage(name, "id", "");
    assertThat(rowIds(name)).as("every row has an id once a v3 commit assigned them").hasSize(400);
  }

  /**
   * Below v3 the columns do not exist: Floe does not offer them, so Spark refuses them as unknown
   * columns, as Iceberg 1.11 and later do. Iceberg 1.10 (the oracle on Spark 3.5) offered them on
   * every table and read them as null; docs/differences-from-iceberg.md says so.
   */
  @ParameterizedTest(name = "format v{0}")
  @ValueSource(ints = {1, 2})
  void tablesBelowV3RefuseTheColumns(int formatVersion) {
    String name = "lineage_v" + formatVersion;
    spark.sql("DROP TABLE IF EXISTS " + iceberg(name));
    sql(
        "CREATE TABLE %s (id BIGINT) USING iceberg TBLPROPERTIES ('format-version'='"
            + formatVersion
            + "')",
        name);
    sql("INSERT INTO %s SELECT id FROM range(0, 10)", name);
    for (String column : List.of("_row_id", "_last_updated_sequence_number")) {
      assertThatThrownBy(() -> floeByPath(name, Map.of()).selectExpr("id", column).collect())
          .as("%s by path", column)
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining(column);
      assertThatThrownBy(() -> spark.sql("SELECT id, " + column + " FROM " + floe(name)).collect())
          .as("%s through FloeCatalog", column)
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining(column);
      if (IcebergBuild.version().startsWith("1.10.")) {
        assertThat(spark.sql("SELECT " + column + " FROM " + iceberg(name)).collectAsList())
            .as("Iceberg 1.10 offers %s below v3, null", column)
            .hasSize(10)
            .allMatch(row -> row.isNullAt(0));
      } else {
        assertThatThrownBy(() -> spark.sql("SELECT " + column + " FROM " + iceberg(name)))
            .as("Iceberg %s refuses %s below v3", IcebergBuild.version(), column)
            .isInstanceOf(AnalysisException.class)
            .hasMessageContaining(column);
      }
    }
  }

  private void create(String name, String format, String mode, String properties) {
    spark.sql("DROP TABLE IF EXISTS " + iceberg(name));
    sql(
        "CREATE TABLE %s (id BIGINT, data STRING, grp INT) USING iceberg TBLPROPERTIES ("
            + "'format-version'='3', 'write.format.default'='"
            + format
            + "', 'write.delete.mode'='"
            + mode
            + "', 'write.update.mode'='"
            + mode
            + "', 'write.merge.mode'='"
            + mode
            + "', "
            + properties
            + ")",
        name);
  }

  /** Runs {@code template} with Iceberg's name of the table in place of {@code %s}. */
  private void sql(String template, String name) {
    spark.sql(template.replace("%s", iceberg(name)));
  }

  private void assertSameLineage(String name, String columns, String where) {
    assertSameLineage(name, columns, where, Map.of());
  }

  /**
   * Floe by path (and, without read options, through its catalog) returns Iceberg's rows for {@code
   * SELECT columns, _row_id, _last_updated_sequence_number FROM name WHERE where}.
   */
  private void assertSameLineage(
      String name, String columns, String where, Map<String, String> options) {
    String[] selected = (columns + ", " + LINEAGE).split(",\\s*");
    String filter = where.isEmpty() ? "true" : where;
    Dataset<Row> expected =
        spark.read().options(options).table(iceberg(name)).where(filter).selectExpr(selected);
    String what = name + ": " + columns + " where " + filter + " " + options;
    assertSameRows(
        what + " by path", floeByPath(name, options).where(filter).selectExpr(selected), expected);
    if (options.isEmpty()) {
      assertSameRows(
          what + " through FloeCatalog",
          spark.table(floe(name)).where(filter).selectExpr(selected),
          expected);
    }
  }

  private static void assertSameRows(String what, Dataset<Row> floe, Dataset<Row> iceberg) {
    ReadResult expected = ReadResult.of(iceberg);
    ReadResult actual = ReadResult.of(floe);
    assertThat(expected.rows()).as("%s: Iceberg's rows", what).isNotEmpty();
    assertThat(actual.schema()).as("%s: schema", what).isEqualTo(expected.schema());
    assertThat(actual.rowDifferences(expected)).as(what).isEmpty();
  }

  /** Every row that the original appends wrote and that is still live keeps its row id. */
  private void assertKeptRowIds(String name, Map<Long, Long> appended, String after) {
    Map<Long, Long> now = rowIds(name);
    Map<Long, Long> expected = new HashMap<>(appended);
    expected.keySet().retainAll(now.keySet());
    Map<Long, Long> kept = new HashMap<>(now);
    kept.keySet().retainAll(appended.keySet());
    assertThat(kept).as("row ids of the appended rows after %s", after).isEqualTo(expected);
    assertThat(kept).as("appended rows still live after %s", after).isNotEmpty();
  }

  /** Floe's row id of every live row, by {@code id}. */
  private Map<Long, Long> rowIds(String name) {
    return rowIdsOf(floeByPath(name, Map.of()));
  }

  private static Map<Long, Long> rowIdsOf(Dataset<Row> floe) {
    return byId(floe.selectExpr("id", "_row_id"));
  }

  private Map<Long, Long> sequenceNumbers(String name) {
    return byId(floeByPath(name, Map.of()).selectExpr("id", "_last_updated_sequence_number"));
  }

  private static Map<Long, Long> byId(Dataset<Row> pairs) {
    Map<Long, Long> values = new HashMap<>();
    for (Row row : pairs.collectAsList()) {
      assertThat(row.isNullAt(1)).as("lineage of row %s", row.get(0)).isFalse();
      assertThat(values.put(row.getLong(0), row.getLong(1))).as("id %s", row.get(0)).isNull();
    }
    return values;
  }

  private Set<Long> sequenceNumbersOf(String name, String where) {
    Set<Long> values = new HashSet<>();
    floeByPath(name, Map.of())
        .where(where)
        .select("_last_updated_sequence_number")
        .collectAsList()
        .forEach(row -> values.add(row.getLong(0)));
    assertThat(values).as("sequence numbers where %s", where).isNotEmpty();
    return values;
  }

  private long currentSequenceNumber(String name) {
    return spark
        .sql(
            "SELECT max(sequence_number) FROM "
                + iceberg(name)
                + ".entries WHERE snapshot_id = (SELECT max_by(snapshot_id, committed_at) FROM "
                + iceberg(name)
                + ".snapshots)")
        .first()
        .getLong(0);
  }

  /** Whether every live data file stores {@code _row_id} and the sequence number itself. */
  private boolean storesLineage(String name) {
    List<Row> files =
        spark.sql("SELECT file_path FROM " + iceberg(name) + ".files").collectAsList();
    for (Row file : files) {
      List<String> columns = List.of(spark.read().parquet(file.getString(0)).columns());
      if (!columns.contains("_row_id") || !columns.contains("_last_updated_sequence_number")) {
        return false;
      }
    }
    return !files.isEmpty();
  }

  private int count(String name) {
    return (int) spark.table(iceberg(name)).count();
  }

  private static String[] aggregates() {
    return new String[] {
      "count(_row_id)",
      "min(_row_id)",
      "max(_row_id)",
      "sum(_row_id)",
      "max(_last_updated_sequence_number)",
      "count(DISTINCT _last_updated_sequence_number)"
    };
  }

  private Dataset<Row> floeByPath(String name, Map<String, String> options) {
    return spark
        .read()
        .format("floe")
        .options(options)
        .load(SharedSpark.get().tableLocation("db", name).toString());
  }

  private static String iceberg(String name) {
    return SharedSpark.CATALOG + ".db." + name;
  }

  private static String floe(String name) {
    return FLOE_CATALOG + ".db." + name;
  }
}
