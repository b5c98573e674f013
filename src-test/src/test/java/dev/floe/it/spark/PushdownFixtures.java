package dev.floe.it.spark;

import static dev.floe.it.spark.DeleteFixtures.COLUMNS;
import static dev.floe.it.spark.DeleteFixtures.MERGE_ON_READ_V2;
import static dev.floe.it.spark.DeleteFixtures.MERGE_ON_READ_V3;
import static dev.floe.it.spark.DeleteFixtures.rows;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;

/**
 * Tables the pushdown suites need beyond the delete matrix, each written once per test JVM: a table
 * compacted after merge-on-read deletes, a table never written, tables whose data files were
 * removed after their deletes were written (a count must not need them), a table of many data files
 * (a limit must not plan them all), and a partitioned fact table with a small dimension table
 * (runtime filters must prune the fact table's files).
 */
final class PushdownFixtures {
  /** The fact table's partition column values, and its file-clustered column's value ranges. */
  static final int FACT_PARTITIONS = 4;

  static final int FACT_RANGES = 4;
  static final int FACT_RANGE_WIDTH = 100;

  /** Rows of the many-files table, and how many data files it is written into. */
  static final long MANY_FILES_ROWS = 4000;

  static final int MANY_FILES = 8;

  private static final WrittenOnce<DeleteFixture> COMPACTED =
      new WrittenOnce<>("the compacted table", () -> compacted(writer()));
  private static final WrittenOnce<DeleteFixture> EVOLVED =
      new WrittenOnce<>("the evolved table", () -> evolved(writer()));
  private static final WrittenOnce<String> EVOLVED_KEYS =
      new WrittenOnce<>("the keys of the evolved table", () -> evolvedKeys(writer()));
  private static final WrittenOnce<ReadFixture> NEVER_WRITTEN =
      new WrittenOnce<>("the never-written table", () -> neverWritten(writer()));
  private static final WrittenOnce<List<TableWithoutDataFiles>> WITHOUT_DATA_FILES =
      new WrittenOnce<>("the tables without data files", () -> withoutDataFiles(writer()));
  private static final WrittenOnce<ReadFixture> MANY_FILES_TABLE =
      new WrittenOnce<>("the many-files table", () -> manyFiles(writer()));
  private static final WrittenOnce<StarSchema> STAR_SCHEMA =
      new WrittenOnce<>("the fact and dimension tables", () -> starSchema(writer()));

  private PushdownFixtures() {}

