package dev.floe.it.spark;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.Set;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileMetadata;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.MetricsUtil;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.avro.Avro;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.avro.DataWriter;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.io.DeleteSchemaUtil;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.parquet.Parquet;

/**
 * Writes an unpartitioned position delete file whose optional {@code row} column carries the
 * deleted rows, the file Iceberg 1.10's {@code PositionDeleteWriter} wrote when given a row schema.
 *
 * <p>Iceberg 1.12 can no longer write one: its position delete writers refuse a row schema
 * ("Position delete writer does not support row data") and {@code PositionDelete} lost its row. The
 * format (v2) still allows the column and readers must ignore it, so the fixture writes the same
 * file with Iceberg's generic appenders on every Spark line: the schema of {@link
 * DeleteSchemaUtil#posDeleteSchema}, the footer's {@code delete-type=position}, the default metrics
 * config, and the delete file's metrics as {@code PositionDeleteWriter} derived them (no counts for
 * {@code file_path} and {@code pos}, and no bounds for them once the file references more than one
 * data file).
 */
final class PositionDeletesWithRowsWriter implements Closeable {
  private static final Set<Integer> FILE_AND_POS_FIELD_IDS =
      Set.of(MetadataColumns.DELETE_FILE_PATH.fieldId(), MetadataColumns.DELETE_FILE_POS.fieldId());

  private final String location;
  private final FileFormat format;
  private final PartitionSpec spec;
  private final Schema fileSchema;
  private final FileAppender<Record> appender;
  private final Set<String> referencedDataFiles = new HashSet<>();
  private DeleteFile deleteFile;

  PositionDeletesWithRowsWriter(
      OutputFile output, FileFormat format, PartitionSpec spec, Schema rowSchema) {
    this.location = output.location();
    this.format = format;
    this.spec = spec;
    this.fileSchema = DeleteSchemaUtil.posDeleteSchema(rowSchema);
    this.appender = appender(output, format, fileSchema);
  }

  private static FileAppender<Record> appender(
      OutputFile output, FileFormat format, Schema fileSchema) {
    try {
      return switch (format) {
        case PARQUET ->
            Parquet.write(output)
                .schema(fileSchema)
                .createWriterFunc(GenericParquetWriter::create)
                .metricsConfig(MetricsConfig.getDefault())
                .meta("delete-type", "position")
                .overwrite()
                .build();
        case AVRO ->
            Avro.write(output)
                .schema(fileSchema)
                .createWriterFunc(DataWriter::create)
                .metricsConfig(MetricsConfig.getDefault())
                .meta("delete-type", "position")
                .overwrite()
                .build();
        case ORC, PUFFIN, METADATA ->
            throw new IllegalArgumentException(
                "Cannot write position deletes with rows as " + format + ": " + output.location());
      };
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create " + output.location(), e);
    }
  }

  /**
   * Deletes {@code position} of the data file at {@code path}; {@code row} fills the row column.
   */
  void delete(String path, long position, Record row) {
    Record delete = GenericRecord.create(fileSchema);
    delete.set(0, path);
    delete.set(1, position);
    delete.set(2, row);
    referencedDataFiles.add(path);
    appender.add(delete);
  }

  @Override
  public void close() throws IOException {
    if (deleteFile == null) {
      appender.close();
      Metrics metrics =
          referencedDataFiles.size() > 1
              ? MetricsUtil.copyWithoutFieldCountsAndBounds(
                  appender.metrics(), FILE_AND_POS_FIELD_IDS)
              : MetricsUtil.copyWithoutFieldCounts(appender.metrics(), FILE_AND_POS_FIELD_IDS);
      deleteFile =
          FileMetadata.deleteFileBuilder(spec)
              .ofPositionDeletes()
              .withFormat(format)
              .withPath(location)
              .withSplitOffsets(appender.splitOffsets())
              .withFileSizeInBytes(appender.length())
              .withMetrics(metrics)
              .build();
    }
  }

  DeleteFile toDeleteFile() {
    if (deleteFile == null) {
      throw new IllegalStateException("Cannot describe " + location + " before it is closed");
    }
    return deleteFile;
  }
}
