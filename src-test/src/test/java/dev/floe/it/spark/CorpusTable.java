package dev.floe.it.spark;

import dev.floe.it.ChmodFreeLocalFileSystem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.mapping.MappingUtil;
import org.apache.iceberg.mapping.NameMapping;
import org.apache.iceberg.mapping.NameMappingParser;
import org.apache.iceberg.parquet.ParquetUtil;

/**
 * A corpus file imported into an Iceberg table of its own, as {@code add_files} imports a file: the
 * file is copied into the table's data directory (the corpus is read-only input) and appended with
 * its size, its record count from the footer and, where Iceberg's {@link ParquetUtil} can compute
 * them, its column metrics; {@code schema.name-mapping.default} maps the schema's names to its ids,
 * which is how columns of a file without field ids resolve.
 *
 * <p>The table's schema is exactly the one given, ids included: a file's own field ids (some corpus
 * files have them) are what readers resolve by, and a new table would renumber them.
 *
 * @param identifier the table in Spark's {@code ice} catalog, {@code ice.corpus.<name>}
 * @param dataFile where the copy of the corpus file lives, the path Floe's errors must name
 */
record CorpusTable(String identifier, Path location, Path dataFile, long recordCount) {
  static final String NAMESPACE = "corpus";

  /** The record count as a row count: every corpus file is far below two billion rows. */
  int rowCount() {
    return Math.toIntExact(recordCount);
  }

  static CorpusTable importFile(
      CorpusFile file, String name, CorpusFooter footer, CorpusSchema schema) {
    Schema tableSchema = schema.tableSchema();
    NameMapping mapping = MappingUtil.create(tableSchema);
    Table table =
        catalog()
            .buildTable(TableIdentifier.of(NAMESPACE, name), tableSchema)
            .withProperty(TableProperties.DEFAULT_NAME_MAPPING, NameMappingParser.toJson(mapping))
            .create();
    keepIds(table, tableSchema);

    Path location = Paths.get(new org.apache.hadoop.fs.Path(table.location()).toUri().getPath());
    Path dataFile = location.resolve("data").resolve(file.fileName());
    try {
      Files.createDirectories(dataFile.getParent());
      Files.copy(file.path(), dataFile);
      org.apache.iceberg.DataFiles.Builder added =
          org.apache.iceberg.DataFiles.builder(table.spec())
              .withPath(dataFile.toUri().toString())
              .withFormat(FileFormat.PARQUET)
              .withFileSizeInBytes(Files.size(dataFile));
      metrics(table, dataFile, mapping, schema.notes().isEmpty()).ifPresent(added::withMetrics);
      // the footer's count, also where Iceberg cannot compute metrics
      added.withRecordCount(footer.recordCount());
      table.newAppend().appendFile(added.build()).commit();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot import " + file + " into " + location, e);
    }
    return new CorpusTable(
        SharedSpark.CATALOG + "." + NAMESPACE + "." + name,
        location,
        dataFile,
        footer.recordCount());
  }

  /**
   * The shared session's Hadoop catalog, writing through {@link ChmodFreeLocalFileSystem}: Hadoop's
   * own local file system forks a {@code chmod} for every metadata file it creates, which made the
   * imports most of the suite's time.
   */
  private static HadoopCatalog catalog() {
    Configuration configuration = ChmodFreeLocalFileSystem.configuration();
    // uncached, as the shared session's: the JVM-wide cache may hold another local file system
    configuration.setBoolean("fs.file.impl.disable.cache", true);
    return new HadoopCatalog(configuration, SharedSpark.get().warehouse().toString());
  }

  private static void keepIds(Table table, Schema schema) {
    if (table.schema().asStruct().equals(schema.asStruct())) {
      return;
    }
    TableOperations operations = ((HasTableOperations) table).operations();
    TableMetadata base = operations.current();
    int lastColumnId = Math.max(base.lastColumnId(), schema.highestFieldId());
    operations.commit(
        base, TableMetadata.buildFrom(base).setCurrentSchema(schema, lastColumnId).build());
    table.refresh();
    if (!table.schema().asStruct().equals(schema.asStruct())) {
      throw new AssertionError(
          "The table's schema is not the one imported: " + table.schema() + " for " + schema);
    }
  }

  /**
   * The file's metrics, or none where Iceberg cannot compute them (a schema it cannot convert, a
   * damaged footer). Bounds are dropped where a column's declared type is not Iceberg's conversion:
   * they are encoded for the file's type (two bytes for a FLOAT16), not the table's.
   */
  private static Optional<Metrics> metrics(
      Table table, Path dataFile, NameMapping mapping, boolean boundsMatchTheTable) {
    Metrics metrics;
    try {
      metrics =
          ParquetUtil.fileMetrics(
              org.apache.iceberg.Files.localInput(dataFile.toFile()),
              MetricsConfig.forTable(table),
              mapping);
    } catch (RuntimeException e) {
      return Optional.empty();
    }
    if (boundsMatchTheTable) {
      return Optional.of(metrics);
    }
    return Optional.of(
        new Metrics(
            metrics.recordCount(),
            metrics.columnSizes(),
            metrics.valueCounts(),
            metrics.nullValueCounts(),
            metrics.nanValueCounts()));
  }
}