  /**
   * A table whose data files were removed after it was written, keeping its metadata and delete
   * files, and what it held before: its live rows (counted by Iceberg) and the removed files.
   */
  record TableWithoutDataFiles(
      String name, Path location, long liveRows, List<String> removedDataFiles) {
    TableWithoutDataFiles {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(location, "location");
      removedDataFiles = List.copyOf(removedDataFiles);
      if (removedDataFiles.isEmpty()) {
        throw new IllegalArgumentException("Table " + name + " had no data file to remove");
      }
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** A fact table partitioned by {@code k} and a small dimension table naming some of its keys. */
  record StarSchema(String fact, String dimension, Path factLocation, Path dimensionLocation) {}

  /**
   * v2 merge-on-read deletes and an update, then every data file rewritten with its deletes
   * applied: the old position delete files may stay in the metadata, but apply to no live file.
   */
  static DeleteFixture compacted() {
    return COMPACTED.get();
  }

  /**
   * Bounds a reader must decode or distrust: columns promoted after files were written (int to
   * long, float to double, a wider decimal), renamed, and added (absent from older files), dates
   * and timestamps before 1970, negative decimals, strings longer than Iceberg's 16-character bound
   * truncation sharing a long prefix, a float column with NaN, and columns kept without bounds
   * ({@code counts}) or without any metrics ({@code none}). No deletes.
   */
  static DeleteFixture evolved() {
    return EVOLVED.get();
  }

  /**
   * A small table of join keys into {@link #evolved()}: the promoted, widened and pre-1970 values
   * of its rows 5 (in a file written before the promotions) and 350 (after), labelled {@code pick},
   * and a row matching nothing. Returns its catalog identifier.
   */
  static String evolvedKeys() {
    return EVOLVED_KEYS.get();
  }

  /** Created, never written: no snapshot at all. */
  static ReadFixture neverWritten() {
    return NEVER_WRITTEN.get();
  }

  /** A v3 table with deletion vectors and a v2 table with position delete files. */
  static List<TableWithoutDataFiles> withoutDataFiles() {
    return WITHOUT_DATA_FILES.get();
  }

  /** {@link #MANY_FILES_ROWS} rows in {@link #MANY_FILES} data files, no deletes. */
  static ReadFixture manyFiles() {
    return MANY_FILES_TABLE.get();
  }

  static StarSchema starSchema() {
    return STAR_SCHEMA.get();
  }

  private static FixtureWriter writer() {
    FixtureWriter writer = new FixtureWriter(SharedSpark.get());
    writer.sql(
        "", "CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + FixtureWriter.DATABASE);
    return writer;
  }

  private static DeleteFixture compacted(FixtureWriter writer) {
    String name = "pushdown_compacted";
    writer.sql(
        name,
        "CREATE TABLE {t} ("
            + COLUMNS
            + ") USING iceberg PARTITIONED BY (category) TBLPROPERTIES ("
            + MERGE_ON_READ_V2
            + ")",
        "INSERT INTO {t} SELECT /*+ REPARTITION(2) */ * FROM (" + rows(0, 600) + ")",
        "DELETE FROM {t} WHERE id % 7 = 0",
        "UPDATE {t} SET n = n + 100 WHERE id % 11 = 0",
        "CALL ice.system.rewrite_data_files(table => '"
            + FixtureWriter.DATABASE
            + "."
            + name
            + "', options => map('rewrite-all', 'true'))");
    DeleteFixture fixture =
        DeleteFixtures.inspect(
            writer, name, Set.of(DeleteKind.POSITION_PARQUET), ReadQuery.where("n > 100"));
    TableSnapshot last = fixture.snapshots().get(fixture.snapshots().size() - 1);
    IcebergPlan plan = IcebergPlan.of(DeleteFixtures.icebergTable(writer, name), last.snapshotId());
    if (!last.operation().equals("replace") || !plan.withoutAnyDeletes()) {
      throw new IllegalStateException(
          "Fixture " + name + " should end with a compaction that leaves no deletes: " + plan);
    }
    return fixture;
  }

  private static DeleteFixture evolved(FixtureWriter writer) {
    String name = "pushdown_evolved";
    writer.sql(
        name,
        "CREATE TABLE {t} (id bigint, i int, f float, amount decimal(9, 2), day date, ts timestamp,"
            + " ts_ntz timestamp_ntz, name string, flag boolean) USING iceberg TBLPROPERTIES ("
            + "'format-version' = '2', 'write.metadata.metrics.column.ts_ntz' = 'counts')",
        """
        INSERT INTO {t} SELECT /*+ REPARTITION(2) */ id, CAST(id - 150 AS INT) * 1000,
          IF(id % 50 = 7, CAST('NaN' AS FLOAT), CAST(id / 8.0 AS FLOAT)),
          CAST((id - 150) * 1.25 AS DECIMAL(9, 2)), date_add(DATE'1969-12-01', CAST(id AS INT)),
          timestamp_micros(-259200000000 + id * 1000003),
          CAST(timestamp_micros(1600000000000000 + id * 7) AS TIMESTAMP_NTZ),
          IF(id % 9 = 0, NULL, concat('a-long-common-prefix-', CAST(id AS STRING))), id % 2 = 0
        FROM range(0, 300)
        """,
        "ALTER TABLE {t} ALTER COLUMN i TYPE bigint",
        "ALTER TABLE {t} ALTER COLUMN f TYPE double",
        "ALTER TABLE {t} ALTER COLUMN amount TYPE decimal(20, 2)",
        "ALTER TABLE {t} RENAME COLUMN name TO label",
        "ALTER TABLE {t} ADD COLUMN extra int",
        "ALTER TABLE {t} SET TBLPROPERTIES ('write.metadata.metrics.column.extra' = 'none')",
        """
        INSERT INTO {t} SELECT /*+ REPARTITION(1) */ id, 3000000000 + id, id / 3.0D,
          CAST(id * 1000000000.5 AS DECIMAL(20, 2)), date_add(DATE'2030-01-01', CAST(id AS INT)),
          timestamp_micros(1900000000000000 + id), CAST(timestamp_micros(id) AS TIMESTAMP_NTZ),
          IF(id % 7 = 0, NULL, concat('a-long-common-prefix-', CAST(id AS STRING), '-é')),
          id % 3 = 0, IF(id % 3 = 0, NULL, CAST(id AS INT))
        FROM range(300, 400)
        """,
        """
        INSERT INTO {t} SELECT /*+ REPARTITION(1) */ id, -5000000000 - id, NULL,
          CAST(-99999999.99 AS DECIMAL(20, 2)), NULL, NULL, NULL, NULL, NULL, NULL
        FROM range(400, 410)
        """);
    return DeleteFixtures.inspect(writer, name, Set.of());
  }

  private static String evolvedKeys(FixtureWriter writer) {
    String evolved = evolved().identifier();
    String name = "pushdown_evolved_keys";
    writer.sql(
        name,
        "CREATE TABLE {t} (i bigint, amount decimal(20, 2), day date, ts_ntz timestamp_ntz,"
            + " label string) USING iceberg",
        "INSERT INTO {t} SELECT i, amount, day, ts_ntz, 'pick' FROM "
            + evolved
            + " WHERE id IN (5, 350)",
        "INSERT INTO {t} VALUES (1, 1.00, DATE'2000-01-01', TIMESTAMP_NTZ'2000-01-01 00:00:00',"
            + " 'other')");
    return writer.identifier(name);
  }

  private static ReadFixture neverWritten(FixtureWriter writer) {
    String name = "pushdown_never_written";
    writer.sql(name, "CREATE TABLE {t} (id bigint, name string) USING iceberg");
    return writer.fixture(name, 0);
  }

  private static List<TableWithoutDataFiles> withoutDataFiles(FixtureWriter writer) {
    return List.of(
        withoutDataFiles(writer, "pushdown_dv_without_data", MERGE_ON_READ_V3),
        withoutDataFiles(writer, "pushdown_positions_without_data", MERGE_ON_READ_V2));
  }

  private static TableWithoutDataFiles withoutDataFiles(
      FixtureWriter writer, String name, String properties) {
    writer.sql(
        name,
        "CREATE TABLE {t} (" + COLUMNS + ") USING iceberg TBLPROPERTIES (" + properties + ")",
        "INSERT INTO {t} SELECT /*+ REPARTITION(2) */ * FROM (" + rows(0, 600) + ")",
        "DELETE FROM {t} WHERE id % 7 = 0",
        "INSERT INTO {t} SELECT * FROM (" + rows(600, 700) + ")",
        "DELETE FROM {t} WHERE id BETWEEN 100 AND 180");
    Table table = DeleteFixtures.icebergTable(writer, name);
    long liveRows = writer.session().table(writer.identifier(name)).count();
    List<String> dataFiles = new ArrayList<>();
    long withDeletes = 0;
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      for (FileScanTask task : tasks) {
        dataFiles.add(task.file().location());
        withDeletes += task.deletes().isEmpty() ? 0 : 1;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan " + table.name(), e);
    }
    if (withDeletes < 2) {
      throw new IllegalStateException(
          "Fixture " + name + " should have deletes on several data files: " + withDeletes);
    }
    for (String file : dataFiles) {
      try {
        Files.delete(Path.of(URI.create(file.startsWith("/") ? "file:" + file : file)));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot remove data file " + file + " of " + name, e);
      }
    }
    return new TableWithoutDataFiles(
        name,
        writer.spark().tableLocation(FixtureWriter.DATABASE, name),
        liveRows,
        List.copyOf(dataFiles));
  }

  private static ReadFixture manyFiles(FixtureWriter writer) {
    String name = "pushdown_many_files";
    writer.sql(
        name,
        "CREATE TABLE {t} (" + COLUMNS + ") USING iceberg",
        "INSERT INTO {t} SELECT /*+ REPARTITION("
            + MANY_FILES
            + ") */ * FROM ("
            + rows(0, MANY_FILES_ROWS)
            + ")");
    Table table = DeleteFixtures.icebergTable(writer, name);
    long files = IcebergPlan.of(table, table.currentSnapshot().snapshotId()).dataFiles();
    if (files != MANY_FILES) {
      throw new IllegalStateException(
          "Fixture " + name + " should have " + MANY_FILES + " data files, has " + files);
    }
    return writer.fixture(name, MANY_FILES_ROWS);
  }

  /**
   * The fact table holds, in every partition {@code k}, one data file per range of {@code c}
   * ({@code [0, 100)}, {@code [100, 200)}, ...), so the files' bounds on {@code c} do not overlap
   * within a partition. The dimension table names partition 1 and three values of range 2.
   */
  private static StarSchema starSchema(FixtureWriter writer) {
    String fact = "pushdown_fact";
    String dimension = "pushdown_dimension";
    writer.sql(
        fact,
        "CREATE TABLE {t} (id bigint, k int, c int, payload string) USING iceberg"
            + " PARTITIONED BY (k)");
    for (int range = 0; range < FACT_RANGES; range++) {
      long from = (long) range * FACT_RANGE_WIDTH * FACT_PARTITIONS;
      long to = from + (long) FACT_RANGE_WIDTH * FACT_PARTITIONS;
      writer.sql(
          fact,
          "INSERT INTO {t} SELECT /*+ REPARTITION(1) */ id, CAST(id % "
              + FACT_PARTITIONS
              + " AS INT), CAST(id DIV "
              + FACT_PARTITIONS
              + " AS INT), concat('p-', CAST(id AS STRING)) FROM range("
              + from
              + ", "
              + to
              + ")");
    }
    writer.sql(
        dimension,
        "CREATE TABLE {t} (k int, c int, label string) USING iceberg",
        "INSERT INTO {t} VALUES (1, 205, 'partition-one'), (5, 250, 'range-two'),"
            + " (6, 233, 'range-two'), (7, 299, 'range-two'), (9, 999, 'nothing')");
    Table factTable = DeleteFixtures.icebergTable(writer, fact);
    long files = IcebergPlan.of(factTable, factTable.currentSnapshot().snapshotId()).dataFiles();
    if (files != (long) FACT_PARTITIONS * FACT_RANGES) {
      throw new IllegalStateException(
          "Fixture " + fact + " should have one file per partition and range, has " + files);
    }
    return new StarSchema(
        writer.identifier(fact),
        writer.identifier(dimension),
        writer.spark().tableLocation(FixtureWriter.DATABASE, fact),
        writer.spark().tableLocation(FixtureWriter.DATABASE, dimension));
  }
}
