package dev.floe.scan.task;

import dev.floe.expr.Expression;
import dev.floe.manifest.FileFormat;
import dev.floe.table.NameMapping;
import dev.floe.table.Schema;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Everything an executor needs to read one split of one data file into columnar batches, decided by
 * the driver when it planned the scan.
 *
 * @param location the data file, as its manifest records it
 * @param start first byte of the split; the reader reads the row groups whose first byte lies in
 *     {@code [start, start + length)}
 * @param projection the columns to produce, in order, with Iceberg field ids and types (nested
 *     fields pruned to those requested); an engine's batches have its own form of this schema
 * @param constants values (Floe's representation) of columns that are read as constants when the
 *     file lacks them: identity partition sources, and the metadata columns {@code _file}, {@code
 *     _spec_id}, {@code _partition}; keyed by field id
 * @param nameMapping how to find columns in a file written without field ids; null when the table
 *     has none
 * @param residual the filter left for this file, bound to the table schema the scan reads with; the
 *     reader may skip row groups it proves cannot match, never rows
 * @param batchSize the most rows in one batch
 * @param verifyChecksums whether Parquet pages whose header records a CRC-32 are checked against it
 *     before they are decoded (on unless the read turns it off)
 */
public record FileReadRequest(
    String location,
    FileFormat format,
    long start,
    long length,
    long fileSizeInBytes,
    Schema projection,
    Map<Integer, Object> constants,
    NameMapping nameMapping,
    Expression residual,
    int batchSize,
    boolean verifyChecksums) {

  /** The default number of rows in a batch. */
  public static final int DEFAULT_BATCH_SIZE = 4096;

  /** A read that verifies page checksums, as reads do unless told otherwise. */
  public FileReadRequest(
      String location,
      FileFormat format,
      long start,
      long length,
      long fileSizeInBytes,
      Schema projection,
      Map<Integer, Object> constants,
      NameMapping nameMapping,
      Expression residual,
      int batchSize) {
    this(
        location,
        format,
        start,
        length,
        fileSizeInBytes,
        projection,
        constants,
        nameMapping,
        residual,
        batchSize,
        true);
  }

  public FileReadRequest {
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(projection, "projection");
    Objects.requireNonNull(residual, "residual");
    // values may be null (a null partition value), so no Map.copyOf
    constants = Collections.unmodifiableMap(new HashMap<>(constants));
    if (start < 0 || length < 0 || batchSize < 1) {
      throw new IllegalArgumentException(
          "Invalid read of "
              + location
              + ": start "
              + start
              + ", length "
              + length
              + ", batch size "
              + batchSize);
    }
  }
}
