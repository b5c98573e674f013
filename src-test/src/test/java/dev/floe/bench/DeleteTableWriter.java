package dev.floe.bench;

import dev.floe.it.spark.ReadFixture;
import dev.floe.it.spark.SharedSpark;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.io.CloseableIterable;

/**
 * Writes a delete benchmark's tables in namespace {@code bench}: the base table without deletes
 * ({@link DeleteBaseTable}: the events, or lineitem), written by Spark SQL, and for each kind and
 * fraction a table that holds the same data files (appended with Iceberg's Java API: the data is
 * written once) with those rows deleted.
 *
 * <p>A table already in the warehouse is reused when its {@value #LAYOUT_PROPERTY} property, set
 * once it is complete, says it was written the same way (for a table with deletes: on the current
 * snapshot of the base table); otherwise it is dropped and written again. Every table is checked
 * against its metadata before it is used: Iceberg must count exactly the rows the condition
 * deletes.
 */
final class DeleteTableWriter {
  static final String NAMESPACE = "bench";
  static final String LAYOUT_PROPERTY = "floe.bench.layout";

  private final SharedSpark spark;
  private final DeleteBaseTable base;
  private final PrintStream progress;

  DeleteTableWriter(SharedSpark spark, DeleteBaseTable base, PrintStream progress) {
    this.spark = spark;
    this.base = base;
    this.progress = progress;
  }

  /** The base table first, then one table per kind and percentage, in that order. */
  List<DeleteBenchmarkTable> prepare(List<DeleteKind> kinds, List<Integer> deletedPercents) {
    String baseLayout = base.layout();
    String baseName = base.name();
    Table baseTable =
        prepare(
            baseName,
            baseLayout,
            identifier -> base.write(spark.session(), identifier, properties(2)));
    List<DeleteBenchmarkTable> tables = new ArrayList<>();
    tables.add(describe(baseName, baseTable, null, 0));
    List<DataFile> dataFiles = dataFiles(baseTable);
    for (DeleteKind kind : kinds) {
      for (int percent : deletedPercents) {
        String name = base.deleteTablePrefix() + "_" + kind.settingName() + "_" + percent;
        String layout =
            String.format(
                Locale.ROOT,
                "%s format-version=%d deleted=%d%% %s data=%s@%d with-column-metrics",
                baseLayout,
                kind.formatVersion(),
                percent,
                kind.settingName(),
                baseName,
                baseTable.currentSnapshot().snapshotId());
        Table table =
            prepare(
                name,
                layout,
                identifier -> {
                  base.create(spark.session(), identifier, properties(kind.formatVersion()));
                  append(loadTable(name), dataFiles);
                  // Spark's catalog caches the table it created: let it see the append
                  spark.session().sql("REFRESH TABLE " + identifier);
                  delete(identifier, name, kind, percent);
                });
        tables.add(describe(name, table, kind, percent));
      }
    }
    return tables;
  }

  /** How one table is written, given its Spark SQL identifier. */
  interface Writing {
    void write(String identifier);
  }

