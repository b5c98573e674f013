package dev.floe.it.spark;

import static dev.floe.it.spark.DeleteFixtures.COLUMNS;
import static dev.floe.it.spark.DeleteFixtures.MERGE_ON_READ_V2;
import static dev.floe.it.spark.DeleteFixtures.rows;
import static dev.floe.it.spark.EqualityDeletes.row;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Table;
import org.apache.iceberg.util.DateTimeUtil;

/**
 * Tables with equality deletes, written with Apache Iceberg's Java API into tables Spark SQL
 * created and filled: deletes on one column and on two with nulls, deletes older than some data
 * (which they must not delete), deletes committed with data in one snapshot, unpartitioned deletes
 * on a partitioned table next to partition-scoped ones, several delete files with different
 * equality columns on one data file, in Parquet and Avro, mixed with position deletes.
 */
final class EqualityDeleteFixtures {
  private EqualityDeleteFixtures() {}

  static List<DeleteFixture> create(FixtureWriter writer) {
    return List.of(
        oneColumn(writer),
        twoColumnsWithNulls(writer),
        types(writer),
        valueTypes(writer),
        partitioned(writer),
        evolvedSchema(writer));
  }

  /**
   * Deletes on {@code n}, then newer rows with the deleted values (live), then data committed with
   * its own deletes (live), deletes on {@code id} in Avro, and a merge-on-read SQL DELETE.
   */
  private static DeleteFixture oneColumn(FixtureWriter writer) {
    String name = "eq_one_column";
    create(writer, name);
    writer.sql(name, "INSERT INTO {t} SELECT /*+ REPARTITION(2) */ * FROM (" + rows(0, 400) + ")");
    Table table = DeleteFixtures.icebergTable(writer, name);
    EqualityDeletes.on(List.of("n"), List.of(row(3), row(7))).commit(table);
    writer.sql(name, "INSERT INTO {t} SELECT * FROM (" + rows(400, 600) + ")");
    EqualityDeletes.on(List.of("n"), List.of(row(5)))
        .commitWithData(
            table,
            List.of(
                row(
                    9001L,
                    5,
                    "same-commit",
                    "red",
                    LocalDate.of(2024, 3, 1),
                    new BigDecimal("1.00")),
                row(
                    9002L,
                    6,
                    "same-commit",
                    null,
                    LocalDate.of(2024, 3, 2),
                    new BigDecimal("2.00"))));
    EqualityDeletes.on(List.of("id"), List.of(row(1L), row(2L), row(401L), row(9002L), row(99999L)))
        .inFormat(FileFormat.AVRO)
        .commit(table);
    writer.sql(name, "REFRESH TABLE {t}", "DELETE FROM {t} WHERE id % 10 = 6");
    return DeleteFixtures.inspect(
        writer,
        name,
        Set.of(DeleteKind.EQUALITY_PARQUET, DeleteKind.EQUALITY_AVRO, DeleteKind.POSITION_PARQUET),
        ReadQuery.where("n < 8"),
        ReadQuery.where("category = 'red'"),
        ReadQuery.select("name", "day"),
        ReadQuery.where("name = 'name-3'").withColumns("day", "amount"));
  }

  /** Deletes on (category, name) where null equals null: both null, one null, neither. */
  private static DeleteFixture twoColumnsWithNulls(FixtureWriter writer) {
    String name = "eq_two_columns_nulls";
    create(writer, name);
    writer.sql(name, "INSERT INTO {t} SELECT /*+ REPARTITION(2) */ * FROM (" + rows(0, 500) + ")");
    EqualityDeletes.on(
            List.of("category", "name"),
            List.of(
                row(null, null),
                row("red", null),
                row(null, "name-5"),
                row("green", "name-1"),
                row("blue", "no-such-name")))
        .commit(DeleteFixtures.icebergTable(writer, name));
    return DeleteFixtures.inspect(
        writer,
        name,
        Set.of(DeleteKind.EQUALITY_PARQUET),
        ReadQuery.where("category IS NULL OR name IS NULL"),
        ReadQuery.select("id", "n", "day"),
        ReadQuery.where("name = 'name-1'").withColumns("id"));
  }

