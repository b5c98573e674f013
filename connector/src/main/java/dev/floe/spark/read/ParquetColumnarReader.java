package dev.floe.spark.read;

import dev.floe.io.CloseableIterator;
import dev.floe.io.FileIO;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** Placeholder for the columnar Parquet reader, written on another branch; the lead merges it. */
public final class ParquetColumnarReader {
  private ParquetColumnarReader() {}

  public static CloseableIterator<ColumnarBatch> open(FileIO io, FileReadRequest request) {
    throw new UnsupportedOperationException(
        "The columnar reader is not merged into this branch yet: cannot read "
            + request.location());
  }
}
