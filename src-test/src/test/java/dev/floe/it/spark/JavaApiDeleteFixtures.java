package dev.floe.it.spark;

import static dev.floe.it.spark.DeleteFixtures.COLUMNS;
import static dev.floe.it.spark.DeleteFixtures.MERGE_ON_READ_V2;
import static dev.floe.it.spark.DeleteFixtures.rows;
import static dev.floe.it.spark.EqualityDeletes.row;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * Delete files Spark SQL does not write, written with Apache Iceberg's Java API: position delete
 * files that carry the deleted rows in their optional {@code row} column and reference several data
 * files (and one path the table never had), and equality deletes on columns promoted after the
 * deletes were written (int to long, float to double, decimal to a precision past 18 digits).
 */
final class JavaApiDeleteFixtures {
  private JavaApiDeleteFixtures() {}

  static List<DeleteFixture> create(FixtureWriter writer) {
    return List.of(
        positionDeletesWithRows(writer),
        promotedEqualityColumns(writer),
        equalityDeletesWithDeletionVectors(writer));
  }

  private static DeleteFixture positionDeletesWithRows(FixtureWriter writer) {
    String name = "pos_deletes_with_rows";
    writer.sql(
        name,
        "CREATE TABLE {t} (" + COLUMNS + ") USING iceberg TBLPROPERTIES (" + MERGE_ON_READ_V2 + ")",
        "INSERT INTO {t} SELECT /*+ REPARTITION(2) */ * FROM (" + rows(0, 600) + ")");
    Table table = DeleteFixtures.icebergTable(writer, name);
    writePositionDeletes(table, FileFormat.PARQUET, new long[] {0, 1, 2, 57, 58});
    writer.sql(name, "INSERT INTO {t} SELECT * FROM (" + rows(600, 700) + ")");
    writePositionDeletes(table, FileFormat.AVRO, new long[] {3, 99});
    writer.sql(name, "REFRESH TABLE {t}", "DELETE FROM {t} WHERE id % 9 = 4");
    return DeleteFixtures.inspect(
        writer,
        name,
        Set.of(DeleteKind.POSITION_PARQUET, DeleteKind.POSITION_AVRO),
        List.of(
            DeleteQuery.of(ReadQuery.where("n = 2"))
                .withOracle(DeleteOracle.ICEBERG_FULL_SCAN_FILTERED_BY_SPARK),
            DeleteQuery.of(ReadQuery.select("name", "_pos"))));
  }