  /**
   * One data file, four equality delete files each on a different column: date, decimal, string and
   * long values compare by value.
   */
  private static DeleteFixture types(FixtureWriter writer) {
    String name = "eq_types";
    create(writer, name);
    writer.sql(name, "INSERT INTO {t} SELECT /*+ REPARTITION(1) */ * FROM (" + rows(0, 500) + ")");
    Table table = DeleteFixtures.icebergTable(writer, name);
    EqualityDeletes.on(
            List.of("day"), List.of(row(LocalDate.of(2024, 1, 5)), row(LocalDate.of(2024, 2, 1))))
        .commit(table);
    EqualityDeletes.on(
            List.of("amount"), List.of(row(new BigDecimal("12.50")), row(new BigDecimal("100.00"))))
        .commit(table);
    EqualityDeletes.on(List.of("name"), List.of(row("name-9"), row("name-36")))
        .inFormat(FileFormat.AVRO)
        .commit(table);
    EqualityDeletes.on(List.of("id"), List.of(row(11L), row(12L), row(499L))).commit(table);
    return DeleteFixtures.inspect(
        writer,
        name,
        Set.of(DeleteKind.EQUALITY_PARQUET, DeleteKind.EQUALITY_AVRO),
        ReadQuery.select("category", "n"),
        ReadQuery.where("amount > 300"),
        ReadQuery.where("day < DATE'2024-01-10'").withColumns("id", "day"));
  }

  /**
   * Values Spark represents differently from Iceberg, or whose equality is subtle: NaN equals NaN
   * and -0.0 differs from 0.0 (Iceberg compares doubles and floats by their total order), an empty
   * binary and an empty string, multi-byte UTF-8, timestamps with and without zone, and a boolean
   * with a string in one delete file.
   */
  private static DeleteFixture valueTypes(FixtureWriter writer) {
    String name = "eq_value_types";
    writer.sql(
        name,
        "CREATE TABLE {t} (id bigint, d double, f float, flag boolean, s string, ts timestamp,"
            + " ts_ntz timestamp_ntz, b binary) USING iceberg TBLPROPERTIES ("
            + MERGE_ON_READ_V2
            + ")",
        """
        INSERT INTO {t} SELECT /*+ REPARTITION(1) */ id,
          CASE id % 10 WHEN 0 THEN CAST('NaN' AS DOUBLE) WHEN 1 THEN -0.0D WHEN 2 THEN 0.0D
            WHEN 3 THEN NULL ELSE id / 4.0D END,
          CASE WHEN id % 7 = 0 THEN CAST('NaN' AS FLOAT) ELSE CAST(id % 5 AS FLOAT) END,
          id % 2 = 0,
          IF(id % 11 = 0, NULL, element_at(array('日本', '', 'é', 'plain'), CAST(id % 4 AS INT) + 1)),
          timestamp_micros(1700000000000000 + id % 6 * 1000001),
          CAST(timestamp_micros(1600000000000000 + id % 8 * 7) AS TIMESTAMP_NTZ),
          CASE id % 9 WHEN 0 THEN X'00FF' WHEN 1 THEN X'' ELSE CAST(concat('b', CAST(id % 4 AS STRING)) AS BINARY) END
        FROM range(0, 400)
        """);
    Table table = DeleteFixtures.icebergTable(writer, name);
    EqualityDeletes.on(List.of("d"), List.of(row(Double.NaN), row(-0.0d))).commit(table);
    EqualityDeletes.on(List.of("f"), List.of(row(Float.NaN), row(2.0f)))
        .inFormat(FileFormat.AVRO)
        .commit(table);
    EqualityDeletes.on(
            List.of("flag", "s"), List.of(row(true, "日本"), row(false, ""), row(true, null)))
        .commit(table);
    EqualityDeletes.on(
            List.of("ts", "ts_ntz"),
            List.of(
                row(
                    DateTimeUtil.timestamptzFromMicros(1700000000000000L + 2 * 1000001L),
                    DateTimeUtil.timestampFromMicros(1600000000000000L + 2 * 7L))))
        .commit(table);
    EqualityDeletes.on(
            List.of("b"),
            List.of(row(ByteBuffer.wrap(new byte[] {0, (byte) 0xFF})), row(ByteBuffer.allocate(0))))
        .inFormat(FileFormat.AVRO)
        .commit(table);
    return DeleteFixtures.inspect(
        writer,
        name,
        Set.of(DeleteKind.EQUALITY_PARQUET, DeleteKind.EQUALITY_AVRO),
        List.of(
            DeleteQuery.of(ReadQuery.select("id")),
            DeleteQuery.of(ReadQuery.where("d > 10"))
                .withOracle(DeleteOracle.ICEBERG_FULL_SCAN_FILTERED_BY_SPARK),
            DeleteQuery.of(ReadQuery.where("d < 10")),
            DeleteQuery.of(ReadQuery.where("s = 'é'").withColumns("id", "flag")),
            DeleteQuery.of(ReadQuery.select("id", "ts", "_deleted"))));
  }

