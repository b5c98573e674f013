package dev.floe.spark.read.parquet;

import dev.floe.expr.Expression;
import dev.floe.io.CloseableIterator;
import dev.floe.io.LocalFileIO;
import dev.floe.manifest.FileFormat;
import dev.floe.scan.task.FileReadRequest;
import dev.floe.spark.read.BatchRows;
import dev.floe.table.NameMapping;
import dev.floe.table.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** Writes Parquet test files with parquet-java and reads them back with Floe's reader. */
public final class ParquetFiles {
  private ParquetFiles() {}

  /** Writes the groups to {@code file} with the writer configured by {@code configure}. */
  public static Path write(
      Path file,
      MessageType schema,
      List<Group> rows,
      UnaryOperator<ExampleParquetWriter.Builder> configure)
      throws IOException {
    ExampleParquetWriter.Builder builder =
        ExampleParquetWriter.builder(new LocalParquetOutput(file)).withType(schema);
    try (ParquetWriter<Group> writer = configure.apply(builder).build()) {
      for (Group row : rows) {
        writer.write(row);
      }
    }
    return file;
  }

  static FileReadRequest request(Path file, Schema projection) {
    return request(file, projection, Map.of(), null, 0, Long.MAX_VALUE, 4096);
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
          FileFormat.PARQUET,
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

  /** Every row of every batch, as Java values (see {@link BatchRows}). */
  public static List<List<Object>> readRows(FileReadRequest request) {
    List<List<Object>> rows = new ArrayList<>();
    StructType sparkSchema = dev.floe.spark.convert.SparkSchemas.toSpark(request.projection());
    try (CloseableIterator<ColumnarBatch> batches =
        ParquetColumnarReader.open(new LocalFileIO(), request)) {
      while (batches.hasNext()) {
        ColumnarBatch batch = batches.next();
        if (batch.numRows() > request.batchSize()) {
          throw new AssertionError("batch of " + batch.numRows() + " rows");
        }
        rows.addAll(BatchRows.rows(batch, sparkSchema));
      }
    }
    return rows;
  }

  /** Batch sizes, in order. */
  static List<Integer> batchSizes(FileReadRequest request) {
    List<Integer> sizes = new ArrayList<>();
    try (CloseableIterator<ColumnarBatch> batches =
        ParquetColumnarReader.open(new LocalFileIO(), request)) {
      while (batches.hasNext()) {
        sizes.add(batches.next().numRows());
      }
    }
    return sizes;
  }
}
