package dev.floe.it.spark;

import static dev.floe.it.spark.DeleteFixtures.COLUMNS;
import static dev.floe.it.spark.DeleteFixtures.MERGE_ON_READ_V2;
import static dev.floe.it.spark.DeleteFixtures.rows;
import static dev.floe.it.spark.EqualityDeletes.row;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Table;

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
        oneColumn(writer), twoColumnsWithNulls(writer), types(writer), partitioned(writer));
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
   * Unpartitioned first, then partitioned by category: deletes in the unpartitioned spec apply to
   * every file; deletes scoped to the red partition (Avro) or the null partition of the later spec
   * apply only to files of that spec and partition, so older red rows with the same values live.
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
    writer.sql(name, "REFRESH TABLE {t}");
    return DeleteFixtures.inspect(
        writer,
        name,
        Set.of(DeleteKind.EQUALITY_PARQUET, DeleteKind.EQUALITY_AVRO),
        ReadQuery.where("category = 'red'"),
        ReadQuery.where("n IN (4, 6, 8, 10)"),
        ReadQuery.select("id", "name"),
        ReadQuery.select("id", "_spec_id", "_deleted"));
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
