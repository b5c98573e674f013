package dev.floe.it.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.avro.Avro;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.encryption.EncryptedOutputFile;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.parquet.Parquet;

/**
 * One equality delete file written with Apache Iceberg's Java API (Spark SQL never writes them):
 * rows of the given columns, in a file of the given format, scoped to a partition of the given spec
 * (values in the spec's field order; none for an unpartitioned spec).
 *
 * @param rows each row holds one Iceberg value per column: Integer, Long, String, LocalDate,
 *     BigDecimal, or null
 */
record EqualityDeletes(
    List<String> columns,
    List<List<Object>> rows,
    FileFormat format,
    int specId,
    List<Object> partition) {
  EqualityDeletes {
    columns = List.copyOf(columns);
    // Values may be null (null equals null in an equality delete), which List.copyOf rejects.
    rows = rows.stream().map(EqualityDeletes::copyWithNulls).toList();
    Objects.requireNonNull(format, "format");
    partition = copyWithNulls(partition);
  }

  private static List<Object> copyWithNulls(List<Object> values) {
    return Collections.unmodifiableList(new ArrayList<>(values));
  }

  /** Deletes in an unpartitioned table's only spec, as a Parquet file. */
  static EqualityDeletes on(List<String> columns, List<List<Object>> rows) {
    return new EqualityDeletes(columns, rows, FileFormat.PARQUET, 0, List.of());
  }

  static List<Object> row(Object... values) {
    return Arrays.asList(values);
  }

  EqualityDeletes inFormat(FileFormat fileFormat) {
    return new EqualityDeletes(columns, rows, fileFormat, specId, partition);
  }

  EqualityDeletes inPartition(int partitionSpecId, Object... values) {
    return new EqualityDeletes(columns, rows, format, partitionSpecId, Arrays.asList(values));
  }

  /** Commits the delete file alone. */
  void commit(Table table) {
    table.refresh();
    table.newRowDelta().addDeletes(write(table)).commit();
  }

  /**
   * Commits the delete file together with a data file of {@code dataRows} (full table rows, in
   * schema order) in one snapshot: the deletes share the data's sequence number, so they must not
   * delete its rows.
   */
  void commitWithData(Table table, List<List<Object>> dataRows) {
    table.refresh();
    RowDelta delta = table.newRowDelta().addDeletes(write(table));
    delta.addRows(writeData(table, dataRows));
    delta.commit();
  }

  private DeleteFile write(Table table) {
    PartitionSpec spec = table.specs().get(specId);
    Schema deleteSchema = table.schema().select(columns);
    int[] fieldIds =
        columns.stream().mapToInt(column -> table.schema().findField(column).fieldId()).toArray();
    StructLike partitionData = partitionData(spec);
    EqualityDeleteWriter<Record> writer =
        equalityWriter(
            outputFile(table, spec, partitionData, "eq-deletes"),
            spec,
            partitionData,
            deleteSchema,
            fieldIds);
    try (writer) {
      for (List<Object> values : rows) {
        GenericRecord record = GenericRecord.create(deleteSchema);
        for (int index = 0; index < columns.size(); index++) {
          record.setField(columns.get(index), values.get(index));
        }
        writer.write(record);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write equality deletes for " + table.name(), e);
    }
    return writer.toDeleteFile();
  }

  /**
   * The writer Iceberg's generic appender factory made without a table (Iceberg 1.12 removed the
   * factory): the default metrics config, no table properties.
   */
  private EqualityDeleteWriter<Record> equalityWriter(
      EncryptedOutputFile output,
      PartitionSpec spec,
      StructLike partitionData,
      Schema deleteSchema,
      int[] fieldIds) {
    try {
      return switch (format) {
        case PARQUET ->
            Parquet.writeDeletes(output)
                .createWriterFunc(GenericParquetWriter::create)
                .withPartition(partitionData)
                .overwrite()
                .metricsConfig(MetricsConfig.getDefault())
                .rowSchema(deleteSchema)
                .withSpec(spec)
                .withKeyMetadata(output.keyMetadata())
                .equalityFieldIds(fieldIds)
                .buildEqualityWriter();
        case AVRO ->
            Avro.writeDeletes(output)
                .createWriterFunc(org.apache.iceberg.data.avro.DataWriter::create)
                .withPartition(partitionData)
                .overwrite()
                .rowSchema(deleteSchema)
                .withSpec(spec)
                .withKeyMetadata(output.keyMetadata())
                .equalityFieldIds(fieldIds)
                .buildEqualityWriter();
        case ORC, PUFFIN, METADATA ->
            throw new IllegalArgumentException("Cannot write equality deletes as " + format);
      };
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create " + output.encryptingOutputFile().location(), e);
    }
  }

  private DataFile writeData(Table table, List<List<Object>> dataRows) {
    PartitionSpec spec = table.specs().get(specId);
    StructLike partitionData = partitionData(spec);
    DataWriter<Record> writer =
        dataWriter(
            outputFile(table, spec, partitionData, "data"), table.schema(), spec, partitionData);
    try (writer) {
      for (List<Object> values : dataRows) {
        GenericRecord record = GenericRecord.create(table.schema());
        for (int index = 0; index < values.size(); index++) {
          record.set(index, values.get(index));
        }
        writer.write(record);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write a data file for " + table.name(), e);
    }
    return writer.toDataFile();
  }

  /** As {@link #equalityWriter}: the default metrics config, no table properties. */
  private DataWriter<Record> dataWriter(
      EncryptedOutputFile output, Schema schema, PartitionSpec spec, StructLike partitionData) {
    try {
      return switch (format) {
        case PARQUET ->
            Parquet.writeData(output)
                .schema(schema)
                .createWriterFunc(GenericParquetWriter::create)
                .metricsConfig(MetricsConfig.getDefault())
                .withSpec(spec)
                .withPartition(partitionData)
                .withKeyMetadata(output.keyMetadata())
                .overwrite()
                .build();
        case AVRO ->
            Avro.writeData(output)
                .schema(schema)
                .createWriterFunc(org.apache.iceberg.data.avro.DataWriter::create)
                .metricsConfig(MetricsConfig.getDefault())
                .withSpec(spec)
                .withPartition(partitionData)
                .withKeyMetadata(output.keyMetadata())
                .overwrite()
                .build();
        case ORC, PUFFIN, METADATA ->
            throw new IllegalArgumentException("Cannot write a data file as " + format);
      };
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create " + output.encryptingOutputFile().location(), e);
    }
  }

  private StructLike partitionData(PartitionSpec spec) {
    if (spec.isUnpartitioned()) {
      return null;
    }
    GenericRecord data = GenericRecord.create(spec.partitionType());
    for (int index = 0; index < partition.size(); index++) {
      data.set(index, partition.get(index));
    }
    return data;
  }

  private EncryptedOutputFile outputFile(
      Table table, PartitionSpec spec, StructLike partitionData, String prefix) {
    String fileName = format.addExtension(prefix + "-" + UUID.randomUUID());
    String location =
        spec.isUnpartitioned()
            ? table.locationProvider().newDataLocation(fileName)
            : table.locationProvider().newDataLocation(spec, partitionData, fileName);
    OutputFile file = table.io().newOutputFile(location);
    return EncryptedFiles.plainAsEncryptedOutput(file);
  }
}
