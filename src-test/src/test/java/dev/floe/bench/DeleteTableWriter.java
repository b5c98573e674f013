package dev.floe.bench;

import dev.floe.it.spark.ReadFixture;
import dev.floe.it.spark.SharedSpark;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.parquet.Parquet;
import org.apache.spark.sql.SparkSession;

/**
 * Writes the delete benchmark's tables in namespace {@code bench}: the events table without
 * deletes, and for each kind and fraction a copy of it with those rows deleted. A table already in
 * the warehouse is reused when its {@value #LAYOUT_PROPERTY} property, set once it is complete,
 * says it was written the same way; otherwise it is dropped and written again.
 *
 * <p>Every table is checked against its metadata before it is used: the number of deleted rows
 * Iceberg counts must be the number the condition deletes.
 */
final class DeleteTableWriter {
  static final String NAMESPACE = "bench";
  static final String LAYOUT_PROPERTY = "floe.bench.layout";

  private final SharedSpark spark;
  private final ReadBenchmarkSettings sizes;
  private final PrintStream progress;

  DeleteTableWriter(SharedSpark spark, ReadBenchmarkSettings sizes, PrintStream progress) {
    this.spark = spark;
    this.sizes = sizes;
    this.progress = progress;
  }

  DeleteBenchmarkTable base() {
    return prepare("deletes_base", 2, null, 0);
  }

  DeleteBenchmarkTable withDeletes(DeleteKind kind, int percent) {
    return prepare(
        "deletes_" + kind.settingName() + "_" + percent, kind.formatVersion(), kind, percent);
  }

  /**
   * @param kind null for the base table, which deletes nothing
   */
  private DeleteBenchmarkTable prepare(
      String name, int formatVersion, DeleteKind kind, int percent) {
    SparkSession session = spark.session();
    Catalog catalog = spark.catalog();
    TableIdentifier tableIdentifier = TableIdentifier.of(NAMESPACE, name);
    String identifier = SharedSpark.CATALOG + "." + NAMESPACE + "." + name;
    String layout =
        String.format(
            Locale.ROOT,
            "rows=%d files=%d format-version=%d deleted=%s",
            sizes.rows(),
            sizes.files(),
            formatVersion,
            kind == null ? "none" : percent + "% " + kind.settingName());
    boolean exists = catalog.tableExists(tableIdentifier);
    if (exists
        && !layout.equals(catalog.loadTable(tableIdentifier).properties().get(LAYOUT_PROPERTY))) {
      progress.printf("Dropping %s: written by another layout%n", identifier);
      session.sql("DROP TABLE " + identifier + " PURGE");
      exists = false;
    }
    if (!exists) {
      long start = System.nanoTime();
      session.sql("CREATE NAMESPACE IF NOT EXISTS " + SharedSpark.CATALOG + "." + NAMESPACE);
      Map<String, String> properties = new HashMap<>();
      properties.put("format-version", Integer.toString(formatVersion));
      properties.put("write.delete.mode", "merge-on-read");
      EventsTable.write(session, identifier, sizes.rows(), sizes.files(), properties);
      if (kind != null) {
        delete(session, identifier, tableIdentifier, kind, percent);
      }
      catalog.loadTable(tableIdentifier).updateProperties().set(LAYOUT_PROPERTY, layout).commit();
      progress.printf(
          Locale.ROOT,
          "Wrote %s (%s) in %.1f s%n",
          identifier,
          layout,
          (System.nanoTime() - start) / 1e9);
    } else {
      progress.printf("Reusing %s (%s)%n", identifier, layout);
    }
    Table table = catalog.loadTable(tableIdentifier);
    long deleted =
        sizes.rows()
            - (kind == null
                ? sizes.rows()
                : DeleteBenchmarkSettings.liveRows(sizes.rows(), percent));
    String summary = summarize(identifier, table, kind, deleted);
    ReadFixture fixture =
        new ReadFixture(
            name,
            identifier,
            spark.tableLocation(NAMESPACE, name),
            sizes.rows() - deleted,
            List.of());
    return new DeleteBenchmarkTable(
        kind == null ? "no deletes" : kind.label(),
        percent,
        fixture,
        EventsTable.dataFiles(session, identifier),
        summary);
  }

