package dev.floe.it.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.spark.Spark3Util;

/**
 * Every table of the delete matrix, written once per test JVM into the read matrix's warehouse, and
 * what each really holds: its snapshots with Iceberg's row counts and its delete files by kind. A
 * fixture that misses the kind of delete it is named for (say a merge-on-read DELETE that became
 * copy-on-write) fails here, before any read is compared.
 */
final class DeleteFixtures {
  static final String COLUMNS =
      "id bigint, n int, name string, category string, day date, amount decimal(10, 2)";

  /**
   * Rows for {@link #COLUMNS}, named so they also serve as a MERGE source. {@code name} and {@code
   * category} hold nulls (both at ids 0 and 221), {@code n} cycles through 0 to 19.
   */
  private static final String SELECT_ROWS =
      """
      SELECT id, CAST(id % 20 AS INT) AS n,
        IF(id % 17 = 0, NULL, concat('name-', CAST(id % 37 AS STRING))) AS name,
        IF(id % 13 = 0, NULL, element_at(array('red', 'green', 'blue'), CAST(id % 3 AS INT) + 1))
          AS category,
        date_add(DATE'2024-01-01', CAST(id % 45 AS INT)) AS day,
        CAST(id * 1.25 AS DECIMAL(10, 2)) AS amount
      FROM range({from}, {to})
      """;

  static final String MERGE_ON_READ_V2 =
      "'format-version' = '2', 'write.delete.mode' = 'merge-on-read',"
          + " 'write.update.mode' = 'merge-on-read', 'write.merge.mode' = 'merge-on-read'";

  static final String MERGE_ON_READ_V3 = MERGE_ON_READ_V2.replace("'2'", "'3'");

  private static final WrittenOnce<List<DeleteFixture>> SHARED =
      new WrittenOnce<>("the delete fixtures", () -> create(new FixtureWriter(SharedSpark.get())));

  private DeleteFixtures() {}

  static List<DeleteFixture> shared() {
    return SHARED.get();
  }