  /**
   * One delete file for every live data file at the given positions within it and its last row,
   * with the row column filled, and the same positions of one extra path that matches no data file.
   */
  private static void writePositionDeletes(Table table, FileFormat format, long[] positions) {
    table.refresh();
    List<DataFile> dataFiles = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> dataFiles.add(task.file()));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan " + table.name(), e);
    }
    List<String> paths = new ArrayList<>();
    dataFiles.forEach(file -> paths.add(file.location()));
    String missing = table.location() + "/data/no-such-file-" + UUID.randomUUID() + ".parquet";
    paths.add(missing);
    paths.sort(Comparator.naturalOrder());
    String location =
        table
            .locationProvider()
            .newDataLocation(format.addExtension("pos-deletes-" + UUID.randomUUID()));
    PositionDeletesWithRowsWriter writer =
        new PositionDeletesWithRowsWriter(
            table.io().newOutputFile(location), format, table.spec(), table.schema());
    try (writer) {
      for (String path : paths) {
        long rowCount =
            dataFiles.stream()
                .filter(file -> file.location().equals(path))
                .mapToLong(DataFile::recordCount)
                .findFirst()
                .orElse(10);
        // Floe refuses a position past the end of its data file as corrupt, where Iceberg ignores
        // it: the spec leaves it open, so the fixture keeps within each file.
        for (long position : positions) {
          if (position < rowCount - 1) {
            writer.delete(path, position, deletedRow(table, position));
          }
        }
        writer.delete(path, rowCount - 1, deletedRow(table, rowCount - 1));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write position deletes for " + table.name(), e);
    }
    table.newRowDelta().addDeletes(writer.toDeleteFile()).commit();
  }

  /** The row column holds a stand-in row: readers must ignore it. */
  private static Record deletedRow(Table table, long position) {
    GenericRecord row = GenericRecord.create(table.schema());
    row.setField("id", position);
    row.setField("name", "deleted-" + position);
    return row;
  }

  /** Format v3: equality deletes next to deletion vectors on the same data files. */
  private static DeleteFixture equalityDeletesWithDeletionVectors(FixtureWriter writer) {
    String name = "eq_v3_with_dvs";
    writer.sql(
        name,
        "CREATE TABLE {t} ("
            + COLUMNS
            + ") USING iceberg TBLPROPERTIES ("
            + DeleteFixtures.MERGE_ON_READ_V3
            + ")",
        "INSERT INTO {t} SELECT /*+ REPARTITION(2) */ * FROM (" + rows(0, 500) + ")",
        "DELETE FROM {t} WHERE id % 7 = 0");
    Table table = DeleteFixtures.icebergTable(writer, name);
    EqualityDeletes.on(List.of("n"), List.of(row(3))).commit(table);
    writer.sql(name, "REFRESH TABLE {t}", "UPDATE {t} SET n = 3 WHERE id % 11 = 0");
    EqualityDeletes.on(List.of("name"), List.of(row("name-1"), row((Object) null)))
        .inFormat(FileFormat.AVRO)
        .commit(table);
    writer.sql(name, "REFRESH TABLE {t}", "DELETE FROM {t} WHERE id BETWEEN 40 AND 60");
    return DeleteFixtures.inspect(
        writer,
        name,
        Set.of(DeleteKind.DELETION_VECTOR, DeleteKind.EQUALITY_PARQUET, DeleteKind.EQUALITY_AVRO),
        ReadQuery.where("n = 3"),
        ReadQuery.select("id", "day"));
  }

  private static DeleteFixture promotedEqualityColumns(FixtureWriter writer) {
    String name = "eq_promoted_columns";
    String select =
        "SELECT id, CAST(id % 10 AS INT), CAST(id % 8 / 4.0 AS FLOAT), CAST(id % 7 * 1.5 AS"
            + " DECIMAL(9, 2))";
    writer.sql(
        name,
        "CREATE TABLE {t} (id bigint, i int, f float, amount decimal(9, 2)) USING iceberg"
            + " TBLPROPERTIES ("
            + MERGE_ON_READ_V2
            + ")",
        "INSERT INTO {t} " + select + " FROM range(0, 300)");
    Table table = DeleteFixtures.icebergTable(writer, name);
    EqualityDeletes.on(List.of("i"), List.of(row(3))).commit(table);
    EqualityDeletes.on(List.of("f"), List.of(row(0.5f))).commit(table);
    EqualityDeletes.on(List.of("amount"), List.of(row(new BigDecimal("4.50")))).commit(table);
    writer.sql(
        name,
        "REFRESH TABLE {t}",
        "ALTER TABLE {t} ALTER COLUMN i TYPE bigint",
        "ALTER TABLE {t} ALTER COLUMN f TYPE double",
        "ALTER TABLE {t} ALTER COLUMN amount TYPE decimal(20, 2)",
        "INSERT INTO {t} " + select + " FROM range(300, 400)");
    table = DeleteFixtures.icebergTable(writer, name);
    EqualityDeletes.on(List.of("i"), List.of(row(4L))).commit(table);
    EqualityDeletes.on(List.of("f"), List.of(row(1.25d))).commit(table);
    EqualityDeletes.on(List.of("amount"), List.of(row(new BigDecimal("6.00")))).commit(table);
    writer.sql(name, "REFRESH TABLE {t}");
    return DeleteFixtures.inspect(
        writer,
        name,
        Set.of(DeleteKind.EQUALITY_PARQUET),
        ReadQuery.select("id"),
        ReadQuery.where("i < 6"));
  }
}
