package dev.floe.spark.read;

import dev.floe.CorruptTableException;
import dev.floe.InvalidRequestException;
import dev.floe.io.CloseableIterator;
import dev.floe.io.FileIO;
import dev.floe.manifest.FileFormat;
import dev.floe.scan.task.FileReadRequest;
import dev.floe.spark.read.avro.AvroColumnarReader;
import dev.floe.spark.read.parquet.ParquetColumnarReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** Opens the columnar reader of a data file's format. */
public final class FileReaders {
  private FileReaders() {}

  /**
   * Opens one split of a data file: Parquet and Avro files read into the same batches (see {@link
   * ParquetColumnarReader} and {@link AvroColumnarReader}).
   *
   * @throws InvalidRequestException for ORC data files, which Floe does not read, and Puffin files
   */
  public static CloseableIterator<ColumnarBatch> open(FileIO io, FileReadRequest request) {
    return open(io, request, -1);
  }

  /**
   * Opens one split of a data file whose manifest entry gives its {@code recordCount}: a Parquet
   * file whose footer holds another number of rows is corrupt, since counts answered from the
   * manifests would then disagree with the rows read. (An Avro file records no total to check
   * before it is read.)
   *
   * @param recordCount the rows the manifest entry gives, or -1 when there is none to check
   * @throws CorruptTableException when the Parquet footer's rows differ from {@code recordCount}
   */
  public static CloseableIterator<ColumnarBatch> open(
      FileIO io, FileReadRequest request, long recordCount) {
    if (request.format() == FileFormat.PARQUET && recordCount >= 0) {
      ParquetColumnarReader reader = ParquetColumnarReader.open(io, request);
      if (reader.fileRowCount() != recordCount) {
        reader.close();
        throw new CorruptTableException(
            "Cannot read data file "
                + request.location()
                + ": its manifest entry gives "
                + recordCount
                + " rows, its Parquet footer "
                + reader.fileRowCount());
      }
      return reader;
    }
    return switch (request.format()) {
      case PARQUET -> ParquetColumnarReader.open(io, request);
      case AVRO -> AvroColumnarReader.open(io, request);
      case ORC ->
          throw new InvalidRequestException(
              "ORC data files are not supported: " + request.location());
      case PUFFIN ->
          throw new InvalidRequestException(
              "Puffin files hold no table rows; cannot read " + request.location());
    };
  }
}