  private static List<DeleteFixture> create(FixtureWriter writer) {
    writer.sql(
        "", "CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + FixtureWriter.DATABASE);
    List<DeleteFixture> fixtures = new ArrayList<>();
    fixtures.addAll(timed("position deletes", () -> PositionDeleteFixtures.create(writer)));
    fixtures.addAll(timed("equality deletes", () -> EqualityDeleteFixtures.create(writer)));
    fixtures.addAll(timed("Java API deletes", () -> JavaApiDeleteFixtures.create(writer)));
    for (DeleteFixture fixture : fixtures) {
      System.out.printf(
          "Delete fixture %s: %d snapshots, delete files %s, rows per snapshot %s%n",
          fixture.name(),
          fixture.snapshots().size(),
          fixture.deleteFilesInOrder(),
          fixture.snapshots().stream().map(TableSnapshot::rowCount).toList());
    }
    return List.copyOf(fixtures);
  }

  private static List<DeleteFixture> timed(String group, Supplier<List<DeleteFixture>> writes) {
    long start = System.nanoTime();
    List<DeleteFixture> fixtures = writes.get();
    System.out.printf(
        "Delete fixtures: %s written in %.1f s%n", group, (System.nanoTime() - start) / 1e9);
    return fixtures;
  }

  static String rows(long from, long to) {
    return SELECT_ROWS.replace("{from}", Long.toString(from)).replace("{to}", Long.toString(to));
  }

  /** The table as Iceberg's Spark catalog holds it, so commits through it are seen by Spark SQL. */
  static Table icebergTable(FixtureWriter writer, String name) {
    try {
      Table table = Spark3Util.loadIcebergTable(writer.session(), writer.identifier(name));
      table.refresh();
      return table;
    } catch (Exception e) {
      throw new IllegalStateException("Cannot load fixture table " + writer.identifier(name), e);
    }
  }

  /**
   * Describes a written table, failing unless its history added delete files of exactly the given
   * kinds.
   */
  static DeleteFixture inspect(
      FixtureWriter writer, String name, Set<DeleteKind> kinds, ReadQuery... queries) {
    return inspect(writer, name, kinds, Stream.of(queries).map(DeleteQuery::of).toList());
  }

  static DeleteFixture inspect(
      FixtureWriter writer, String name, Set<DeleteKind> kinds, List<DeleteQuery> queries) {
    Table table = icebergTable(writer, name);
    List<TableSnapshot> snapshots = new ArrayList<>();
    for (Snapshot snapshot : table.snapshots()) {
      snapshots.add(
          new TableSnapshot(
              snapshots.size() + 1,
              snapshot.snapshotId(),
              snapshot.operation(),
              liveRows(table, snapshot.snapshotId()),
              storedRows(table, snapshot.snapshotId())));
    }
    Map<DeleteKind, Long> counts = deleteFileCounts(table);
    for (DeleteKind kind : DeleteKind.values()) {
      long count = counts.getOrDefault(kind, 0L);
      if (kinds.contains(kind) != (count > 0)) {
        throw new IllegalStateException(
            String.format(
                "Fixture %s should %shave %s delete files, has %d (all: %s)",
                name, kinds.contains(kind) ? "" : "not ", kind, count, counts));
      }
    }
    return new DeleteFixture(
        name,
        writer.identifier(name),
        writer.spark().tableLocation(FixtureWriter.DATABASE, name),
        snapshots,
        counts,
        queries);
  }

  /**
   * The most deletion vectors any one data file was given over the table's history: above one, a
   * later delete replaced a DV by a merged one.
   */
  static long mostDeletionVectorsOfOneDataFile(FixtureWriter writer, String name) {
    Table table = icebergTable(writer, name);
    Map<String, Long> perDataFile = new HashMap<>();
    for (DeleteFile file : addedDeleteFiles(table)) {
      if (DeleteKind.of(file) == DeleteKind.DELETION_VECTOR) {
        perDataFile.merge(file.referencedDataFile(), 1L, Long::sum);
      }
    }
    return perDataFile.values().stream().mapToLong(Long::longValue).max().orElse(0);
  }

  /** The position delete files (Parquet) the table's history added, by path. */
  static List<String> positionDeleteFiles(FixtureWriter writer, String name) {
    return addedDeleteFiles(icebergTable(writer, name)).stream()
        .filter(file -> DeleteKind.of(file) == DeleteKind.POSITION_PARQUET)
        .map(DeleteFile::location)
        .toList();
  }

  /**
   * Rows of the snapshot after deletes, counted by Iceberg's generic Java reader: an oracle apart
   * from both Spark readers.
   */
  private static long liveRows(Table table, long snapshotId) {
    long rows = 0;
    try (CloseableIterable<Record> records =
        IcebergGenerics.read(table).useSnapshot(snapshotId).build()) {
      for (Record ignored : records) {
        rows++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + table.name() + " at " + snapshotId, e);
    }
    return rows;
  }

  private static long storedRows(Table table, long snapshotId) {
    long rows = 0;
    try (CloseableIterable<FileScanTask> tasks =
        table.newScan().useSnapshot(snapshotId).planFiles()) {
      for (FileScanTask task : tasks) {
        rows += task.file().recordCount();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan " + table.name() + " at " + snapshotId, e);
    }
    return rows;
  }

  private static Map<DeleteKind, Long> deleteFileCounts(Table table) {
    Map<DeleteKind, Long> counts = new EnumMap<>(DeleteKind.class);
    for (DeleteFile file : addedDeleteFiles(table)) {
      counts.merge(DeleteKind.of(file), 1L, Long::sum);
    }
    return counts;
  }

  private static List<DeleteFile> addedDeleteFiles(Table table) {
    List<DeleteFile> files = new ArrayList<>();
    for (Snapshot snapshot : table.snapshots()) {
      snapshot.addedDeleteFiles(table.io()).forEach(files::add);
    }
    return files;
  }
}
