package dev.floe.it.spark;

import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileFormat;

/** The kinds of row-level delete file a fixture table can hold. */
enum DeleteKind {
  POSITION_PARQUET,
  POSITION_AVRO,
  DELETION_VECTOR,
  EQUALITY_PARQUET,
  EQUALITY_AVRO;

  static DeleteKind of(DeleteFile file) {
    FileContent content = file.content();
    FileFormat format = file.format();
    if (content == FileContent.POSITION_DELETES && format == FileFormat.PUFFIN) {
      return DELETION_VECTOR;
    }
    if (content == FileContent.POSITION_DELETES && format == FileFormat.PARQUET) {
      return POSITION_PARQUET;
    }
    if (content == FileContent.POSITION_DELETES && format == FileFormat.AVRO) {
      return POSITION_AVRO;
    }
    if (content == FileContent.EQUALITY_DELETES && format == FileFormat.PARQUET) {
      return EQUALITY_PARQUET;
    }
    if (content == FileContent.EQUALITY_DELETES && format == FileFormat.AVRO) {
      return EQUALITY_AVRO;
    }
    throw new IllegalStateException(
        "Unexpected delete file in a fixture: "
            + content
            + " in "
            + format
            + " at "
            + file.location());
  }
}
