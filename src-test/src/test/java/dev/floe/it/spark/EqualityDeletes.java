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
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericAppenderFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.encryption.EncryptedOutputFile;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFile;

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
    GenericAppenderFactory factory =
        new GenericAppenderFactory(table.schema(), spec, fieldIds, deleteSchema, null);
    StructLike partitionData = partitionData(spec);
    EqualityDeleteWriter<Record> writer =
        factory.newEqDeleteWriter(
            outputFile(table, spec, partitionData, "eq-deletes"), format, partitionData);
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

  private DataFile writeData(Table table, List<List<Object>> dataRows) {
    PartitionSpec spec = table.specs().get(specId);
    GenericAppenderFactory factory = new GenericAppenderFactory(table.schema(), spec);
    StructLike partitionData = partitionData(spec);
    DataWriter<Record> writer =
        factory.newDataWriter(
            outputFile(table, spec, partitionData, "data"), format, partitionData);
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
