package dev.floe.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floe.InvalidRequestException;
import dev.floe.catalog.PathTables;
import dev.floe.expr.Expression;
import dev.floe.io.LocalFileIO;
import dev.floe.manifest.ColumnMetrics;
import dev.floe.scan.FileScanTask;
import dev.floe.scan.TableScan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Column metrics in a plan: planned files keep those asked for ({@code includeColumnStats}) exactly
 * as Iceberg reads them, and those of the filter's columns; a plan that asks for none skips the
 * rest, yet still prunes by the filter's metrics. The table is the benchmark's synthetic table,
 * written by Iceberg with metrics for five columns.
 */
class TestPlanningColumnStats {
  private static final TableShape SHAPE = TableShape.dataOnly(3, 4, 2);
  private static final int ID = 1;
  private static final int NAME = 4;

  @TempDir static Path directory;

  private static String location;
  private static Map<String, DataFile> icebergFiles;

  @BeforeAll
  static void writeTable() {
    location = directory.resolve("stats").toAbsolutePath().toString();
    Table table = new SyntheticTableWriter(new Configuration()).write(SHAPE, location);
    icebergFiles = new HashMap<>();
    try (CloseableIterable<org.apache.iceberg.FileScanTask> tasks =
        table.newScan().includeColumnStats().planFiles()) {
      for (org.apache.iceberg.FileScanTask task : tasks) {
        icebergFiles.put(task.file().location(), task.file());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    assertThat(icebergFiles).as("Iceberg plans every file of the table").hasSize(12);
  }

  private static TableScan scan() {
    return TableScan.of(PathTables.load(location, new LocalFileIO()));
  }

  @Test
  void aPlanWithoutStatsKeepsNoMetrics() {
    List<FileScanTask> tasks = scan().planFiles();

    assertThat(tasks).as("every file planned").hasSize(12);
    assertThat(tasks)
        .as("nothing asked for metrics: none decoded")
        .allSatisfy(task -> assertThat(task.file().metrics()).isEqualTo(ColumnMetrics.EMPTY));
  }

  @Test
  void includeColumnStatsKeepsEveryMetricAsIcebergReadsIt() {
    List<FileScanTask> tasks = scan().includeColumnStats().planFiles();

    assertThat(tasks).as("every file planned").hasSize(12);
    for (FileScanTask task : tasks) {
      DataFile iceberg = icebergFiles.get(task.file().location());
      ColumnMetrics metrics = task.file().metrics();
      assertThat(metrics.columnSizes()).as("column sizes").isEqualTo(iceberg.columnSizes());
      assertThat(metrics.valueCounts()).as("value counts").isEqualTo(iceberg.valueCounts());
      assertThat(metrics.nullValueCounts())
          .as("null value counts")
          .isEqualTo(iceberg.nullValueCounts());
      assertThat(metrics.nanValueCounts()).as("NaN counts").isEqualTo(iceberg.nanValueCounts());
      assertThat(metrics.lowerBounds()).as("lower bounds").isEqualTo(iceberg.lowerBounds());
      assertThat(metrics.upperBounds()).as("upper bounds").isEqualTo(iceberg.upperBounds());
    }
  }

  @Test
  void includeColumnStatsOfSomeColumnsKeepsTheirsOnly() {
    List<FileScanTask> tasks = scan().includeColumnStats(List.of("name")).planFiles();

    for (FileScanTask task : tasks) {
      DataFile iceberg = icebergFiles.get(task.file().location());
      ColumnMetrics metrics = task.file().metrics();
      assertThat(metrics.columnSizes())
          .as("name's column size only")
          .isEqualTo(Map.of(NAME, iceberg.columnSizes().get(NAME)));
      assertThat(metrics.valueCounts())
          .as("name's value count only")
          .isEqualTo(Map.of(NAME, iceberg.valueCounts().get(NAME)));
      assertThat(metrics.lowerBounds())
          .as("name's lower bound only")
          .isEqualTo(Map.of(NAME, iceberg.lowerBounds().get(NAME)));
      assertThat(metrics.upperBounds())
          .as("name's upper bound only")
          .isEqualTo(Map.of(NAME, iceberg.upperBounds().get(NAME)));
    }
  }

  @Test
  void aPlanWithoutStatsStillPrunesByTheFilterMetrics() {
    long first = SHAPE.dataFiles() / 2;
    Expression twoFiles =
        Expression.and(
            Expression.greaterThanOrEqual("id", first * SyntheticTableWriter.IDS_PER_FILE),
            Expression.lessThan("id", (first + 2) * SyntheticTableWriter.IDS_PER_FILE));

    List<FileScanTask> tasks = scan().filter(twoFiles).planFiles();

    assertThat(tasks).as("the id bounds rule out all but two files").hasSize(2);
    for (FileScanTask task : tasks) {
      DataFile iceberg = icebergFiles.get(task.file().location());
      ColumnMetrics metrics = task.file().metrics();
      assertThat(metrics.lowerBounds())
          .as("the filter's column keeps the bounds pruning read, for residual checks")
          .isEqualTo(Map.of(ID, iceberg.lowerBounds().get(ID)));
      assertThat(metrics.valueCounts())
          .as("and its counts")
          .isEqualTo(Map.of(ID, iceberg.valueCounts().get(ID)));
      assertThat(metrics.columnSizes()).as("no column sizes: nothing asked").isEmpty();
    }
  }

  @Test
  void aFilterAndRequestedStatsCombine() {
    List<FileScanTask> tasks =
        scan()
            .filter(Expression.greaterThanOrEqual("id", 0L))
            .includeColumnStats(List.of("name"))
            .planFiles();

    assertThat(tasks).as("every file matches").hasSize(12);
    for (FileScanTask task : tasks) {
      Map<Integer, ByteBuffer> lower = task.file().metrics().lowerBounds();
      assertThat(lower.keySet()).as("the filter's column and the requested one").contains(ID, NAME);
      assertThat(lower).as("no other column").hasSize(2);
    }
  }

  @Test
  void unknownStatsColumnIsAnErrorNamingIt() {
    assertThatThrownBy(() -> scan().includeColumnStats(List.of("no_such")).planFiles())
        .isInstanceOf(InvalidRequestException.class)
        .hasMessageContaining("Cannot find column 'no_such'");
  }
}
