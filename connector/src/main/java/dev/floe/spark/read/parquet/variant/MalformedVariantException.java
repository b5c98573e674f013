package dev.floe.spark.read.parquet.variant;

/**
 * A variant value or metadata that breaks Parquet's variant encoding or shredding rules. The reader
 * that meets it rethrows it naming the file and the column.
 */
public final class MalformedVariantException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public MalformedVariantException(String message) {
    super(message);
  }
}
