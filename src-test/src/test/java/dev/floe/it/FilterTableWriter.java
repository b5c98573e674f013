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
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericAppenderFactory;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.encryption.EncryptedOutputFile;
import org.apache.iceberg.io.DataWriter;

/**
 * Writes real Parquet files into a scenario table with Iceberg's generic writers, so every data
 * file carries the metrics Iceberg's writer records under the table's metrics settings, and so the
 * rows of a planned file can be read back to check a pruning decision.
 */
final class FilterTableWriter {
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
    GenericAppenderFactory factory =
        new GenericAppenderFactory(table, schema, spec, Map.of(), null, null, null);
    List<DataFile> files = new ArrayList<>();
    AppendFiles append = table.newAppend();
    byPartition.forEach(
        (partition, partitionRows) -> {
          DataFile file = writeData(factory, spec, partition, partitionRows);
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
    GenericAppenderFactory factory =
        new GenericAppenderFactory(
            table, table.schema(), table.spec(), Map.of(), equalityIds, deleteSchema, null);
    EncryptedOutputFile output = newOutput(table.spec(), partition, "eq-deletes");
    EqualityDeleteWriter<Record> writer =
        factory.newEqDeleteWriter(output, FileFormat.PARQUET, partition);
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
    GenericAppenderFactory factory =
        new GenericAppenderFactory(table, table.schema(), spec, Map.of(), null, null, null);
    EncryptedOutputFile output = newOutput(spec, partition, "pos-deletes");
    PositionDeleteWriter<Record> writer =
        factory.newPosDeleteWriter(output, FileFormat.PARQUET, partition);
    try (writer) {
      for (long position : positions) {
        PositionDelete<Record> delete = PositionDelete.create();
        writer.write(delete.set(dataFile.location(), position, null));
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
      GenericAppenderFactory factory, PartitionSpec spec, StructLike partition, List<Record> rows) {
    EncryptedOutputFile output = newOutput(spec, partition, "data");
    DataWriter<Record> writer = factory.newDataWriter(output, FileFormat.PARQUET, partition);
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
