package dev.floe.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floe.FloeException;
import dev.floe.catalog.PathTables;
import dev.floe.io.LocalFileIO;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.TableScan;
import dev.floe.table.LoadedTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.IncrementalAppendScan;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Incremental reads plan the files Iceberg's incremental append scan plans, for every pair of
 * snapshots of a table whose history mixes fast and merging appends, an overwrite, a delete, a
 * compaction, a row delta and a branch: the same data files for each range and filter, and a
 * refusal exactly where Iceberg refuses (a start that is not a parent ancestor of the end, an end
 * that does not exist).
 */
class TestIncrementalPlanningMatchesIceberg {
  private static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.LongType.get()),
          Types.NestedField.required(2, "part", Types.IntegerType.get()));
  private static final PartitionSpec SPEC =
      PartitionSpec.builderFor(SCHEMA).identity("part").build();
  private static final long NO_SUCH_SNAPSHOT = 42L;

  @TempDir Path directory;

  @ParameterizedTest(name = "format v{0}")
  @ValueSource(ints = {1, 2})
  void everyRangeAndFilterPlansIcebergsFiles(int formatVersion) {
    FixtureTable fixture = history(formatVersion);
    LoadedTable floe = PathTables.load(fixture.location(), new LocalFileIO());
    List<Long> ids = snapshotIds(fixture);
    List<Long> starts = new ArrayList<>(ids);
    starts.add(NO_SUCH_SNAPSHOT);
    List<Expression> filters =
        List.of(
            Expressions.alwaysTrue(),
            Expressions.equal("part", 1),
            Expressions.greaterThan("id", 250L),
            Expressions.alwaysFalse());
    int planned = 0;
    int refused = 0;
    for (long from : starts) {
      for (Long to : withCurrent(ids)) {
        for (Expression filter : filters) {
          String iceberg = icebergFiles(fixture, from, to, filter);
          String floeFiles = floeFiles(floe, from, to, filter);
          assertThat(floeFiles)
              .as("appends after %s up to %s, filter %s", from, to, filter)
              .isEqualTo(iceberg);
          if (iceberg.startsWith("refused")) {
            refused++;
          } else {
            planned++;
          }
        }
      }
    }
    assertThat(planned).as("ranges both planned").isGreaterThan(40);
    assertThat(refused).as("ranges both refused").isGreaterThan(40);
  }

  /**
   * Changelog reads plan Iceberg's changelog tasks (the same files, change types, ordinals and
   * commit snapshots) for every range Iceberg plans; where a commit deleted rows with delete files,
   * which Iceberg refuses, Floe plans the rows removed from the files they apply to.
   */
  @ParameterizedTest(name = "format v{0}")
  @ValueSource(ints = {1, 2})
  void everyChangelogRangePlansIcebergsChanges(int formatVersion) {
    FixtureTable fixture = history(formatVersion);
    LoadedTable floe = PathTables.load(fixture.location(), new LocalFileIO());
    List<Long> ids = snapshotIds(fixture);
    List<Long> starts = new ArrayList<>(ids);
    starts.add(null);
    int planned = 0;
    int changes = 0;
    for (Long from : starts) {
      for (Long to : withCurrent(ids)) {
        for (Expression filter : List.of(Expressions.alwaysTrue(), Expressions.equal("part", 1))) {
          List<String> iceberg = icebergChanges(fixture, from, to, filter);
          List<String> floeChanges = floeChanges(floe, from, to, filter);
          if (iceberg.equals(List.of("refused: delete files"))) {
            continue; // Iceberg refuses any range with delete files, even unchanged ones
          }
          assertThat(floeChanges)
              .as("changes after %s up to %s, filter %s", from, to, filter)
              .isEqualTo(iceberg);
          if (iceberg.isEmpty() || !iceberg.get(0).startsWith("refused")) {
            planned++;
            changes += iceberg.size();
          }
        }
      }
    }
    assertThat(planned).as("ranges both planned").isGreaterThan(20);
    assertThat(changes).as("changes compared").isGreaterThan(50);
    if (formatVersion >= 2) {
      Snapshot rowDelta = null;
      for (Snapshot snapshot : fixture.table().snapshots()) {
        if (snapshot.deleteManifests(fixture.table().io()).stream()
            .anyMatch(manifest -> manifest.snapshotId() == snapshot.snapshotId())) {
          rowDelta = snapshot;
        }
      }
      assertThat(
              floeChanges(
                  floe, rowDelta.parentId(), rowDelta.snapshotId(), Expressions.alwaysTrue()))
          .as("the row delta's position deletes remove rows of the one live file of part=1")
          .containsExactly(change(0, rowDelta.snapshotId(), "DELETE", "r1.parquet"));
    }
  }

  private static List<String> icebergChanges(
      FixtureTable fixture, Long from, Long to, Expression filter) {
    org.apache.iceberg.IncrementalChangelogScan scan =
        fixture.table().newIncrementalChangelogScan().filter(filter);
    List<String> changes = new ArrayList<>();
    try {
      if (from != null) {
        scan = scan.fromSnapshotExclusive(from);
      }
      if (to != null) {
        scan = scan.toSnapshot(to);
      }
      try (CloseableIterable<org.apache.iceberg.ChangelogScanTask> tasks = scan.planFiles()) {
        for (org.apache.iceberg.ChangelogScanTask task : tasks) {
          org.apache.iceberg.ContentScanTask<?> content =
              (org.apache.iceberg.ContentScanTask<?>) task;
          changes.add(
              change(
                  task.changeOrdinal(),
                  task.commitSnapshotId(),
                  task.operation().name(),
                  content.file().location()));
        }
      }
    } catch (UnsupportedOperationException deleteFiles) {
      return List.of("refused: delete files");
    } catch (IllegalArgumentException refusal) {
      return List.of("refused");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    changes.sort(null);
    return changes;
  }

  private static List<String> floeChanges(
      LoadedTable table, Long from, Long to, Expression icebergFilter) {
    TableScan scan = TableScan.of(table).filter(FloeExpressionTranslator.toFloe(icebergFilter));
    List<String> changes = new ArrayList<>();
    try {
      for (dev.floe.scan.ChangeTask task :
          dev.floe.scan.ChangelogScan.of(scan, from, to).planTasks()) {
        changes.add(
            change(
                task.ordinal(),
                task.commitSnapshotId(),
                task.type().name(),
                task.task().file().location()));
      }
    } catch (FloeException refusal) {
      assertThat(refusal.getMessage()).contains(table.name());
      return List.of("refused");
    }
    changes.sort(null);
    return changes;
  }

  private static String change(int ordinal, long snapshot, String type, String location) {
    return ordinal + " " + snapshot + " " + type + " " + fileName(location);
  }

  private static List<Long> snapshotIds(FixtureTable fixture) {
    List<Long> ids = new ArrayList<>();
    for (Snapshot snapshot : fixture.table().snapshots()) {
      ids.add(snapshot.snapshotId());
    }
    return ids;
  }

  /** The snapshot ids, and null for an end left to the current snapshot. */
  private static List<Long> withCurrent(List<Long> ids) {
    List<Long> ends = new ArrayList<>(ids);
    ends.add(null);
    ends.add(NO_SUCH_SNAPSHOT);
    return ends;
  }

  private FixtureTable history(int formatVersion) {
    FixtureTable fixture =
        FixtureTable.create(
            directory.resolve("v" + formatVersion).toString(),
            formatVersion,
            SCHEMA,
            SPEC,
            Map.of(TableProperties.MANIFEST_MIN_MERGE_COUNT, "2"));
    DataFile a1 = file(fixture, "a1", 0, 0, 99);
    DataFile a2 = file(fixture, "a2", 1, 100, 199);
    DataFile a3 = file(fixture, "a3", 0, 200, 299);
    fixture.commit(fixture.table().newFastAppend().appendFile(a1).appendFile(a2));
    fixture.commit(fixture.table().newAppend().appendFile(a3)); // merges manifests
    DataFile o1 = file(fixture, "o1", 0, 300, 399);
    fixture.commit(fixture.table().newOverwrite().deleteFile(a1).addFile(o1));
    long beforeDelete = fixture.currentSnapshot().snapshotId();
    fixture.commit(fixture.table().newDelete().deleteFile(a2));
    DataFile a4 = file(fixture, "a4", 1, 400, 499);
    DataFile a5 = file(fixture, "a5", 1, 500, 599);
    fixture.commit(fixture.table().newAppend().appendFile(a4).appendFile(a5));
    DataFile r1 = file(fixture, "r1", 1, 400, 599);
    fixture.commit(fixture.table().newRewrite().deleteFile(a4).deleteFile(a5).addFile(r1));
    if (formatVersion >= 2) {
      fixture.commit(
          fixture
              .table()
              .newRowDelta()
              .addDeletes(fixture.positionDeletes("d1.parquet", "part=1", 1)));
    }
    fixture.commit(fixture.table().newFastAppend().appendFile(file(fixture, "a6", 0, 600, 699)));
    fixture.commit(fixture.table().manageSnapshots().createBranch("side", beforeDelete));
    fixture.commit(
        fixture
            .table()
            .newFastAppend()
            .appendFile(file(fixture, "b1", 1, 700, 799))
            .toBranch("side"));
    return fixture;
  }

  private static DataFile file(FixtureTable fixture, String name, int part, long low, long high) {
    return fixture
        .dataBuilder(fixture.spec(), name, "part=" + part, 10)
        .withMetrics(FixtureTable.metrics(SCHEMA, 10, Map.of(1, List.of(low, high)), Map.of(1, 0L)))
        .build();
  }

  private static String icebergFiles(FixtureTable fixture, long from, Long to, Expression filter) {
    IncrementalAppendScan scan =
        fixture.table().newIncrementalAppendScan().fromSnapshotExclusive(from).filter(filter);
    TreeSet<String> files = new TreeSet<>();
    try {
      if (to != null) {
        scan = scan.toSnapshot(to);
      }
      try (CloseableIterable<org.apache.iceberg.FileScanTask> tasks = scan.planFiles()) {
        tasks.forEach(task -> files.add(fileName(task.file().location())));
      }
    } catch (IllegalArgumentException refusal) {
      return "refused";
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files.toString();
  }

  private static String floeFiles(LoadedTable table, long from, Long to, Expression icebergFilter) {
    TableScan scan = TableScan.of(table);
    scan = to == null ? scan.appendsAfter(from) : scan.appendsBetween(from, to);
    scan = scan.filter(FloeExpressionTranslator.toFloe(icebergFilter));
    TreeSet<String> files = new TreeSet<>();
    try {
      for (FileScanTask task : scan.planFiles()) {
        assertThat(task.deletes()).as("an incremental read applies no deletes").isEmpty();
        files.add(fileName(task.file().location()));
      }
    } catch (FloeException refusal) {
      assertThat(refusal.getMessage())
          .as("a refusal names the table and the range")
          .contains(table.name())
          .contains(Long.toString(from));
      return "refused";
    }
    return files.toString();
  }

  private static String fileName(String location) {
    return location.substring(location.lastIndexOf('/') + 1);
  }
}
