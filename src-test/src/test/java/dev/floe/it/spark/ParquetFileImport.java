package dev.floe.it.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.mapping.MappingUtil;
import org.apache.iceberg.mapping.NameMapping;
import org.apache.iceberg.mapping.NameMappingParser;
import org.apache.iceberg.parquet.ParquetSchemaUtil;
import org.apache.iceberg.parquet.ParquetUtil;
import org.apache.iceberg.shaded.org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.iceberg.shaded.org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.iceberg.shaded.org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.iceberg.shaded.org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * A Parquet file written outside Iceberg, added to a new unpartitioned Iceberg table as Iceberg's
 * {@code add_files} procedure adds one: the file keeps its bytes and its lack of field ids, the
 * table's columns resolve in it by name through {@code schema.name-mapping.default} (Iceberg's
 * mapping of the table schema), and the manifest entry carries the metrics Iceberg derives from the
 * footer. The footer is read with the Parquet classes Iceberg bundles (relocated inside
 * iceberg-spark-runtime), which are the ones its schema conversion and metrics take.
 */
final class ParquetFileImport {
  /** What the manifest entry says about the file beside its size. */
  enum FileMetrics {
    /** Iceberg's {@link ParquetUtil#fileMetrics}, under the table's metrics modes. */
    FROM_FOOTER,
    /** The row count alone, for a file Iceberg cannot compute metrics of. */
    RECORD_COUNT_ONLY
  }

  private ParquetFileImport() {}

  static ParquetMetadata footer(Path file) {
    try (ParquetFileReader reader =
        ParquetFileReader.open(
            HadoopInputFile.fromPath(
                new org.apache.hadoop.fs.Path(file.toUri()), new Configuration()))) {
      return reader.getFooter();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the footer of " + file, e);
    }
  }

  /** The Iceberg schema Iceberg converts the file's Parquet schema to, as add_files would. */
  static Schema convertedSchema(Path file) {
    return ParquetSchemaUtil.convert(footer(file).getFileMetaData().getSchema());
  }

  /** {@code schema} with top-level column {@code name} of another type (its id and optionality). */
  static Schema withColumnType(Schema schema, String name, Type type) {
    Types.NestedField replaced = schema.findField(name);
    if (replaced == null) {
      throw new IllegalArgumentException("No column " + name + " in " + schema);
    }
    List<Types.NestedField> columns = new ArrayList<>();
    for (Types.NestedField column : schema.columns()) {
      columns.add(
          column.fieldId() == replaced.fieldId()
              ? Types.NestedField.of(column.fieldId(), column.isOptional(), name, type)
              : column);
    }
    return new Schema(columns);
  }

  /**
   * Creates table {@code identifier} with {@code schema} and {@code properties}, copies {@code
   * file} into its {@code data/} directory and commits it as the table's one data file.
   */
  static Table addToNewTable(
      Catalog catalog,
      TableIdentifier identifier,
      Schema schema,
      Map<String, String> properties,
      Path file,
      FileMetrics metrics) {
    Table table =
        catalog.createTable(identifier, schema, PartitionSpec.unpartitioned(), properties);
    // The table's ids, not the converted schema's: creating a table assigns fresh ones.
    NameMapping mapping = MappingUtil.create(table.schema());
    table
        .updateProperties()
        .set(TableProperties.DEFAULT_NAME_MAPPING, NameMappingParser.toJson(mapping))
        .commit();
    Path data = localDirectory(table.location()).resolve("data").resolve(file.getFileName());
    long size;
    try {
      Files.createDirectories(data.getParent());
      Files.copy(file, data);
      size = Files.size(data);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot copy " + file + " into table " + identifier, e);
    }
    long records = footer(data).getBlocks().stream().mapToLong(BlockMetaData::getRowCount).sum();
    String location = "file:" + data.toAbsolutePath();
    DataFiles.Builder entry =
        DataFiles.builder(table.spec())
            .withPath(location)
            .withFormat(FileFormat.PARQUET)
            .withFileSizeInBytes(size)
            .withRecordCount(records);
    switch (metrics) {
      case FROM_FOOTER ->
          entry.withMetrics(
              ParquetUtil.fileMetrics(
                  table.io().newInputFile(location), MetricsConfig.forTable(table), mapping));
      case RECORD_COUNT_ONLY -> {}
    }
    table.newAppend().appendFile(entry.build()).commit();
    return table;
  }

  private static Path localDirectory(String location) {
    return location.startsWith("file:")
        ? Paths.get(java.net.URI.create(location))
        : Paths.get(location);
  }
}