  private void delete(
      SparkSession session,
      String identifier,
      TableIdentifier tableIdentifier,
      DeleteKind kind,
      int percent) {
    switch (kind) {
      case DELETION_VECTORS, POSITION_DELETES ->
          session.sql(
              "DELETE FROM "
                  + identifier
                  + " WHERE "
                  + DeleteBenchmarkSettings.deletedCondition(percent));
      case EQUALITY_DELETES -> {
        writeEqualityDeletes(spark.catalog().loadTable(tableIdentifier), percent);
        // Spark's catalog caches the table it wrote; the commit above happened behind its back.
        session.sql("REFRESH TABLE " + identifier);
      }
    }
  }

  /** One equality delete file on {@code id}, holding every id the condition deletes. */
  private void writeEqualityDeletes(Table table, int percent) {
    Schema deleteSchema = table.schema().select("id");
    int idField = table.schema().findField("id").fieldId();
    String location =
        table.locationProvider().newDataLocation("equality-deletes-" + percent + "pct.parquet");
    OutputFile output = table.io().newOutputFile(location);
    try {
      EqualityDeleteWriter<Record> writer =
          Parquet.writeDeletes(output)
              .forTable(table)
              .rowSchema(deleteSchema)
              .createWriterFunc(GenericParquetWriter::create)
              .overwrite()
              .equalityFieldIds(idField)
              .buildEqualityWriter();
      GenericRecord template = GenericRecord.create(deleteSchema);
      try (writer) {
        for (long id = 0; id < sizes.rows(); id++) {
          if (DeleteBenchmarkSettings.isDeleted(id, percent)) {
            writer.write(template.copy(Map.of("id", id)));
          }
        }
      }
      DeleteFile deletes = writer.toDeleteFile();
      table.newRowDelta().addDeletes(deletes).commit();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write equality delete file " + location, e);
    }
  }

  /**
   * The table's files as a scan plans them, after checking that Iceberg counts exactly the rows the
   * condition deletes: a benchmark of a table that is not what it claims is worthless.
   */
  private static String summarize(String identifier, Table table, DeleteKind kind, long deleted) {
    Map<String, String> snapshot = table.currentSnapshot().summary();
    String counted =
        kind == DeleteKind.EQUALITY_DELETES
            ? snapshot.getOrDefault("total-equality-deletes", "0")
            : snapshot.getOrDefault("total-position-deletes", "0");
    if (Long.parseLong(counted) != deleted) {
      throw new IllegalStateException(
          String.format(
              Locale.ROOT,
              "Table %s is not what the benchmark needs: its metadata counts %s deleted rows, the"
                  + " condition deletes %d. Drop it (or its bench.deletes.dir) and run again."
                  + " Snapshot summary: %s",
              identifier,
              counted,
              deleted,
              snapshot));
    }
    long dataBytes = 0;
    long deleteBytes = 0;
    Map<String, Long> deleteFiles = new HashMap<>();
    int dataFiles = 0;
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      for (FileScanTask task : tasks) {
        dataFiles++;
        dataBytes += task.file().fileSizeInBytes();
        for (DeleteFile file : task.deletes()) {
          // a deletion vector is a blob of a Puffin file that may hold others: count its blob
          Long size =
              file.contentSizeInBytes() != null
                  ? file.contentSizeInBytes()
                  : file.fileSizeInBytes();
          deleteFiles.put(file.location() + "@" + file.contentOffset(), size);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan table " + identifier, e);
    }
    for (long size : deleteFiles.values()) {
      deleteBytes += size;
    }
    return String.format(
        Locale.ROOT,
        "%d data files (%.1f MB); %d %s (%.1f MB), %,d rows deleted",
        dataFiles,
        dataBytes / 1e6,
        deleteFiles.size(),
        kind == null ? "delete files" : deleteNoun(kind),
        deleteBytes / 1e6,
        deleted);
  }

  private static String deleteNoun(DeleteKind kind) {
    return switch (kind) {
      case DELETION_VECTORS -> "deletion vectors";
      case POSITION_DELETES -> "position delete files";
      case EQUALITY_DELETES -> "equality delete files";
    };
  }
}
