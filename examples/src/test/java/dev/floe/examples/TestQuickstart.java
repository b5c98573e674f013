package dev.floe.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableUtil;
import org.apache.iceberg.hadoop.HadoopTables;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestQuickstart {
  @TempDir Path warehouse;

  @Test
  void demoWarehouseWritesATableIcebergReadsBack() throws IOException {
    DemoWarehouse.DemoTable demo = DemoWarehouse.write(warehouse, quietly());

    Table table = new HadoopTables(new Configuration()).load(demo.location());
    assertThat(TableUtil.formatVersion(table)).as("format version").isEqualTo(2);
    assertThat(table.spec().fields()).as("partitioned").hasSize(1);
    assertThat(demo.snapshotIds()).as("four commits").hasSize(4);
    assertThat(table.snapshots()).as("four snapshots in the table").hasSize(4);
    assertThat(table.refs().get(DemoWarehouse.TAG).snapshotId())
        .as("tag 'first' on the first snapshot")
        .isEqualTo(demo.snapshotIds().get(0));
    assertThat(demo.dataFiles()).as("books, games, music").hasSize(3);
    assertThat(demo.deleteFiles()).as("a position and an equality delete").hasSize(2);
    for (String file : demo.dataFiles()) {
      assertThat(new String(Files.readAllBytes(Path.of(file)), StandardCharsets.US_ASCII))
          .as("%s is real Parquet", file)
          .startsWith("PAR1")
          .endsWith("PAR1");
    }

    List<Integer> deletesPerTask = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> deletesPerTask.add(task.deletes().size()));
    }
    assertThat(deletesPerTask)
        .as("Iceberg attaches one delete to books and one to games")
        .containsExactlyInAnyOrder(1, 1, 0);
  }

  @Test
  void demoWarehouseRefusesToOverwriteATable() throws IOException {
    DemoWarehouse.write(warehouse, quietly());

    assertThatThrownBy(() -> DemoWarehouse.write(warehouse, quietly()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(warehouse.resolve("db").resolve("events").toString())
        .hasMessageContaining("already exists");
  }

  @Test
  void quickstartPrintsTheDemoTableAndItsPlans() throws IOException {
    DemoWarehouse.DemoTable demo = DemoWarehouse.write(warehouse, quietly());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    Quickstart.run(warehouse, new PrintStream(bytes, true, StandardCharsets.UTF_8));

    String output = bytes.toString(StandardCharsets.UTF_8);
    for (String file : demo.dataFiles()) {
      String name = file.substring(file.lastIndexOf('/') + 1);
      assertThat(output).as("output names data file %s", name).contains(name);
    }
    for (long snapshotId : demo.snapshotIds()) {
      assertThat(output)
          .as("summary lists snapshot %s", snapshotId)
          .contains(Long.toString(snapshotId));
    }
    assertThat(output).as("refs listed").contains("first").contains("main");
    int current = dataFiles(output, "current snapshot");
    int tagged = dataFiles(output, "tag 'first'");
    int secondCommit = dataFiles(output, "second commit, as of ");
    assertThat(current).as("current snapshot plans books, games, music").isEqualTo(3);
    assertThat(tagged)
        .as("the tag's plan has fewer files than the current one")
        .isLessThan(current);
    assertThat(secondCommit).as("as of the second commit: all three files").isEqualTo(3);
    assertThat(output).as("the JSON of a plan follows").contains("\"plan-status\" : \"completed\"");
    assertThat(output).as("deletes appear in the JSON").contains("\"equality-deletes\"");
  }

  /** The number of data files in the plan header that starts with {@code title}. */
  private static int dataFiles(String output, String title) {
    Matcher header =
        Pattern.compile("== Plan: " + Pattern.quote(title) + "[^\\n]*: (\\d+) data files?")
            .matcher(output);
    assertThat(header.find()).as("a plan header for '%s' in:%n%s", title, output).isTrue();
    return Integer.parseInt(header.group(1));
  }

  private static PrintStream quietly() {
    return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
  }
}
