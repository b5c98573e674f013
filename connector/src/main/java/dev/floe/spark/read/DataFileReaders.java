package dev.floe.spark.read;

import dev.floe.InvalidRequestException;
import dev.floe.io.CloseableIterator;
import dev.floe.io.FileIO;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** Opens the columnar reader of a data file's format. */
public final class DataFileReaders {
  private DataFileReaders() {}

  /**
   * Opens one split of a data file: Parquet and Avro files read into the same batches (see {@link
   * ParquetColumnarReader} and {@link AvroColumnarReader}).
   *
   * @throws InvalidRequestException for ORC data files, which Floe does not read, and Puffin files
   */
  public static CloseableIterator<ColumnarBatch> open(FileIO io, FileReadRequest request) {
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
