package dev.floe.spark.read.avro;

import dev.floe.expr.Expression;
import dev.floe.io.CloseableIterator;
import dev.floe.io.LocalFileIO;
import dev.floe.manifest.FileFormat;
import dev.floe.scan.task.FileReadRequest;
import dev.floe.spark.read.BatchRows;
import dev.floe.spark.read.FileReaders;
import dev.floe.table.NameMapping;
import dev.floe.table.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** Writes Avro data files as Iceberg does (field ids as schema properties) and reads them back. */
final class AvroFiles {
  private AvroFiles() {}

  static org.apache.avro.Schema schema(String json) {
    return new org.apache.avro.Schema.Parser().parse(json);
  }

  static Path write(
      Path file, org.apache.avro.Schema schema, List<GenericRecord> records, int syncInterval)
      throws IOException {
    try (DataFileWriter<GenericRecord> writer =
        new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(schema))) {
      writer.setSyncInterval(syncInterval);
      writer.create(schema, file.toFile());
      for (GenericRecord record : records) {
        writer.append(record);
      }
    }
    return file;
  }

  static FileReadRequest request(
      Path file,
      Schema projection,
      Map<Integer, Object> constants,
      NameMapping mapping,
      long start,
      long length,
      int batchSize) {
    try {
      return new FileReadRequest(
          file.toString(),
          FileFormat.AVRO,
          start,
          length,
          Files.size(file),
          projection,
          constants,
          mapping,
          Expression.alwaysTrue(),
          batchSize);
    } catch (IOException failure) {
      throw new AssertionError(failure);
    }
  }

  static FileReadRequest request(Path file, Schema projection, int batchSize) {
    try {
      return request(file, projection, Map.of(), null, 0, Files.size(file), batchSize);
    } catch (IOException failure) {
      throw new AssertionError(failure);
    }
  }

  /**
   * Every row of every batch, as Java values (see {@link BatchRows}), read through the dispatcher.
   */
  static List<List<Object>> readRows(FileReadRequest request) {
    List<List<Object>> rows = new ArrayList<>();
    StructType sparkSchema = dev.floe.spark.convert.SparkSchemas.toSpark(request.projection());
    try (CloseableIterator<ColumnarBatch> batches = FileReaders.open(new LocalFileIO(), request)) {
      while (batches.hasNext()) {
        ColumnarBatch batch = batches.next();
        if (batch.numRows() > request.batchSize() || batch.numRows() == 0) {
          throw new AssertionError("batch of " + batch.numRows() + " rows");
        }
        rows.addAll(BatchRows.rows(batch, sparkSchema));
      }
    }
    return rows;
  }
}