  /**
   * Unpartitioned first, then partitioned by category: deletes in the unpartitioned spec apply to
   * every file; deletes scoped to the red partition (Avro) or the null partition of the later spec
   * apply only to files of that spec and partition, so older red rows with the same values live. A
   * last one deletes on the partition source column itself, and a SQL DELETE adds position deletes
   * in both specs.
   */
  private static DeleteFixture partitioned(FixtureWriter writer) {
    String name = "eq_partitioned";
    create(writer, name);
    writer.sql(
        name,
        "INSERT INTO {t} SELECT /*+ REPARTITION(1) */ * FROM (" + rows(0, 300) + ")",
        "ALTER TABLE {t} ADD PARTITION FIELD category",
        "INSERT INTO {t} SELECT * FROM (" + rows(300, 600) + ")");
    Table table = DeleteFixtures.icebergTable(writer, name);
    EqualityDeletes.on(List.of("n"), List.of(row(4))).commit(table);
    EqualityDeletes.on(List.of("n"), List.of(row(6), row(8)))
        .inFormat(FileFormat.AVRO)
        .inPartition(1, "red")
        .commit(table);
    EqualityDeletes.on(List.of("n"), List.of(row(6), row(10)))
        .inPartition(1, (Object) null)
        .commit(table);
    // On the identity partition's source column, which Floe may fill from the partition.
    EqualityDeletes.on(List.of("category"), List.of(row("blue"))).commit(table);
    writer.sql(name, "REFRESH TABLE {t}", "DELETE FROM {t} WHERE id % 10 = 7");
    return DeleteFixtures.inspect(
        writer,
        name,
        Set.of(DeleteKind.EQUALITY_PARQUET, DeleteKind.EQUALITY_AVRO, DeleteKind.POSITION_PARQUET),
        ReadQuery.where("category = 'red'"),
        ReadQuery.where("n IN (4, 6, 8, 10)"),
        ReadQuery.select("id", "name"),
        ReadQuery.select("id", "_spec_id", "_deleted"),
        ReadQuery.where("n > 15").withColumns("id", "_pos"));
  }

  /**
   * Equality deletes across schema changes: on a column added after the first files were written
   * (those files hold null for it, so a null in the delete matches their rows), and on a column
   * renamed after the delete was written (field ids, not names, tie them).
   */
  private static DeleteFixture evolvedSchema(FixtureWriter writer) {
    String name = "eq_evolved_schema";
    String oldRows = "SELECT id, CAST(id % 20 AS INT), concat('name-', CAST(id % 37 AS STRING))";
    String newRows = oldRows + ", IF(id % 3 = 0, NULL, concat('x-', CAST(id % 5 AS STRING)))";
    writer.sql(
        name,
        "CREATE TABLE {t} (id bigint, n int, name string) USING iceberg TBLPROPERTIES ("
            + MERGE_ON_READ_V2
            + ")",
        "INSERT INTO {t} " + oldRows + " FROM range(0, 200)",
        "ALTER TABLE {t} ADD COLUMN extra string",
        "INSERT INTO {t} " + newRows + " FROM range(200, 400)");
    Table table = DeleteFixtures.icebergTable(writer, name);
    EqualityDeletes.on(List.of("extra", "n"), List.of(row(null, 3), row("x-1", 5))).commit(table);
    writer.sql(name, "ALTER TABLE {t} RENAME COLUMN n TO m");
    table = DeleteFixtures.icebergTable(writer, name);
    EqualityDeletes.on(List.of("m"), List.of(row(4))).commit(table);
    EqualityDeletes.on(List.of("extra"), List.of(row("x-3"))).commit(table);
    writer.sql(name, "REFRESH TABLE {t}", "INSERT INTO {t} " + newRows + " FROM range(400, 500)");
    return DeleteFixtures.inspect(
        writer,
        name,
        Set.of(DeleteKind.EQUALITY_PARQUET),
        List.of(
            DeleteQuery.of(ReadQuery.where("extra IS NULL")).fromSnapshot(2),
            DeleteQuery.of(ReadQuery.select("id", "name")),
            DeleteQuery.of(ReadQuery.where("id < 200").withColumns("id", "_pos", "_deleted"))));
  }

  /** Unpartitioned at first; merge-on-read for the SQL DELETE that mixes in position deletes. */
  private static void create(FixtureWriter writer, String name) {
    writer.sql(
        name,
        "CREATE TABLE {t} ("
            + COLUMNS
            + ") USING iceberg TBLPROPERTIES ("
            + MERGE_ON_READ_V2
            + ")");
  }
}