  /**
   * Table {@code name}: reused when its layout property says it was written the same way, else
   * (dropped and) written with {@code writing}, then marked with the layout.
   */
  Table prepare(String name, String layout, Writing writing) {
    Catalog catalog = spark.catalog();
    TableIdentifier tableIdentifier = TableIdentifier.of(NAMESPACE, name);
    String identifier = identifier(name);
    boolean exists = catalog.tableExists(tableIdentifier);
    if (exists
        && !layout.equals(catalog.loadTable(tableIdentifier).properties().get(LAYOUT_PROPERTY))) {
      progress.printf("Dropping %s: written for another layout%n", identifier);
      // Not PURGE: a table with deletes holds the base table's data files. The Hadoop catalog
      // deletes the table's directory, which holds its own metadata and delete files.
      spark.session().sql("DROP TABLE " + identifier);
      exists = false;
    }
    if (exists) {
      progress.printf("Reusing %s (%s)%n", identifier, layout);
      return catalog.loadTable(tableIdentifier);
    }
    long start = System.nanoTime();
    spark.session().sql("CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + NAMESPACE);
    writing.write(identifier);
    catalog.loadTable(tableIdentifier).updateProperties().set(LAYOUT_PROPERTY, layout).commit();
    progress.printf(
        Locale.ROOT,
        "Wrote %s (%s) in %.1f s%n",
        identifier,
        layout,
        (System.nanoTime() - start) / 1e9);
    return catalog.loadTable(tableIdentifier);
  }

  private static Map<String, String> properties(int formatVersion) {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put("format-version", Integer.toString(formatVersion));
    properties.put("write.delete.mode", "merge-on-read");
    return properties;
  }

  static String identifier(String name) {
    return SharedSpark.CATALOG + "." + NAMESPACE + "." + name;
  }

  private Table loadTable(String name) {
    return spark.catalog().loadTable(TableIdentifier.of(NAMESPACE, name));
  }

  private static List<DataFile> dataFiles(Table table) {
    List<DataFile> files = new ArrayList<>();
    // with their column metrics, as the writer recorded them: a planned task drops them otherwise
    try (CloseableIterable<FileScanTask> tasks = table.newScan().includeColumnStats().planFiles()) {
      for (FileScanTask task : tasks) {
        files.add(task.file());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan table " + table.name(), e);
    }
    return files;
  }

  private static void append(Table table, List<DataFile> files) {
    AppendFiles append = table.newAppend();
    for (DataFile file : files) {
      append.appendFile(DataFiles.builder(table.spec()).copy(file).build());
    }
    append.commit();
  }

  private void delete(String identifier, String name, DeleteKind kind, int percent) {
    switch (kind) {
      case DELETION_VECTORS, POSITION_DELETES ->
          spark
              .session()
              .sql("DELETE FROM " + identifier + " WHERE " + base.deletedCondition(percent));
      case EQUALITY_DELETES -> writeEqualityDeletes(loadTable(name), percent);
    }
  }

  private void writeEqualityDeletes(Table table, int percent) {
    try {
      RowDelta delta = table.newRowDelta();
      base.writeEqualityDeletes(spark.session(), table, percent).forEach(delta::addDeletes);
      delta.commit();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write equality deletes of table " + table.name(), e);
    }
  }

  /**
   * The table as its scan plans it, after checking that Iceberg counts exactly the rows the
   * condition deletes: a benchmark of a table that is not what it claims is worthless.
   *
   * @param kind null for the base table
   */
  private DeleteBenchmarkTable describe(String name, Table table, DeleteKind kind, int percent) {
    long live = kind == null ? base.rows() : base.liveRows(percent);
    long deleted = base.rows() - live;
    Map<String, String> snapshot = table.currentSnapshot().summary();
    String counted =
        snapshot.getOrDefault(
            kind == DeleteKind.EQUALITY_DELETES
                ? "total-equality-deletes"
                : "total-position-deletes",
            "0");
    String records = snapshot.getOrDefault("total-records", "-1");
    if (Long.parseLong(counted) != deleted || Long.parseLong(records) != base.rows()) {
      throw new IllegalStateException(
          String.format(
              Locale.ROOT,
              "Table %s is not what the benchmark needs: its metadata counts %s records and %s"
                  + " deleted rows, the benchmark wrote %d and deleted %d. Drop it (or delete"
                  + " the benchmark's directory) and run again. Snapshot summary: %s",
              identifier(name),
              records,
              counted,
              base.rows(),
              deleted,
              snapshot));
    }
    List<String> dataFiles = new ArrayList<>();
    long dataBytes = 0;
    Map<String, Long> deleteFiles = new LinkedHashMap<>();
    // with their column metrics, as the writer recorded them: a planned task drops them otherwise
    try (CloseableIterable<FileScanTask> tasks = table.newScan().includeColumnStats().planFiles()) {
      for (FileScanTask task : tasks) {
        dataFiles.add(task.file().location());
        dataBytes += task.file().fileSizeInBytes();
        for (DeleteFile file : task.deletes()) {
          // a deletion vector is one blob of a Puffin file that may hold others: count the blob
          deleteFiles.put(
              file.location() + "@" + file.contentOffset(),
              file.contentSizeInBytes() != null
                  ? file.contentSizeInBytes()
                  : file.fileSizeInBytes());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan table " + identifier(name), e);
    }
    long deleteBytes = deleteFiles.values().stream().mapToLong(Long::longValue).sum();
    String summary =
        String.format(
            Locale.ROOT,
            "%d data files (%.1f MB); %d %s (%.2f MB), %,d rows deleted",
            dataFiles.size(),
            dataBytes / 1e6,
            deleteFiles.size(),
            kind == null ? "delete files" : deleteNoun(kind),
            deleteBytes / 1e6,
            deleted);
    ReadFixture fixture =
        new ReadFixture(
            name, identifier(name), spark.tableLocation(NAMESPACE, name), live, List.of());
    return new DeleteBenchmarkTable(
        kind == null ? "no deletes" : kind.label(), percent, fixture, dataFiles, summary);
  }

  private static String deleteNoun(DeleteKind kind) {
    return switch (kind) {
      case DELETION_VECTORS -> "deletion vector(s)";
      case POSITION_DELETES -> "position delete file(s)";
      case EQUALITY_DELETES -> "equality delete file(s)";
    };
  }
}
