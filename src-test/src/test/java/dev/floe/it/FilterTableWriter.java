package dev.floe.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.encryption.EncryptedOutputFile;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.parquet.Parquet;

/**
 * Writes real Parquet files into a scenario table with Iceberg's generic writers, so every data
 * file carries the metrics Iceberg's writer records under the table's metrics settings, and so the
 * rows of a planned file can be read back to check a pruning decision.
 */
final class FilterTableWriter {
  /**
   * Full metrics for {@code file_path} and {@code pos}, what Iceberg 1.10's {@code
   * MetricsConfig.forPositionDelete(table)} chose for a delete file without a row column (1.12
   * removed that method; its {@code forPositionDelete()} is not in 1.10). The writers below are
   * those Iceberg's generic appender factory made for a table with no extra configuration (1.12
   * removed the factory): the table's metrics config, none of its other properties.
   */
  private static final MetricsConfig POSITION_DELETE_METRICS =
      MetricsConfig.fromProperties(
          Map.of(
              "write.metadata.metrics.column." + MetadataColumns.DELETE_FILE_PATH.name(),
              "full",
              "write.metadata.metrics.column." + MetadataColumns.DELETE_FILE_POS.name(),
              "full"));

  private final FixtureTable fixture;
  private int filesWritten;

  FilterTableWriter(FixtureTable fixture) {
    this.fixture = fixture;
  }

  FixtureTable fixture() {
    return fixture;
  }

  Table table() {
    return fixture.table();
  }

  /**
   * Splits the rows by their partition in the table's current spec, writes one Parquet file per
   * partition, and appends them all in one commit.
   */
  List<DataFile> append(List<Record> rows) {
    Table table = table();
    Schema schema = table.schema();
    PartitionSpec spec = table.spec();
    PartitionKey key = new PartitionKey(spec, schema);
    Map<PartitionKey, List<Record>> byPartition = new LinkedHashMap<>();
    for (Record row : rows) {
      key.partition(new InternalRow(schema.asStruct(), row));
      byPartition.computeIfAbsent(key.copy(), partition -> new ArrayList<>()).add(row);
    }
    List<DataFile> files = new ArrayList<>();
    AppendFiles append = table.newAppend();
    byPartition.forEach(
        (partition, partitionRows) -> {
          DataFile file = writeData(schema, spec, partition, partitionRows);
          files.add(file);
          append.appendFile(file);
        });
    fixture.commit(append);
    return files;
  }

  /**
   * Writes an equality delete file on {@code deleteSchema}'s columns, scoped to {@code partition}
   * of the current spec (null when the spec is unpartitioned).
   */
  DeleteFile equalityDeletes(Schema deleteSchema, StructLike partition, List<Record> deletes) {
    Table table = table();
    int[] equalityIds =
        deleteSchema.columns().stream().mapToInt(column -> column.fieldId()).toArray();
    EncryptedOutputFile output = newOutput(table.spec(), partition, "eq-deletes");
    EqualityDeleteWriter<Record> writer;
    try {
      writer =
          Parquet.writeDeletes(output)
              .createWriterFunc(GenericParquetWriter::create)
              .withPartition(partition)
              .overwrite()
              .metricsConfig(MetricsConfig.forTable(table))
              .rowSchema(deleteSchema)
              .withSpec(table.spec())
              .withKeyMetadata(output.keyMetadata())
              .equalityFieldIds(equalityIds)
              .buildEqualityWriter();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create " + output.encryptingOutputFile().location(), e);
    }
    try (writer) {
      deletes.forEach(writer::write);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + output.encryptingOutputFile().location(), e);
    }
    return writer.toDeleteFile();
  }

  /** Writes a position delete file deleting these row positions of {@code dataFile}. */
  DeleteFile positionDeletes(DataFile dataFile, StructLike partition, long... positions) {
    Table table = table();
    PartitionSpec spec = table.specs().get(dataFile.specId());
    EncryptedOutputFile output = newOutput(spec, partition, "pos-deletes");
    PositionDeleteWriter<Record> writer;
    try {
      writer =
          Parquet.writeDeletes(output)
              .createWriterFunc(GenericParquetWriter::create)
              .withPartition(partition)
              .overwrite()
              .metricsConfig(POSITION_DELETE_METRICS)
              .withSpec(spec)
              .withKeyMetadata(output.keyMetadata())
              .buildPositionWriter();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create " + output.encryptingOutputFile().location(), e);
    }
    try (writer) {
      for (long position : positions) {
        PositionDelete<Record> delete = PositionDelete.create();
        writer.write(delete.set(dataFile.location(), position));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + output.encryptingOutputFile().location(), e);
    }
    return writer.toDeleteFile();
  }

  /** Commits delete files in one row delta. */
  void commitDeletes(DeleteFile... deletes) {
    RowDelta delta = table().newRowDelta();
    for (DeleteFile delete : deletes) {
      delta.addDeletes(delete);
    }
    fixture.commit(delta);
  }

  private DataFile writeData(
      Schema schema, PartitionSpec spec, StructLike partition, List<Record> rows) {
    EncryptedOutputFile output = newOutput(spec, partition, "data");
    DataWriter<Record> writer;
    try {
      writer =
          Parquet.writeData(output)
              .schema(schema)
              .createWriterFunc(GenericParquetWriter::create)
              .metricsConfig(MetricsConfig.forTable(table()))
              .withSpec(spec)
              .withPartition(partition)
              .withKeyMetadata(output.keyMetadata())
              .overwrite()
              .build();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create " + output.encryptingOutputFile().location(), e);
    }
    try (writer) {
      rows.forEach(writer::write);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write " + output.encryptingOutputFile().location(), e);
    }
    return writer.toDataFile();
  }

  private EncryptedOutputFile newOutput(PartitionSpec spec, StructLike partition, String kind) {
    filesWritten++;
    String directory =
        fixture.location()
            + "/data/"
            + (spec.isUnpartitioned() ? "" : spec.partitionToPath(partition) + "/");
    String name = String.format("%s-%03d-spec%d.parquet", kind, filesWritten, spec.specId());
    // through the table's FileIO: Parquet then copies its loaded Hadoop configuration instead of
    // parsing a new one for every file
    return EncryptedFiles.plainAsEncryptedOutput(table().io().newOutputFile(directory + name));
  }
}
