package dev.floe.spark.read.avro;

import dev.floe.CorruptTableException;
import dev.floe.FileReadException;
import dev.floe.FloeException;
import dev.floe.io.CloseableIterator;
import dev.floe.io.FileIO;
import dev.floe.scan.task.FileReadRequest;
import dev.floe.spark.convert.SparkSchemas;
import dev.floe.spark.read.avro.AvroColumnResolver.Column;
import dev.floe.spark.read.avro.AvroColumnResolver.ConstantColumn;
import dev.floe.spark.read.avro.AvroColumnResolver.FileColumn;
import dev.floe.spark.read.avro.AvroColumnResolver.PositionColumn;
import dev.floe.spark.read.parquet.ConstantWriter;
import dev.floe.spark.read.parquet.ParquetColumnarReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.avro.InvalidAvroMagicException;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads one split of an Iceberg Avro data file into Spark {@link ColumnarBatch}es of at most {@link
 * FileReadRequest#batchSize()} rows, with the Spark schema {@link SparkSchemas#toSpark} gives for
 * the request's projection: the same batches as {@link ParquetColumnarReader}, from Apache Avro's
 * generic records.
 *
 * <p>Avro files split at sync markers: the split holds the blocks whose preceding sync marker
 * starts in {@code [start, start + length)}, so splits that cover a file read every block once.
 * {@code _pos} counts the rows of the whole file: a split that does not start at the first block
 * first skips the earlier blocks, counting their rows without decoding them. Only the projected
 * top-level fields are decoded; Avro skips the others.
 *
 * <p><b>The batch and its vectors are reused:</b> each {@link #next()} overwrites the batch the
 * previous call returned.
 */
public final class AvroColumnarReader implements CloseableIterator<ColumnarBatch> {
  private final FileReadRequest request;
  private final AvroSeekableInput input;
  private final DataFileReader<GenericRecord> file;
  private final long end;
  private final List<Column> columns;
  private final WritableColumnVector[] vectors;
  private final AvroValueWriter[] writers;
  private final int[] positions;
  private final ColumnarBatch batch;

  private GenericRecord record;
  private long nextPosition;
  private Boolean more;
  private boolean closed;

  private AvroColumnarReader(
      FileReadRequest request,
      AvroSeekableInput input,
      DataFileReader<GenericRecord> file,
      GenericDatumReader<GenericRecord> datumReader)
      throws IOException {
    this.request = request;
    this.input = input;
    this.file = file;
    this.end = request.start() + request.length();
    Schema fileSchema = file.getSchema();
    AvroColumnResolver resolver =
        new AvroColumnResolver(
            fileSchema, request.constants(), request.nameMapping(), request.location());
    this.columns = resolver.columns(request.projection(), fileSchema, request.nameMapping());
    StructType sparkSchema = SparkSchemas.toSpark(request.projection());
    this.vectors = new WritableColumnVector[columns.size()];
    this.writers = new AvroValueWriter[columns.size()];
    this.positions = new int[columns.size()];
    List<Schema.Field> decoded = new ArrayList<>();
    ColumnVector[] batchColumns = new ColumnVector[columns.size()];
    for (int index = 0; index < columns.size(); index++) {
      DataType sparkType = sparkSchema.fields()[index].dataType();
      batchColumns[index] = createVector(index, sparkType, resolver, decoded);
    }
    this.batch = new ColumnarBatch(batchColumns);
    Schema expected = projected(fileSchema, decoded);
    for (int index = 0; index < columns.size(); index++) {
      if (writers[index] != null) {
        // records hold the read fields in file order, which the projection need not follow
        positions[index] = expected.getField(decoded.get(positions[index]).name()).pos();
      }
    }
    datumReader.setExpected(expected);
    file.sync(request.start());
    if (request.start() > 0 && columns.stream().anyMatch(PositionColumn.class::isInstance)) {
      nextPosition = rowsBefore(file.previousSync());
    }
  }

  /**
   * Opens a split of an Avro data file; reads its header now.
   *
   * @throws FileReadException when the file cannot be read
   * @throws CorruptTableException when it is not a valid Avro file, or its fields do not convert to
   *     the table's types
   */
  public static AvroColumnarReader open(FileIO io, FileReadRequest request) {
    AvroSeekableInput input =
        new AvroSeekableInput(
            io.newInputFile(request.location(), request.fileSizeInBytes()),
            request.fileSizeInBytes());
    GenericDatumReader<GenericRecord> datumReader = new GenericDatumReader<>();
    DataFileReader<GenericRecord> file;
    try {
      file = new DataFileReader<>(input, datumReader);
    } catch (IOException | RuntimeException failure) {
      throw failure(request.location(), "its header", failure);
    }
    try {
      return new AvroColumnarReader(request, input, file, datumReader);
    } catch (IOException | RuntimeException failure) {
      RuntimeException translated = failure(request.location(), "its first split block", failure);
      try {
        file.close();
      } catch (IOException | RuntimeException closeFailure) {
        translated.addSuppressed(closeFailure);
      }
      throw translated;
    }
  }

  private ColumnVector createVector(
      int index, DataType sparkType, AvroColumnResolver resolver, List<Schema.Field> decoded) {
    if (sparkType instanceof NullType) {
      // Spark's writable vectors cannot hold NullType; a column of unknown type is always null
      ConstantColumnVector nulls = new ConstantColumnVector(request.batchSize(), sparkType);
      nulls.setNull();
      return nulls;
    }
    WritableColumnVector vector = new OnHeapColumnVector(request.batchSize(), sparkType);
    vectors[index] = vector;
    Column column = columns.get(index);
    if (column instanceof ConstantColumn constant) {
      ConstantWriter.fill(
          vector,
          constant.field().type(),
          constant.value(),
          request.batchSize(),
          request.location());
      vector.setIsConstant();
    } else if (column instanceof FileColumn read) {
      positions[index] = decoded.size();
      decoded.add(file.getSchema().getFields().get(read.position()));
      writers[index] = resolver.writer(read.field(), read.fileSchema(), vector, read.mapping());
    }
    return vector;
  }

  /**
   * The file's record schema with only the fields read, in file order, so that Avro skips the
   * others instead of decoding them.
   */
  private static Schema projected(Schema fileSchema, List<Schema.Field> decoded) {
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field field : fileSchema.getFields()) {
      if (decoded.contains(field)) {
        fields.add(new Schema.Field(field, field.schema()));
      }
    }
    return Schema.createRecord(
        fileSchema.getName(), fileSchema.getDoc(), fileSchema.getNamespace(), false, fields);
  }

  /**
   * The rows of the blocks before the one starting at {@code firstBlock}: their counts are read
   * from the block headers, the blocks themselves are skipped undecoded.
   */
  private long rowsBefore(long firstBlock) throws IOException {
    file.sync(0);
    long rows = 0;
    while (file.previousSync() < firstBlock && file.hasNext()) {
      rows += file.getBlockCount();
      file.nextBlock();
    }
    if (file.previousSync() != firstBlock) {
      throw new CorruptTableException(
          "Cannot read Avro data file "
              + request.location()
              + ": counting rows before the split at byte "
              + request.start()
              + " stopped at byte "
              + file.previousSync()
              + " instead of the block at byte "
              + firstBlock);
    }
    return rows;
  }

  @Override
  public boolean hasNext() {
    if (closed) {
      return false;
    }
    if (more == null) {
      more = hasNextRecord();
    }
    return more;
  }

  private boolean hasNextRecord() {
    try {
      if (file.hasNext()) {
        return !file.pastSync(end);
      }
    } catch (IOException | RuntimeException failure) {
      throw failure(request.location(), "the block at byte " + file.previousSync(), failure);
    }
    checkComplete();
    return false;
  }

  /**
   * Avro takes an end of file inside a block for the end of the data; a file whose last complete
   * block does not end where the file ends lost rows.
   */
  private void checkComplete() {
    long lastBlockEnd = file.previousSync();
    if (lastBlockEnd != input.length()) {
      throw new CorruptTableException(
          "Cannot read Avro data file "
              + request.location()
              + ": truncated: its last complete block ends at byte "
              + lastBlockEnd
              + " of "
              + input.length()
              + "; the file was cut short or not written completely");
    }
  }

  @Override
  public ColumnarBatch next() {
    if (!hasNext()) {
      throw new NoSuchElementException("No more batches in " + request.location());
    }
    for (int index = 0; index < columns.size(); index++) {
      if (writers[index] != null) {
        vectors[index].reset();
        writers[index].startBatch();
      }
    }
    int rows = 0;
    while (rows < request.batchSize() && hasNext()) {
      readRow(rows++);
      more = null;
    }
    for (int index = 0; index < columns.size(); index++) {
      if (columns.get(index) instanceof PositionColumn) {
        WritableColumnVector vector = vectors[index];
        for (int row = 0; row < rows; row++) {
          vector.putLong(row, nextPosition + row);
        }
      }
    }
    nextPosition += rows;
    batch.setNumRows(rows);
    return batch;
  }

  private void readRow(int row) {
    long block = file.previousSync();
    try {
      record = file.next(record);
    } catch (IOException | RuntimeException failure) {
      throw failure(request.location(), "the block at byte " + block, failure);
    }
    try {
      for (int index = 0; index < columns.size(); index++) {
        if (writers[index] != null) {
          writers[index].write(record.get(positions[index]), row);
        }
      }
    } catch (ClassCastException | IllegalStateException | ArithmeticException failure) {
      throw new CorruptTableException(
          "Cannot read Avro data file "
              + request.location()
              + ": a value in the block at byte "
              + block
              + " does not fit its column: "
              + failure.getMessage(),
          failure);
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      file.close();
    } catch (IOException failure) {
      throw new FileReadException(
          "Cannot close " + request.location() + ": " + failure.getMessage(), failure);
    } finally {
      batch.close();
    }
  }

  /**
   * A failure of Avro turned into Floe's: storage failures stay read failures, the rest corrupt.
   */
  private static RuntimeException failure(String location, String where, Exception failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof FloeException floeException) {
        return floeException;
      }
    }
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof InvalidAvroMagicException) {
        return new CorruptTableException(
            "Cannot read Avro data file "
                + location
                + ": not an Avro file: it does not start with the Avro magic bytes",
            failure);
      }
    }
    return new CorruptTableException(
        "Cannot read Avro data file "
            + location
            + ": "
            + where
            + " is damaged: "
            + innermostMessage(failure),
        failure);
  }

  private static String innermostMessage(Throwable failure) {
    String message = failure.getClass().getSimpleName();
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause.getMessage() != null) {
        message = cause.getMessage();
      }
    }
    return message;
  }
}
